/**
 * The pages the browser bundle leaves out of its entry chunk. A visitor rarely lands on them
 * first, so an article page (70 KB gzip budget, React included) should not carry their code.
 * The browser loads each one's chunk before rendering it (client/browser/split-page-loader.ts);
 * the Worker renders them from static imports (client/Document.tsx) and names the chunk of the
 * page it serves in a modulepreload link (worker/client-assets.ts).
 *
 * To split out another page: add it here and render it in App.tsx through `splitPages`; the
 * compiler then asks for its loader and its static import, and the build's weight report and
 * the Worker both fail if Vite did not make it a chunk of its own.
 */
import type { PageData } from './page-data.ts';
import type { RouteName } from './routes.ts';
import type { AnalyticsPage } from './pages/AnalyticsPage.tsx';
import type { SearchPage } from './pages/SearchPage.tsx';
import type { SetupPage } from './pages/SetupPage.tsx';

/**
 * Page kind → its module, as the Vite manifest names it. Each kind is also the name of the route
 * that shows it, so a link can warm the chunk before its page data has answered.
 */
export const SPLIT_PAGE_MODULES = {
  analytics: 'client/pages/AnalyticsPage.tsx',
  setup: 'client/pages/SetupPage.tsx',
  search: 'client/pages/SearchPage.tsx',
} as const satisfies Partial<Record<PageData['kind'] & RouteName, string>>;

export type SplitPageKind = keyof typeof SPLIT_PAGE_MODULES;

/** The component of each split page, which App renders for that kind. */
export interface SplitPages {
  analytics: typeof AnalyticsPage;
  setup: typeof SetupPage;
  search: typeof SearchPage;
}

export const isSplitPage = (kind: string): kind is SplitPageKind => Object.hasOwn(SPLIT_PAGE_MODULES, kind);
