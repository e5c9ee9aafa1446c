/**
 * The route table: which route module answers which path, for the Worker (the browser knows pages by
 * route-patterns.ts). Adding a page: its pattern there, a module in routes/ and one line below. Pure.
 */
import type { PageKind } from '../contracts/page-payload.ts';
import type { LazyKind } from './lazy-routes.ts';
import type { Loader, PageComponent } from './route-module.ts';
import { matchPattern, ROUTE_PATTERNS } from './route-patterns.ts';
import * as article from './routes/article.tsx';
import * as guideIndex from './routes/guide-index.tsx';
import * as home from './routes/home.tsx';
import * as message from './routes/message.tsx';
import * as newsIndex from './routes/news-index.tsx';

export interface RouteModule {
  loader?: Loader;
  default: PageComponent<never>;
}

interface EagerRoute {
  name: string;
  pattern: string;
  /** The page kinds its component renders. */
  kinds: readonly PageKind[];
  module: RouteModule;
}

interface LazyRoute {
  name: LazyKind;
  pattern: string;
  lazy: () => Promise<RouteModule>;
}

export type Route = EagerRoute | LazyRoute;

// False in Vite's client build, so loaders are dropped from the browser bundle; true in the Worker's build
// (wrangler.toml [define]) and in tests.
const SSR = import.meta.env.SSR;

/**
 * Patterns have at most one `:param` segment and match exactly (the Worker redirects trailing slashes away).
 * A `lazy` route's module is a chunk of its own in the browser, loaded before its page renders; its name is its kind.
 */
export const ROUTES: readonly Route[] = [
  { name: 'home', pattern: ROUTE_PATTERNS.home, kinds: ['home'], module: { loader: SSR ? home.loader : undefined, default: home.default } },
  {
    name: 'newsIndex',
    pattern: ROUTE_PATTERNS.newsIndex,
    kinds: ['newsIndex'],
    module: { loader: SSR ? newsIndex.loader : undefined, default: newsIndex.default },
  },
  {
    name: 'newsArticle',
    pattern: ROUTE_PATTERNS.newsArticle,
    kinds: ['article'],
    module: { loader: SSR ? article.loader : undefined, default: article.default },
  },
  {
    name: 'guideIndex',
    pattern: ROUTE_PATTERNS.guideIndex,
    kinds: ['guideIndex'],
    module: { loader: SSR ? guideIndex.loader : undefined, default: guideIndex.default },
  },
  {
    name: 'guideArticle',
    pattern: ROUTE_PATTERNS.guideArticle,
    kinds: ['article'],
    module: { loader: SSR ? article.loader : undefined, default: article.default },
  },
  { name: 'setup', pattern: ROUTE_PATTERNS.setup, lazy: () => import('./routes/setup.tsx') },
  { name: 'analytics', pattern: ROUTE_PATTERNS.analytics, lazy: () => import('./routes/analytics.tsx') },
  { name: 'search', pattern: ROUTE_PATTERNS.search, lazy: () => import('./routes/search.tsx') },
];

/** Paths no route matches, and the not-found, unavailable and error pages any loader may answer. */
export const MESSAGE_ROUTE: EagerRoute = {
  name: 'message',
  pattern: '*',
  kinds: ['notFound', 'unavailable', 'error'],
  module: { loader: SSR ? message.loader : undefined, default: message.default },
};

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Matches a decoded pathname against the table; null when no route fits. */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { route, params };
  }
  return null;
}

const LAZY_ROUTES = ROUTES.filter((route): route is LazyRoute => 'lazy' in route);

const lazyRoute = (kind: string): LazyRoute | undefined => LAZY_ROUTES.find((route) => route.name === kind);

const loaded = new Map<string, RouteModule>();
const loading = new Map<string, Promise<RouteModule>>();

/** The module that renders a page kind, if it can render now: eager ones always, lazy ones once loaded. */
export function renderableModule(kind: PageKind): RouteModule | undefined {
  for (const route of [...ROUTES, MESSAGE_ROUTE]) if ('kinds' in route && route.kinds.includes(kind)) return route.module;
  return loaded.get(kind);
}

/**
 * Resolves once a page of this kind can be rendered: at once for eager kinds; for a lazy one when
 * its module has loaded (each at most once at a time, and again after a failure). A module can
 * come back undefined in the browser, after a failed chunk load (browser/diagrams.ts handles
 * `vite:preloadError`): that rejects, and the caller falls back to a full page load.
 */
export function loadRouteModule(kind: PageKind): Promise<RouteModule> {
  const ready = renderableModule(kind);
  if (ready) return Promise.resolve(ready);
  const route = lazyRoute(kind);
  if (!route) return Promise.reject(new Error(`no route renders the ${kind} page`));
  let load = loading.get(kind);
  if (!load) {
    load = route.lazy().then((module: RouteModule | undefined) => {
      if (!module) throw new Error(`the ${kind} page's chunk did not load`);
      loaded.set(kind, module);
      return module;
    });
    load.catch(() => loading.delete(kind));
    loading.set(kind, load);
  }
  return load;
}
