/**
 * The routes whose module the Worker imports on first use rather than at start-up, by name
 * (which is also the page kind they render), with the module's path: a visitor rarely lands on
 * these. Read by the route table. Pure data: no React, so Node scripts can import it.
 */
export const LAZY_ROUTE_FILES = {
  analytics: 'client/routes/analytics.tsx',
  setup: 'client/routes/setup.tsx',
  search: 'client/routes/search.tsx',
} as const;

export type LazyKind = keyof typeof LAZY_ROUTE_FILES;

export const isLazyKind = (kind: string): kind is LazyKind => Object.hasOwn(LAZY_ROUTE_FILES, kind);
