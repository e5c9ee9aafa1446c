/**
 * The routes whose module the Worker imports on first use, by name (also their page kind), with the module's path.
 * Read by the route table. Pure data, no React: Node imports it.
 */
/** Each must be a chunk of its own: the Worker and the weight report fail if Vite did not split it. */
export const LAZY_ROUTE_FILES = {
  analytics: 'client/routes/analytics.tsx',
  setup: 'client/routes/setup.tsx',
  search: 'client/routes/search.tsx',
} as const;

export type LazyKind = keyof typeof LAZY_ROUTE_FILES;
