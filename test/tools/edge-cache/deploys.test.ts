/**
 * A deploy through the stand-in for Workers Cache: a page names its build's hashed client entry, which the next deploy's
 * assets no longer hold. With the version in the key (wrangler.toml: cross_version_cache = false) no page served after
 * the deploy names a file the deploy removed; with it shared, the cached page does.
 */
import { describe, expect, test } from 'vitest';
import type { Origin } from '../../../tools/edge-cache/edge-cache.ts';
import { createEdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';

const PAGES = ['/', '/news', '/guide/hud'];
/** The hashed files a page names: its scripts and module preloads. */
const named = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);

/** One deploy: its pages name `entry-<build>.js`, the only client file its assets hold. */
function deployOf(build: string): Origin {
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/assets/'))
      return pathname === `/assets/entry-${build}.js` ? new Response('export {}') : new Response('Not found', { status: 404 });
    const html = `<!doctype html><title>${pathname}</title><script type="module" src="/assets/entry-${build}.js"></script>`;
    return new Response(html, {
      headers: {
        'Content-Type': 'text/html',
        'Cloudflare-CDN-Cache-Control': 'max-age=86400, stale-while-revalidate=86400',
        'Cache-Tag': 'site',
      },
    });
  };
}

/** Every page as a data centre serves it after a deploy, and the status of each file it names on the live deploy. */
async function afterDeploy(crossVersionCache: boolean) {
  const network = createEdgeNetwork({ origin: deployOf('a1'), crossVersionCache });
  const dc = network.dataCentre('fra');
  const get = (path: string) => dc.fetch(new Request(`https://race-element.test${path}`));
  for (const path of PAGES) expect((await get(path)).headers.get('cf-cache-status'), path).toBe('MISS');
  for (const path of PAGES) expect((await get(path)).headers.get('cf-cache-status'), path).toBe('HIT');
  const live = deployOf('b2');
  network.deploy(live);
  return Promise.all(
    PAGES.map(async (path) => {
      const page = await get(path);
      const files = named(await page.text());
      const statuses = await Promise.all(files.map(async (file) => (await live(new Request(`https://race-element.test${file}`))).status));
      return { path, status: page.headers.get('cf-cache-status'), files, statuses };
    }),
  );
}

describe('a deploy that renames the client entry', () => {
  test('with the version in the key, every page served after it names only files the new deploy serves', async () => {
    for (const page of await afterDeploy(false)) {
      expect(page.status, page.path).toBe('MISS');
      expect(page.files, page.path).toEqual(['/assets/entry-b2.js']);
      expect(page.statuses, page.path).toEqual([200]);
    }
  });

  test('with the cache shared across versions, a page kept from the old deploy names a file that answers 404', async () => {
    for (const page of await afterDeploy(true)) {
      expect(page.status, page.path).toBe('HIT');
      expect(page.files, page.path).toEqual(['/assets/entry-a1.js']);
      expect(page.statuses, page.path).toEqual([404]);
    }
  });
});
