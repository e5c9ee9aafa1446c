/**
 * Loads the chunks of the pages kept out of the entry (client/split-pages.ts), each at most once
 * (again after a failure), and holds the components loaded so far for App to render. Rendering
 * a split page needs its chunk here first: the entry waits for it before hydrating, the router
 * before rendering a client navigation.
 */
import { isSplitPage, type SplitPageKind, type SplitPages } from '../split-pages.ts';

type Loaders = { [K in SplitPageKind]: () => Promise<SplitPages[K] | undefined> };

// Literal import() calls, so that Vite makes each page a chunk of its own. A module can come
// back undefined: after a failed load, once `vite:preloadError` has been handled (diagrams.ts).
const LOADERS: Loaders = {
  analytics: () => import('../pages/AnalyticsPage.tsx').then((module) => module?.AnalyticsPage),
  setup: () => import('../pages/SetupPage.tsx').then((module) => module?.SetupPage),
  search: () => import('../pages/SearchPage.tsx').then((module) => module?.SearchPage),
};

const loaded: Partial<SplitPages> = {};
const loading = new Map<SplitPageKind, Promise<void>>();

/** The split pages whose chunk has loaded: what App can render. */
export const loadedSplitPages: Readonly<Partial<SplitPages>> = loaded;

/** Resolves once a page of this kind can be rendered: at once for pages in the entry chunk. */
export function loadPage(kind: string): Promise<void> {
  if (!isSplitPage(kind) || loaded[kind]) return Promise.resolve();
  let load = loading.get(kind);
  if (!load) {
    load = loadChunk(kind);
    load.catch(() => loading.delete(kind)); // a later navigation may try again
    loading.set(kind, load);
  }
  return load;
}

async function loadChunk<K extends SplitPageKind>(kind: K): Promise<void> {
  const page = await LOADERS[kind]();
  if (!page) throw new Error(`the ${kind} page's chunk did not load`);
  loaded[kind] = page;
}
