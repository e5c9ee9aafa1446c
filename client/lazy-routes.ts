/**
 * The routes whose module is a chunk of its own in the browser, by name (which is also the
 * page kind they render), with the module's path as Vite's manifest names it. A visitor rarely
 * lands on these first, so React's chunk (hydrate-app.tsx) does not carry their code: it
 * imports one before hydrating its page. Read by the route table, the Worker
 * (worker/pages/client-assets.ts) and the build's weight report, which all fail if Vite did
 * not make it a chunk of its own. Pure data: no React, so Node scripts can import it.
 */
export const LAZY_ROUTE_FILES = {
  analytics: 'client/routes/analytics.tsx',
  setup: 'client/routes/setup.tsx',
  search: 'client/routes/search.tsx',
} as const;

export type LazyKind = keyof typeof LAZY_ROUTE_FILES;
