/**
 * Images of media/: the <img> names the immutable URL with the size, and that URL and each of its variants serve the
 * bytes with type, immutable caching, ETag and 304. Real upload, workerd.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, expect, test } from 'vitest';
import { fixturePath } from '../../support/fixture-site.ts';
import { parsePage } from '../../support/html.ts';
import { type SiteWorker, sharedWorker } from '../../support/shared-worker.ts';

let worker: SiteWorker;
let bytes: Buffer;
let url: string;

beforeAll(async () => {
  worker = sharedWorker();
  bytes = await readFile(fixturePath('media', 'guides-section.png'));
  url = `/media/${createHash('sha256').update(bytes).digest('hex')}.png`;
});

test('the guide shows the screenshot at its immutable URL with its size, lazy and async (it is not near the top)', async () => {
  const res = await worker.fetch('/guide/how-to-get-started');
  expect(res.status).toBe(200);
  const img = parsePage(await res.text()).root.querySelector(`img[src="${url}"]`);
  expect(img, `an <img> with src ${url}`).not.toBeNull();
  expect([img!.getAttribute('width'), img!.getAttribute('height')]).toEqual(['960', '600']);
  expect(img!.getAttribute('loading')).toBe('lazy');
  expect(img!.getAttribute('decoding')).toBe('async');
  expect(img!.getAttribute('alt')).toMatch(/^The Guides section of this website/);
});

test('each file the <picture> names (AVIF, WebP, smaller PNGs) is served with its type and immutable caching', async () => {
  const res = await worker.fetch('/guide/how-to-get-started');
  const picture = parsePage(await res.text()).root.querySelector(`img[src="${url}"]`)!.parentNode!;
  expect(picture.tagName).toBe('PICTURE');
  const candidates = picture.querySelectorAll('source, img').flatMap((el) => {
    const type = el.getAttribute('type') ?? 'image/png';
    return el
      .getAttribute('srcset')!
      .split(', ')
      .map((candidate) => ({ path: candidate.split(' ')[0]!, type }));
  });
  expect(candidates.map((c) => c.type)).toEqual([
    ...Array(3).fill('image/avif'),
    ...Array(3).fill('image/webp'),
    ...Array(3).fill('image/png'),
  ]);
  for (const { path, type } of candidates) {
    const file = await worker.fetch(path);
    expect([file.status, file.headers.get('content-type'), file.headers.get('cache-control')], path).toEqual([
      200,
      type,
      'public, max-age=31536000, immutable',
    ]);
    expect(file.headers.get('etag')).toBe(`"${path.slice('/media/'.length, path.lastIndexOf('.'))}"`);
    await file.arrayBuffer();
  }
});

test('the image URL serves the file: type, immutable caching, ETag, 304', async () => {
  const res = await worker.fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // Its name never changes meaning: kept a year in front of the Worker too, emptied only with the whole site.
  expect(res.headers.get('cache-tag')).toBe('site');
  const etag = res.headers.get('etag');
  expect(etag).toBe(`"${url.slice('/media/'.length, -'.png'.length)}"`);
  expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

  const again = await worker.fetch(url, { headers: { 'If-None-Match': etag! } });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await again.arrayBuffer()).byteLength).toBe(0);
});

test('a name that is no stored image is a 404', async () => {
  for (const path of [`/media/${'0'.repeat(64)}.png`, '/media/guides-section.png', `${url.slice(0, -4)}.gif`]) {
    const res = await worker.fetch(path);
    expect(res.status, path).toBe(404);
    await res.arrayBuffer();
  }
});
