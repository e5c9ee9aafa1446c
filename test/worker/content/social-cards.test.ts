/**
 * Social cards: an article's og:image names its card, which serves like a published image; other pages
 * name the site card. Real upload, workerd.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readManifest } from '../../../scripts/content/kv/stored-records.ts';
import type { LocalWorker } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';
import { startPublishedWorker } from '../../support/worker-runtime.ts';

const SITE = 'https://race.elementfuture.com';
const CARD_URL = /^https:\/\/race\.elementfuture\.com\/media\/([0-9a-f]{64})\.png$/;
let worker: LocalWorker;

beforeAll(async () => {
  worker = await startPublishedWorker();
});
afterAll(() => worker?.dispose());

async function head(path: string) {
  const res = await worker.fetch(path);
  expect(res.status, path).toBe(200);
  return parsePage(await res.text());
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("an article's card", () => {
  test('og:image names it with its size and alt text, JSON-LD too, and X shows it large', async () => {
    const doc = await head('/news/race-element-2-released');
    expect(doc.meta('og:image')).toMatch(CARD_URL);
    expect(doc.meta('og:image:width')).toBe('1200');
    expect(doc.meta('og:image:height')).toBe('630');
    expect(doc.meta('og:image:alt')).toBe('Race Element: Race Element 2.0');
    expect(doc.meta('twitter:card')).toBe('summary_large_image');
    expect(doc.jsonLd).toMatchObject({ image: doc.meta('og:image') });
    // The manifest names the same card for the entry.
    const manifest = (await readManifest(worker.store))!;
    const entry = manifest.entries.find((e) => e.slug === 'race-element-2-released')!;
    expect(`${SITE}${entry.card!.url}`).toBe(doc.meta('og:image'));
  });

  test('each article has a card of its own', async () => {
    const urls = await Promise.all(
      ['/guide/how-to-get-started', '/guide/DSX', '/guide/features'].map(async (p) => (await head(p)).meta('og:image')),
    );
    for (const url of urls) expect(url).toMatch(CARD_URL);
    expect(new Set(urls).size).toBe(urls.length);
  });

  test('its URL serves a 1200×630 PNG: type, immutable caching, the hash as ETag, 304', async () => {
    const path = new URL((await head('/guide/how-to-get-started')).meta('og:image')!).pathname;
    const res = await worker.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toBe(`"${CARD_URL.exec(`${SITE}${path}`)![1]}"`);
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });

    const again = await worker.fetch(path, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('the site card', () => {
  test.each(['/', '/news', '/guide', '/search?q=hud', '/setup', '/analytics'])('%s names it', async (path) => {
    const doc = await head(path);
    expect(doc.meta('og:image')).toBe(`${SITE}/social-card.png`);
    expect(doc.meta('og:image:width')).toBe('1200');
    expect(doc.meta('og:image:height')).toBe('630');
    expect(doc.meta('og:image:alt')).toBe('Race Element: Solutions for Simulators');
    expect(doc.meta('twitter:card')).toBe('summary_large_image');
  });

  test('is served from the build as a PNG, cached a day', async () => {
    const res = await worker.fetch('/social-card.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(await readFile('client/public/social-card.png'))).toBe(true);
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});
