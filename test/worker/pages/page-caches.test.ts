/**
 * The isolate's and the data centre's page caches serve pages as stored, and new content is a new key. Unit
 * and workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { edgeCacheKey } from '../../../worker/pages/edge-page-cache.ts';
import { RenderedPageCache } from '../../../worker/pages/rendered-page-cache.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

/** Each upload below renders the same fixture pages: rendered once. */
const renderCache = runRenderCache();

describe('RenderedPageCache', () => {
  test('gives back the HTML kept under an ETag', () => {
    const cache = new RenderedPageCache();
    cache.set('W/"a"', '<p>a</p>');
    expect(cache.get('W/"a"')).toBe('<p>a</p>');
    expect(cache.get('W/"b"')).toBeUndefined();
  });

  test('does not keep a page larger than the whole cache', () => {
    const cache = new RenderedPageCache(10);
    cache.set('b', '<p>eleven</p>');
    expect(cache.size).toBe(0);
  });

  test('drops the least recently used pages once over its size', () => {
    const cache = new RenderedPageCache(30);
    cache.set('a', 'a'.repeat(10));
    cache.set('b', 'b'.repeat(10));
    cache.set('c', 'c'.repeat(10));
    cache.get('a'); // a is now the most recently used: b goes first.
    cache.set('d', 'd'.repeat(10));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.chars).toBe(30);
  });
});

test('the edge key is the ETag under a path of the site no page has', () => {
  expect(edgeCacheKey('https://example.com', 'W/"ab12"')).toBe('https://example.com/_rendered-page/W%2F%22ab12%22');
});

describe.each([
  ['isolate', 'hit', {}],
  ['data centre', 'edge', { RENDERED_PAGE_CACHE_CHARS: '0' }],
] as const)('in the Worker, from the %s cache', (_, hit, bindings) => {
  let worker: LocalWorker;
  let real: ContentFolder;
  beforeAll(async () => {
    worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0', ...bindings } });
    real = await loadFixtureSite();
    const outcome = await uploadContent({ renderCache, content: real, store: worker.store });
    expect(outcome.ok).toBe(true);
  });
  afterAll(() => worker?.dispose());

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await worker.fetch(path, { headers });
    const html = await res.text();
    return { res, html, cache: /html;desc="(\w+)"/.exec(res.headers.get('server-timing') ?? '')?.[1] };
  }

  test(`a second request is answered from the cache ("${hit}"): the same HTML and headers, nothing per visitor`, async () => {
    const first = await get('/guide/DSX');
    const second = await get('/guide/DSX');
    expect([first.cache, second.cache]).toEqual(['miss', hit]);
    expect(second.res.status).toBe(200);
    expect(second.html).toBe(first.html);
    for (const name of [
      'content-security-policy',
      'cache-control',
      'cloudflare-cdn-cache-control',
      'cache-tag',
      'vary',
      'etag',
      'content-type',
    ]) {
      expect(second.res.headers.get(name), name).toBe(first.res.headers.get(name));
    }
    expect(first.res.headers.get('set-cookie')).toBeNull();
    // Browsers ask each time; the shared cache in front keeps it a day, for every visitor, cookies or not.
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    expect(first.res.headers.get('cloudflare-cdn-cache-control')).toBe(
      'max-age=86400, stale-while-revalidate=86400, stale-if-error=604800',
    );
    expect(first.res.headers.get('vary')).toBeNull();
  });

  test('a theme cookie changes nothing the Worker sends: the page applies it itself', async () => {
    const plain = await get('/guide/features');
    const light = await get('/guide/features', { Cookie: 'theme=light; XSRF-TOKEN=x.y' });
    expect(light.cache).toBe(hit);
    expect(light.html).toBe(plain.html);
  });

  test('published changes show at once: new content is a new key, unchanged pages keep theirs', async () => {
    await get('/news/2023-04-29-signpath');
    await get('/guide/how-to-get-started');
    expect((await get('/news/2023-04-29-signpath')).cache).toBe(hit);
    const edited = real.files.map((f) =>
      f.file === 'news-signpath.md' ? { ...f, source: `${f.source}\n\nA sentence added by the cache test.\n` } : f,
    );
    const outcome = await uploadContent({ renderCache, content: { ...real, files: edited }, store: worker.store });
    expect(outcome.ok).toBe(true);
    const after = await get('/news/2023-04-29-signpath');
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('A sentence added by the cache test.');
    expect((await get('/guide/how-to-get-started')).cache).toBe(hit);
  });

  test('pages without an ETag are never kept: analytics (live counts, stored by no cache), not found (asked again each time)', async () => {
    for (const [path, cacheControl] of [
      ['/analytics', 'no-store'],
      ['/news/no-such-post', 'no-cache'],
    ]) {
      const first = await get(path!);
      const second = await get(path!);
      expect([first.cache, second.cache]).toEqual([undefined, undefined]);
      expect(second.res.headers.get('cache-control')).toBe(cacheControl);
      expect(second.res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
      expect(second.res.headers.get('cache-tag')).toBeNull();
    }
  });
});
