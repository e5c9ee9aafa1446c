/** The JSON API: page data, samples, XSRF gate and page-view counting, in workerd. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BodyOf, PagePayload } from '../../contracts/page-payload.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../worker/http/xsrf.ts';
import { parsePage } from '../support/html.ts';
import { startPublishedWorker } from '../support/worker-runtime.ts';

let worker: LocalWorker;
beforeAll(async () => {
  worker = await startPublishedWorker({ assetsDir: null });
});
afterAll(() => worker?.dispose());

/** A valid token, as the browser gets it before its first state-changing request: in the body, and as the cookie. */
async function visitorToken(): Promise<string> {
  const res = await worker.fetch('/api/_analog/analytics/xsrf-token');
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  expect(/XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]).toBe(token);
  return token;
}

const hit = (path: string, token: string | null, headerToken = token) =>
  worker.fetch('/api/_analog/analytics/hits', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Cookie: `XSRF-TOKEN=${token}` } : {}),
      ...(headerToken ? { 'X-XSRF-TOKEN': headerToken } : {}),
    },
    body: JSON.stringify({ path }),
  });

describe('page-data API', () => {
  test.each([
    ['/api/_analog/pages', 'home'],
    ['/api/_analog/pages/news', 'newsIndex'],
    ['/api/_analog/pages/guide', 'guideIndex'],
    ['/api/_analog/pages/news/race-element-2-released', 'article'],
    ['/api/_analog/pages/guide/DSX', 'article'],
    ['/api/_analog/pages/setup', 'setup'],
    ['/api/_analog/pages/analytics', 'analytics'],
  ])('%s answers { meta, data } of kind %s', async (path, kind) => {
    const res = await worker.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const json = (await res.json()) as { meta: { title: string; url: string }; data: { kind: string } };
    expect(json.data.kind).toBe(kind);
    expect(json.meta.title).toMatch(/^Race Element/);
  });

  test('the API answers what SSR rendered the page from; the page embeds only its build, kind and meta', async () => {
    const htmlRes = await worker.fetch('/guide/multi-sim');
    const doc = parsePage(await htmlRes.text());
    const embedded = JSON.parse(doc.root.querySelector('#page-payload')?.textContent ?? 'null');
    const api = (await (await worker.fetch('/api/_analog/pages/guide/multi-sim')).json()) as PagePayload;
    expect(embedded).toEqual({ build: api.build, kind: api.data.kind, meta: api.meta });
    expect(doc.title).toBe(api.meta.title);
    // The page's data is its HTML: the article's text is in the body, not again in the JSON.
    expect(api.data.kind).toBe('article');
    const { article } = api.data as BodyOf<'article'>;
    expect(doc.root.querySelector('main')?.innerHTML).toContain(article.html.slice(0, 80));
    expect(JSON.stringify(embedded)).not.toContain(article.html.slice(0, 80));
  });

  test('the query string is passed through to the loader', async () => {
    const json = (await (await worker.fetch('/api/_analog/pages/setup?link=QUJD')).json()) as { data: { appUrl: string } };
    expect(json.data.appUrl).toBe('RaceElement://setup=QUJD');
  });

  test('a missing slug answers 404 JSON', async () => {
    const res = await worker.fetch('/api/_analog/pages/guide/nope');
    expect(res.status).toBe(404);
    const json = (await res.json()) as { data: { kind: string; heading: string } };
    expect(json.data).toMatchObject({ kind: 'notFound', heading: 'No Content Found' });
  });

  test('an old or differently cased slug redirects to the canonical API path', async () => {
    const res = await worker.fetch('/api/_analog/pages/guide/dsx', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(/\/api\/_analog\/pages\/guide\/DSX$/);
  });
});

describe('code samples', () => {
  test('a sample file is served as text', async () => {
    const res = await worker.fetch('/api/_analog/samples/start-race-element-minimized.bat');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toContain('/StartMinimized');
  });

  test('a missing sample answers 404, a traversal attempt 400', async () => {
    expect((await worker.fetch('/api/_analog/samples/nope.bat')).status).toBe(404);
    expect((await worker.fetch('/api/_analog/samples/a/%2e%2e/b')).status).toBe(404);
    expect((await worker.fetch('/api/_analog/samples/a//b')).status).toBe(400);
  });
});

describe('XSRF', () => {
  test('pages set no cookie; GET /api/_analog/analytics/xsrf-token gives a signed token, its cookie for the page-view API only (no Secure on plain-http localhost)', async () => {
    const page = await worker.fetch('/news');
    await page.text();
    expect(page.headers.get('set-cookie')).toBeNull();
    const res = await worker.fetch('/api/_analog/analytics/xsrf-token');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(res.headers.get('cache-tag')).toBeNull();
    const { token } = (await res.json()) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(res.headers.getSetCookie()).toEqual([
      `XSRF-TOKEN=${token}; Max-Age=31536000; Path=/api/_analog/analytics; HttpOnly; SameSite=Lax`,
    ]);
  });

  test('a visitor who already holds a valid token is given it back', async () => {
    const token = await visitorToken();
    const res = await worker.fetch('/api/_analog/analytics/xsrf-token', { headers: { Cookie: `XSRF-TOKEN=${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ token });
    expect(res.headers.getSetCookie()[0]).toMatch(new RegExp(`^XSRF-TOKEN=${token}; .*Path=/api/_analog/analytics;`));
  });

  test('missing header: 403 with a JSON reason', async () => {
    const token = await visitorToken();
    const res = await hit('/news', token, null);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Missing X-XSRF-TOKEN header.' });
  });

  test('missing cookie: 403', async () => {
    const token = await visitorToken();
    const res = await worker.fetch('/api/_analog/analytics/hits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
      body: '{"path":"/news"}',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/cookie/);
  });

  test('header not matching the cookie: 403', async () => {
    const res = await hit('/news', await visitorToken(), await visitorToken());
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/does not match/);
  });

  test('an unsigned or forged token: 403', async () => {
    for (const token of ['abc', 'abc.def', await createXsrfToken('some-other-secret')]) {
      const res = await hit('/news', token);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/not validly signed/);
    }
  });

  test('a valid token passes', async () => {
    const res = await hit('/news', await visitorToken());
    expect(res.status).toBe(204);
    const ownToken = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
    expect((await hit('/news', ownToken)).status).toBe(204);
  });

  test('every non-GET API request is checked, even to unknown routes', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await worker.fetch('/api/_analog/anything', { method });
      expect(res.status).toBe(403);
    }
  });
});

describe('page views', () => {
  test('hits are counted per page and shown on /analytics as a table and a bar list', async () => {
    const token = await visitorToken();
    for (let i = 0; i < 3; i++) expect((await hit('/guide/DSX', token)).status).toBe(204);
    expect((await hit('/guide/how-to-get-started', token)).status).toBe(204);

    const api = (await (await worker.fetch('/api/_analog/pages/analytics')).json()) as {
      data: { pages: { path: string; today: number; allTime: number }[] };
    };
    expect(api.data.pages.find((p) => p.path === '/guide/DSX')).toEqual({ path: '/guide/DSX', today: 3, allTime: 3 });

    const doc = parsePage(await (await worker.fetch('/analytics')).text());
    const row = doc.root.querySelectorAll('table tbody tr').find((tr) => tr.querySelector('th')?.textContent === '/guide/DSX');
    expect(row?.querySelectorAll('td').map((td) => td.textContent)).toEqual(['3', '3']);
    const bar = doc.root
      .querySelectorAll('figure.chart ol.bar-list > li')
      .find((li) => li.querySelector('.bar-label')?.textContent === '/guide/DSX');
    expect(bar?.querySelector('.bar-value')?.textContent).toBe('3');
    expect(bar?.querySelector('svg.bar rect')).not.toBeNull();
  });

  test('unknown paths, bad bodies and wrong content types are refused', async () => {
    const token = await visitorToken();
    expect((await hit('/guide/not-a-guide', token)).status).toBe(404);
    expect((await hit('/guide/dsx', token)).status).toBe(404);
    expect((await hit('/wp-admin', token)).status).toBe(404);
    const post = (body: string, type = 'application/json') =>
      worker.fetch('/api/_analog/analytics/hits', {
        method: 'POST',
        headers: { 'Content-Type': type, Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
        body,
      });
    expect((await post('not json')).status).toBe(400);
    expect((await post('{"path": 5}')).status).toBe(400);
    expect((await post('{"path":"/news"}', 'text/plain')).status).toBe(415);
    // One byte over the limit, sent as a stream (dispatchFetch): a larger one could still be on its
    // way when the 413 comes and see the connection reset (a declared 5 KB body: refused-body.test.ts).
    const over = JSON.stringify({ path: '/news', pad: 'x'.repeat(1024 - 24) });
    expect(over.length).toBe(1025);
    expect((await post(over)).status).toBe(413);
  });

  test('no IP or identifier is stored: only path and day', async () => {
    const token = await visitorToken();
    await worker.fetch('/api/_analog/analytics/hits', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `XSRF-TOKEN=${token}`,
        'X-XSRF-TOKEN': token,
        'CF-Connecting-IP': '203.0.113.9',
      },
      body: '{"path":"/setup"}',
    });
    const api = (await (await worker.fetch('/api/_analog/pages/analytics')).json()) as { data: { pages: object[] } };
    for (const row of api.data.pages) expect(Object.keys(row).sort()).toEqual(['allTime', 'path', 'today']);
  });
});
