/**
 * What the cache in front of the Worker is told (contracts/edge-cache.ts): which pages it may keep, for how long, under
 * which tags, and that no cookie splits it (no Vary); its 304s say the same. workerd.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { type SiteWorker, sharedWorker } from '../../support/shared-worker.ts';

let worker: SiteWorker;
beforeAll(() => {
  worker = sharedWorker();
});

const EDGE = 'max-age=86400, stale-while-revalidate=86400, stale-if-error=604800';
const CACHING = ['cache-control', 'cloudflare-cdn-cache-control', 'cache-tag', 'vary', 'etag'];

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(path, { headers, redirect: 'manual' });
  await res.arrayBuffer();
  return res;
}
const caching = (res: Response) => Object.fromEntries(CACHING.map((name) => [name, res.headers.get(name)]));
/** The page-data and page-HTML API paths of a page path. */
const apis = (path: string) => ['/api/_analog/pages', '/api/_analog/page-html'].map((prefix) => `${prefix}${path === '/' ? '' : path}`);

describe('pages every visitor shares', () => {
  test.each([
    ['/', 'site,list:news'],
    ['/news', 'site,list:news'],
    ['/guide', 'site,list:guide'],
    // An article: itself and the neighbours whose titles it shows.
    ['/guide/DSX', 'site,entry:guide/DSX,entry:guide/twitch-chat-bot-commands,entry:guide/how-to-use-huds'],
    [
      '/news/race-element-2-released',
      'site,entry:news/race-element-2-released,entry:news/highspeed-rendering,entry:news/overdriving-the-car-simracing-arnout',
    ],
    // A page of no list has no neighbours.
    ['/guide/features', 'site,entry:guide/features'],
    ['/search', 'site,search'],
    ['/search?q=dsx', 'site,search'],
    ['/setup', 'site'],
  ])('%s: browsers ask each time, the shared cache keeps it a day, tagged %s; its page data and HTML alike', async (path, tags) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(caching(page)).toEqual({
      'cache-control': 'no-cache',
      'cloudflare-cdn-cache-control': EDGE,
      'cache-tag': tags,
      vary: null,
      etag: expect.stringMatching(/^W\/"[0-9a-f]{40}"$/),
    });
    for (const api of apis(path)) expect(caching(await get(api)), api).toEqual(caching(page));
  });

  test('a 304, from the page or its APIs, carries the same caching headers as the 200 it stands for', async () => {
    for (const path of ['/guide/DSX', ...apis('/guide/DSX'), '/news/feed.xml']) {
      const full = await get(path);
      const unchanged = await get(path, { 'If-None-Match': full.headers.get('etag')! });
      expect(unchanged.status, path).toBe(304);
      expect(caching(unchanged), path).toEqual(caching(full));
    }
  });

  test('the search API is shared too, tagged search; its refusal is not', async () => {
    for (const query of ['dsx', '']) {
      const res = await get(`/api/_analog/search?q=${query}`);
      expect(caching(res), query).toEqual({ ...caching(await get('/search')), etag: null });
    }
    const refused = await get(`/api/_analog/search?q=${'x'.repeat(201)}`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('cache-tag')).toBeNull();
  });
});

describe('what no shared cache keeps', () => {
  test.each([
    ['/analytics', 200, 'no-store'],
    ['/api/_analog/pages/analytics', 200, 'no-store'],
    ['/news/no-such-post', 404, 'no-cache'],
    ['/api/_analog/page-html/news/no-such-post', 404, 'no-cache'],
    ['/nowhere', 404, 'no-cache'],
    ['/setup?link=a!b', 400, 'no-cache'],
    // The trailing slash's redirect stands in for the not-found page it replaced, with its headers.
    ['/news/', 301, 'no-cache'],
    // Other redirects and refusals say nothing of caching themselves: the Worker says no-store for them.
    ['/guide/dsx', 301, 'no-store'],
    ['/api/_analog/pages/guide/dsx', 301, 'no-store'],
    ['/api/_analog/nothing', 404, 'no-store'],
    ['/api/_analog/analytics/xsrf-token', 200, 'no-store'],
  ])('%s: %i, Cache-Control %s, no directive or tag for the shared cache', async (path, status, cacheControl) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe(cacheControl);
    expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(res.headers.get('cache-tag')).toBeNull();
  });
});
