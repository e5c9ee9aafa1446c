/**
 * Images of media/: the <img> names the immutable URL with the size, and that URL serves the bytes with type,
 * immutable caching, ETag and 304. Real upload, workerd.
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

test('the guide shows the screenshot at its immutable URL with its size, lazy and async', async () => {
  const res = await worker.fetch('/guide/how-to-get-started');
  expect(res.status).toBe(200);
  const img = parsePage(await res.text()).root.querySelector(`img[src="${url}"]`);
  expect(img, `an <img> with src ${url}`).not.toBeNull();
  expect([img!.getAttribute('width'), img!.getAttribute('height')]).toEqual(['960', '600']);
  expect(img!.getAttribute('loading')).toBe('lazy');
  expect(img!.getAttribute('decoding')).toBe('async');
  expect(img!.getAttribute('alt')).toMatch(/^The Guides section of this website/);
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
