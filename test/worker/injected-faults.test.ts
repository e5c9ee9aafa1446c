/**
 * KV reads that throw or hang and a failing Durable Object still give a whole page: the last good copy marked
 * stale, or a styled 503 with Retry-After. workerd with injected faults.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import type { KvProbe } from '../../tools/binding-probes.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../worker/http/xsrf.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { parsePage } from '../support/html.ts';
import { runRenderCache } from '../support/run-render-cache.ts';

/** Each upload below renders the same fixture pages: rendered once. */
const renderCache = runRenderCache();

/** The Worker with its KV binding probed; the manifest asked of KV on every request. */
type FaultyWorker = LocalWorker & { kvProbe: KvProbe };
const startFaultyWorker = ({ brokenAnalytics = false } = {}): Promise<FaultyWorker> =>
  startLocalWorker({ assetsDir: null, probeKv: true, brokenAnalytics, bindings: { MANIFEST_TTL_SECONDS: '0' } });

/** A complete page inside the layout, with no stack trace. */
function expectWholePage(html: string, path: string): ReturnType<typeof parsePage> {
  expect(html.trimEnd().endsWith('</html>'), `${path} ends with </html>`).toBe(true);
  expect(html, path).not.toMatch(/\n\s+at [\w.<>]+ \(|Error: injected|workerd\//);
  const doc = parsePage(html);
  expect(doc.root.querySelector('header'), path).not.toBeNull();
  expect(doc.root.querySelector('nav.site-nav'), path).not.toBeNull();
  expect(doc.root.querySelector('footer'), path).not.toBeNull();
  expect(doc.root.querySelector('main h1')?.textContent, path).toBeTruthy();
  return doc;
}

const WARM = ['/', '/news', '/guide', '/guide/DSX', '/news/race-element-2-released', '/guide/features', '/search?q=hud'];
/** Never read before the fault: the isolate holds nothing for it. */
const COLD_ARTICLE = '/guide/multi-sim';
const CONTENT_PAGES = ['/', '/news', '/guide', '/guide/DSX', '/news/race-element-2-released', '/search?q=hud'];

describe('KV faults', () => {
  let worker: FaultyWorker;
  beforeAll(async () => {
    worker = await startFaultyWorker();
  });
  afterAll(() => worker?.dispose());

  /** Every content page answers a whole HTML page, 503 with Retry-After: 30, under the heading `h1`. */
  async function expectContentPages503(h1: string): Promise<void> {
    for (const path of CONTENT_PAGES) {
      const res = await worker.fetch(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('30');
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(expectWholePage(await res.text(), path).root.querySelector('main h1')?.textContent, path).toBe(h1);
    }
  }

  test('KV down with nothing held: every content page is a styled 503 with Retry-After', async () => {
    worker.kvProbe.faults.kv = 'throw';
    await expectContentPages503('Temporarily unavailable');
    const api = await worker.fetch('/api/_analog/pages/news');
    expect(api.status).toBe(503);
    expect(((await api.json()) as { data: { kind: string } }).data.kind).toBe('unavailable');
    expect(worker.kvProbe.failedCalls()).toBeGreaterThan(0);
  });

  test('KV down with nothing held: feeds, search and samples answer 503 with a reason; robots.txt and /setup still work', async () => {
    for (const path of ['/sitemap.xml', '/news/feed.xml', '/llms.txt', '/guide/DSX.md']) {
      const res = await worker.fetch(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBeTruthy();
      expect(await res.text(), path).toMatch(/^Temporarily unavailable: /);
    }
    const search = await worker.fetch('/api/_analog/search?q=hud');
    expect(search.status).toBe(503);
    const sample = await worker.fetch('/api/_analog/samples/start-race-element-minimized.bat');
    expect(sample.status).toBe(503);
    expect(await sample.json()).toEqual({ error: 'Samples are unavailable right now.' });
    expect((await worker.fetch('/robots.txt')).status).toBe(200);
    const setup = await worker.fetch('/setup');
    expect(setup.status).toBe(200);
    expectWholePage(await setup.text(), '/setup');
  });

  test('before anything is published the site says so with a 503 inside the layout', async () => {
    worker.kvProbe.faults.kv = 'ok';
    await expectContentPages503('Nothing published yet');
  });

  describe('after a publish, with the pages read once', () => {
    beforeAll(async () => {
      worker.kvProbe.faults.kv = 'ok';
      const outcome = await uploadContent({ renderCache, content: await loadFixtureSite(), store: worker.store });
      if (!outcome.ok) throw new Error('upload failed');
      for (const path of WARM) {
        const res = await worker.fetch(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('x-content-stale'), path).toBeNull();
        await res.text();
      }
      // The page-data API of an article, and the search API, once each.
      await (await worker.fetch('/api/_analog/pages/guide/DSX')).text();
    });

    test('KV throwing: every page read before is served from the last good copy, marked stale', async () => {
      worker.kvProbe.faults.kv = 'throw';
      const failedBefore = worker.kvProbe.failedCalls();
      for (const path of WARM) {
        const res = await worker.fetch(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('x-content-stale'), path).toBe('true');
        expectWholePage(await res.text(), path);
      }
      const api = await worker.fetch('/api/_analog/pages/guide/DSX');
      expect(api.status).toBe(200);
      expect(api.headers.get('x-content-stale')).toBe('true');
      expect(((await api.json()) as { data: { kind: string } }).data.kind).toBe('article');
      // The faults were real: every manifest read failed.
      expect(worker.kvProbe.failedCalls()).toBeGreaterThanOrEqual(failedBefore + WARM.length);
    });

    // Workers Cache in front of the Worker's entrypoint keeps every piece read in a data centre a year; here no cache
    // runs, so a piece this isolate never read must come from KV.
    test('KV throwing: an article whose piece was never read is a whole 503 page with Retry-After; the sitemap a 503 with a reason', async () => {
      worker.kvProbe.faults.kv = 'throw';
      const res = await worker.fetch(COLD_ARTICLE);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expectWholePage(await res.text(), COLD_ARTICLE);
      const sitemap = await worker.fetch('/sitemap.xml');
      expect(sitemap.status).toBe(503);
      expect(await sitemap.text()).toMatch(/unavailable/i);
    });

    test('KV hanging: the Worker stops waiting after its 3 s timeout and serves the last good manifest', async () => {
      worker.kvProbe.faults.kv = 'hang';
      const started = Date.now();
      const warm = await worker.fetch('/guide/DSX');
      expect(warm.status).toBe(200);
      expect(warm.headers.get('x-content-stale')).toBe('true');
      expectWholePage(await warm.text(), '/guide/DSX');
      // It waited for its timeout (a hung read never answers: without the timeout this would hang the test).
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);

      const cold = await worker.fetch(COLD_ARTICLE);
      expect(cold.status).toBe(503);
      expectWholePage(await cold.text(), COLD_ARTICLE);
    });

    test('only entry/ reads failing: a held entry is served, a cold one is a whole 503 page', async () => {
      worker.kvProbe.faults.kv = 'throw';
      worker.kvProbe.faults.only = 'entry/';
      try {
        const warm = await worker.fetch('/guide/DSX');
        expect(warm.status).toBe(200);
        expect(warm.headers.get('x-content-stale')).toBeNull();
        expectWholePage(await warm.text(), '/guide/DSX');
        const failedBefore = worker.kvProbe.failedCalls();
        const cold = await worker.fetch(COLD_ARTICLE);
        expect(cold.status).toBe(503);
        expect(cold.headers.get('x-content-stale')).toBeNull();
        expectWholePage(await cold.text(), COLD_ARTICLE);
        expect(worker.kvProbe.failedCalls()).toBe(failedBefore + 1);
      } finally {
        worker.kvProbe.faults.only = undefined;
      }
    });

    test('KV back: fresh pages again, not marked stale', async () => {
      worker.kvProbe.faults.kv = 'ok';
      for (const path of [...WARM, COLD_ARTICLE]) {
        const res = await worker.fetch(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('x-content-stale'), path).toBeNull();
        expectWholePage(await res.text(), path);
      }
    });
  });
});

describe('a Durable Object that throws', () => {
  let worker: FaultyWorker;
  beforeAll(async () => {
    worker = await startFaultyWorker({ brokenAnalytics: true });
    const outcome = await uploadContent({ renderCache, content: await loadFixtureSite(), store: worker.store });
    if (!outcome.ok) throw new Error('upload failed');
  });
  afterAll(() => worker?.dispose());

  test('pages render whole: the counter is not on their path', async () => {
    for (const path of ['/', '/news', '/guide/DSX']) {
      const res = await worker.fetch(path);
      expect(res.status, path).toBe(200);
      expectWholePage(await res.text(), path);
    }
  });

  test('/analytics renders whole and says the figures are unavailable', async () => {
    const res = await worker.fetch('/analytics');
    expect(res.status).toBe(200);
    const doc = expectWholePage(await res.text(), '/analytics');
    expect(doc.text).toContain('Figures are unavailable right now.');
    const api = (await (await worker.fetch('/api/_analog/pages/analytics')).json()) as { data: { pages: unknown } };
    expect(api.data.pages).toBeNull();
  });

  test('the beacon gets a short 503 JSON reason, no stack trace', async () => {
    const token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
    const res = await worker.fetch('/api/_analog/analytics/hits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
      body: '{"path":"/news"}',
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Page views cannot be counted right now.' });
  });
});
