/**
 * The rendered-page cache: the class on its own (keys, nonce substitution, size bound), then in
 * the built Worker in workerd, where a second request for a page is answered from the isolate
 * with the same HTML and its own nonce, and new content or another theme is rendered afresh.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ContentFolder, loadContentFolder } from '../../../scripts/content/load-content.ts';
import { uploadContent } from '../../../scripts/content/upload.ts';
import { RenderedPageCache } from '../../../worker/pages/rendered-page-cache.ts';
import { startWorker, type WorkerRuntime } from '../../support/worker-runtime.ts';

describe('RenderedPageCache', () => {
  test('gives back the HTML with the caller nonce in place of the stored one', () => {
    const cache = new RenderedPageCache();
    cache.set('W/"a"', '<script nonce="N1"></script><style nonce="N1"></style>', 'N1');
    expect(cache.get('W/"a"', 'N2')).toBe('<script nonce="N2"></script><style nonce="N2"></style>');
    expect(cache.get('W/"a"', 'N1')).toBe('<script nonce="N1"></script><style nonce="N1"></style>');
    expect(cache.get('W/"b"', 'N2')).toBeUndefined();
  });

  test('does not keep a page rendered without a nonce, or one larger than the whole cache', () => {
    const cache = new RenderedPageCache(10);
    cache.set('a', '<p>x</p>', '');
    cache.set('b', '<p>eleven</p>', 'N');
    expect(cache.size).toBe(0);
  });

  test('drops the least recently used pages once over its size', () => {
    const cache = new RenderedPageCache(30);
    cache.set('a', 'a'.repeat(10), 'N');
    cache.set('b', 'b'.repeat(10), 'N');
    cache.set('c', 'c'.repeat(10), 'N');
    cache.get('a', 'N'); // a is now the most recently used: b goes first.
    cache.set('d', 'd'.repeat(10), 'N');
    expect(cache.get('b', 'N')).toBeUndefined();
    expect([cache.get('a', 'N'), cache.get('c', 'N'), cache.get('d', 'N')].every(Boolean)).toBe(true);
    expect(cache.chars).toBe(30);
  });
});

describe('in the Worker', () => {
  let worker: WorkerRuntime;
  let real: ContentFolder;
  beforeAll(async () => {
    worker = await startWorker({ bindings: { MANIFEST_TTL_SECONDS: '0' } });
    real = await loadContentFolder('content');
    const outcome = await uploadContent({ content: real, store: worker.store });
    expect(outcome.ok).toBe(true);
  });
  afterAll(() => worker?.dispose());

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await worker.fetch(path, { headers });
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    if (!nonce) throw new Error(`${path}: no nonce in the CSP`);
    return { res, html, nonce, cache: /html;desc="(\w+)"/.exec(res.headers.get('server-timing') ?? '')?.[1] };
  }

  test('a second request is a hit: the same HTML with its own nonce', async () => {
    const first = await get('/guide/DSX');
    const second = await get('/guide/DSX');
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.res.status).toBe(200);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.replaceAll(second.nonce, 'NONCE')).toBe(first.html.replaceAll(first.nonce, 'NONCE'));
  });

  test('the theme cookie makes another page, rendered afresh', async () => {
    await get('/guide/features');
    const light = await get('/guide/features', { Cookie: 'theme=light' });
    expect(light.cache).toBe('miss');
    expect(light.html).toContain('data-theme="light"');
    expect((await get('/guide/features', { Cookie: 'theme=light' })).cache).toBe('hit');
  });

  test('published changes show at once: new content is a new key', async () => {
    await get('/news/2023-04-29-signpath');
    expect((await get('/news/2023-04-29-signpath')).cache).toBe('hit');
    const edited = real.files.map((f) =>
      f.file === 'news-signpath.md' ? { ...f, source: `${f.source}\n\nA sentence added by the cache test.\n` } : f,
    );
    expect((await uploadContent({ content: { files: edited, samples: real.samples, media: real.media }, store: worker.store })).ok).toBe(
      true,
    );
    const after = await get('/news/2023-04-29-signpath');
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('A sentence added by the cache test.');
  });

  test('pages without an ETag are never served from it: analytics, not found', async () => {
    for (const path of ['/analytics', '/news/no-such-post']) {
      await get(path);
      expect((await get(path)).cache).toBe('miss');
    }
  });
});
