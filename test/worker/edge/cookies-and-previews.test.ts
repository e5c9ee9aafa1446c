/**
 * Through the stand-in for Workers Cache in front of workerd: no public answer varies by cookie, so visitors with
 * cookies share the copy of those without; a preview session keeps to its own path, never given a public copy and
 * never leaving one of its own. Real upload.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEdgeNetwork, type DataCentre } from '../../../tools/edge-cache/edge-network.ts';
import { ORIGIN } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';
import { LIVE_TITLE, PREVIEW_TITLE, WORDS } from '../../support/preview-fixture.ts';
import { PREVIEW_NAME, type PreviewedWorker, startPreviewedWorker } from '../../support/preview-session.ts';

/** One of each kind of public answer: article, index, home, feed, page data, page HTML, search API and page, more. */
const PUBLIC = [
  '/guide/setup-guide',
  '/news',
  '/',
  '/news/feed.xml',
  '/api/_analog/pages/guide/setup-guide',
  '/api/_analog/page-html/guide/setup-guide',
  `/api/_analog/search?q=${WORDS.kept}`,
  `/search?q=${WORDS.kept}`,
  '/sitemap.xml',
  '/llms.txt',
  '/guide/setup-guide.md',
];
const HOME = `/_preview/${PREVIEW_NAME}`;

let site: PreviewedWorker;
let dataCentre: DataCentre;
beforeAll(async () => {
  site = await startPreviewedWorker();
  const origin = async (request: Request) => {
    const { pathname, search } = new URL(request.url);
    const res = await site.worker.fetch(pathname + search, { method: request.method, headers: request.headers, redirect: 'manual' });
    // Miniflare's own Response class, as the stand-in's (Node's) takes it.
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: [...res.headers] });
  };
  dataCentre = createEdgeNetwork({ origin }).dataCentre('a');
});
afterAll(() => site?.worker.dispose());

/** A request at the data centre: its status, cache status, ETag, Cache-Control, cookies set and body. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await dataCentre.fetch(new Request(new URL(path, ORIGIN), { headers, redirect: 'manual' }));
  const [cache, etag, cacheControl] = ['cf-cache-status', 'etag', 'cache-control'].map((name) => res.headers.get(name));
  return { status: res.status, cache, etag, cacheControl, setCookie: res.headers.getSetCookie(), text: await res.text() };
}

test('no public answer says Vary: Cookie, and each is one the shared cache keeps', async () => {
  for (const path of PUBLIC) {
    const res = await site.worker.fetch(path);
    await res.arrayBuffer();
    expect(res.status, path).toBe(200);
    expect(res.headers.get('cloudflare-cdn-cache-control'), path).toMatch(/^max-age=/);
    expect(res.headers.get('vary'), path).toBeNull();
  }
});

test("a visitor sending Cloudflare's bot cookie and the theme cookie gets the copy a visitor without cookies left: a HIT", async () => {
  for (const path of PUBLIC) {
    const first = await get(path);
    expect(first.cache, path).toBe('MISS');
    const withCookies = await get(path, { Cookie: `__cf_bm=${crypto.randomUUID()}; theme=light` });
    expect(withCookies, path).toEqual({ ...first, cache: 'HIT' });
  }
});

describe('a preview session', () => {
  let cookie: string;
  /** The public article as cached before the session. */
  let article: Awaited<ReturnType<typeof get>>;
  beforeAll(async () => {
    article = await get('/guide/setup-guide');
    expect(article).toMatchObject({ status: 200, cache: 'HIT' });
    const start = await get(site.preview.url.slice(ORIGIN.length));
    expect(start).toMatchObject({ status: 303, cache: 'BYPASS' });
    cookie = start.setCookie[0]!.split(';')[0]!;
  });

  test('sees its preview under its own path even where the public copy is cached, and each answer reaches the Worker', async () => {
    for (const round of [1, 2])
      for (const [path, text] of [
        ['/guide/setup-guide', PREVIEW_TITLE],
        ['/news', 'The big update'],
        ['', 'The big update'],
        ['/api/_analog/pages/guide/setup-guide', PREVIEW_TITLE],
        [`/api/_analog/search?q=${WORDS.added}`, '/news/big-update'],
        ['/news/feed.xml', 'The big update'],
      ] as const) {
        const res = await get(`${HOME}${path}`, { Cookie: cookie });
        expect(res, `${path}, round ${round}`).toMatchObject({
          status: 200,
          cache: 'BYPASS',
          cacheControl: 'private, no-store',
          etag: null,
        });
        expect(res.text, `${path}, round ${round}`).toContain(text);
      }
    const page = parsePage((await get(`${HOME}/guide/setup-guide`, { Cookie: cookie })).text);
    expect(page.root.querySelector('.preview-banner')).not.toBeNull();
    expect(page.root.querySelector('h1')?.textContent).toBe(PREVIEW_TITLE);
  });

  test('leaves the public nothing: after it, public requests are the same HIT, and its paths without the cookie are refused', async () => {
    for (const round of [1, 2]) {
      expect(await get('/guide/setup-guide'), `round ${round}`).toEqual(article);
      // Even the session's own cookie, if a browser sent it to a public URL, gets the public copy.
      expect(await get('/guide/setup-guide', { Cookie: cookie }), `round ${round}`).toEqual(article);
      expect(article.text).toContain(`${LIVE_TITLE}<`);
      for (const path of ['/guide/setup-guide', '/news', '', '/api/_analog/pages/guide/setup-guide']) {
        const res = await get(`${HOME}${path}`);
        expect(res, `${path}, round ${round}`).toMatchObject({ status: path ? 403 : 400, cache: 'BYPASS', cacheControl: 'no-store' });
        expect(res.text, path).not.toContain(PREVIEW_TITLE);
      }
    }
  });
});
