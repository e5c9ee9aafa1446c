/**
 * The client route table: which paths match which route, server loaders for every route, and lazy routes. Unit.
 */
import { describe, expect, test } from 'vitest';
import { LAZY_ROUTE_FILES } from '../../client/lazy-routes.ts';
import { loadRouteModule, matchRoute, ROUTES, renderableModule } from '../../client/route-table.ts';

describe('matchRoute', () => {
  test.each([
    ['/', 'home', {}],
    ['/news', 'newsIndex', {}],
    ['/news/2024-01-01-x', 'newsArticle', { slug: '2024-01-01-x' }],
    ['/guide/DSX', 'guideArticle', { slug: 'DSX' }],
    ['/search', 'search', {}],
  ])('%s is the %s route', (path, name, params) => {
    const match = matchRoute(path);
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params);
  });

  test.each(['/nwes', '/news/a/b', '/guide/', '/news/feed/x'])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull();
  });
});

describe('route modules', () => {
  test('every route has a loader on the server (import.meta.env.SSR is true in Node and in the Worker)', async () => {
    for (const route of ROUTES) {
      const module = 'lazy' in route ? await route.lazy() : route.module;
      expect(typeof module.loader, route.name).toBe('function');
      expect(typeof module.default, route.name).toBe('function');
    }
  });

  test('a lazy route renders once its module has loaded, and its file is the one Vite splits out', async () => {
    const lazy = ROUTES.filter((route) => 'lazy' in route).map((route) => route.name);
    expect(lazy.sort()).toEqual(Object.keys(LAZY_ROUTE_FILES).sort());
    expect(renderableModule('article')).toBeDefined();
    const module = await loadRouteModule('analytics');
    expect(renderableModule('analytics')).toBe(module);
  });
});
