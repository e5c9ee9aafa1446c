/**
 * Drafts: stored but shown nowhere public, visible through their signed link marked as a draft, and a 404 for
 * a bad token. Real upload, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_PREVIEW_SECRET, signPreview } from '../../contracts/preview-token.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import { type LocalWorker, ORIGIN, startLocalWorker } from '../../tools/local-worker.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { parsePage } from '../support/html.ts';
import { runRenderCache } from '../support/run-render-cache.ts';
import { reencoded, tampered } from '../support/tamper.ts';

const SECRET = 'test-preview-secret';
/** A word only the fixture's two drafts (news-secret-plans.md, guide-wip.md) hold, to search for. */
const WORD = 'Zanzibarquux';

let worker: LocalWorker;
let links: Map<string, string>;

beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null, bindings: { PREVIEW_SECRET: SECRET, MANIFEST_TTL_SECONDS: '0' } });
  const lines: string[] = [];
  const outcome = await uploadContent({
    renderCache: runRenderCache(),
    content: await loadFixtureSite(),
    store: worker.store,
    log: (line) => lines.push(line),
    preview: { origin: ORIGIN, secret: SECRET, days: 7 },
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  links = new Map(
    lines.flatMap((line) => {
      const match = /^draft {5}(\S+) → (\S+) \(not public; this link works until /.exec(line);
      return match ? [[match[1]!, match[2]!.slice(ORIGIN.length)] as [string, string]] : [];
    }),
  );
});
afterAll(() => worker?.dispose());

async function get(path: string) {
  const res = await worker.fetch(path, { redirect: 'manual' });
  return { res, text: await res.text() };
}

test('the upload prints one link per draft, to its own URL', () => {
  expect([...links.keys()].sort()).toEqual(['guide-wip.md', 'news-secret-plans.md']);
  expect(links.get('news-secret-plans.md')).toMatch(/^\/news\/secret-plans\?preview=\d+\.[\w-]+$/);
  expect(links.get('guide-wip.md')).toMatch(/^\/guide\/wip\?preview=/);
});

describe('the preview link', () => {
  test('shows the draft with a Draft banner, noindex, private and never stored', async () => {
    for (const path of links.values()) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(res.headers.get('etag')).toBeNull();
      expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
      expect(res.headers.get('cache-tag')).toBeNull();
      // Unpublished text: isolated from any window that opened it.
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const doc = parsePage(text);
      expect(doc.root.querySelector('.draft-banner')?.textContent).toMatch(
        /^Draft: not published\. Only people with this link can see it, until [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
      );
      expect(doc.root.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(text).toContain(WORD);
      // Never kept by the page caches, so never answered from them.
      expect((await worker.fetch(path)).headers.get('server-timing') ?? '').not.toContain('html;desc');
    }
  });

  test('the page data for a client navigation is the draft too, private', async () => {
    const path = links.get('news-secret-plans.md')!;
    const res = await worker.fetch(`/api/_analog/pages${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(res.headers.get('cache-tag')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    const payload = (await res.json()) as { data: { article: { title: string; draft?: { expires: string } } } };
    expect(payload.data.article.title).toBe('Secret plans');
    expect(Date.parse(payload.data.article.draft!.expires)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  test("a wrong, foreign, expired or development-signed token is the missing page's 404", async () => {
    const path = '/news/secret-plans';
    const valid = links.get('news-secret-plans.md')!.split('preview=')[1]!;
    const [expires, signature] = valid.split('.') as [string, string];
    const missing = await get(path);
    expect(missing.res.status).toBe(404);
    const tokens = {
      none: '',
      tampered: `${expires}.${tampered(signature)}`,
      'the signature written otherwise': `${expires}.${reencoded(signature)}`,
      'longer expiry': `${Number(expires) + 86_400}.${signature}`,
      'for another draft': links.get('guide-wip.md')!.split('preview=')[1]!,
      expired: await signPreview(SECRET, path, Math.floor(Date.now() / 1000) - 60),
      'development secret': await signPreview(LOCAL_PREVIEW_SECRET, path, Math.floor(Date.now() / 1000) + 3600),
      garbage: '%%%',
    };
    for (const [name, token] of Object.entries(tokens)) {
      const { res, text } = await get(`${path}?preview=${encodeURIComponent(token)}`);
      expect(res.status, name).toBe(404);
      expect(text, name).toBe(missing.text);
      expect(res.headers.get('cache-control'), name).toBe(missing.res.headers.get('cache-control'));
    }
  });
});

describe('nowhere public', () => {
  test("not in the manifest's entries, only in its drafts", async () => {
    const manifest = (await readManifest(worker.store))!;
    expect(manifest.entries.map((e) => e.slug)).toEqual(expect.not.arrayContaining(['secret-plans', 'wip']));
    expect(manifest.drafts.map((e) => e.slug).sort()).toEqual(['secret-plans', 'wip']);
  });

  test('pages, indexes, search, feeds, sitemap, llms.txt, sources, redirects', async () => {
    const paths = [
      '/',
      '/news',
      '/guide',
      `/search?q=${WORD}`,
      `/api/_analog/search?q=${WORD}`,
      '/news/feed.xml',
      '/sitemap.xml',
      '/llms.txt',
      '/guide/DSX',
    ];
    for (const path of paths) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(text, path).not.toContain('secret-plans');
      expect(text, path).not.toContain('/guide/wip');
      // The search page and API echo the query: what matters there is that nothing is found.
      if (!path.includes('search')) expect(text, path).not.toContain(WORD);
    }
    const found = (await (await worker.fetch(`/api/_analog/search?q=${WORD}`)).json()) as { results: unknown[] };
    expect(found.results).toEqual([]);
    // The article's markdown source, the file-name redirect and a case variant: all missing.
    for (const path of ['/news/secret-plans.md', '/guide/wip.md', '/news/news-secret-plans', '/news/Secret-Plans', '/guide/guide-wip']) {
      expect((await get(path)).res.status, path).toBe(404);
    }
  });

  test('404 suggestions never name a draft', async () => {
    const { res, text } = await get('/news/secret-plan');
    expect(res.status).toBe(404);
    expect(text).not.toContain('secret-plans');
    expect((await get('/guide/wipp')).text).not.toContain('/guide/wip"');
  });

  test('a page view of a draft is not counted', async () => {
    const res = await worker.fetch('/api/_analog/analytics/hits', { method: 'POST' });
    // Without the XSRF pair the API refuses before looking: get a token first, as the browser does.
    expect(res.status).toBe(403);
    const page = await worker.fetch('/api/_analog/analytics/xsrf-token');
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
    const hit = await worker.fetch('/api/_analog/analytics/hits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${cookie}`, 'X-XSRF-TOKEN': cookie },
      body: JSON.stringify({ path: '/news/secret-plans' }),
    });
    expect(hit.status).toBe(404);
  });
});
