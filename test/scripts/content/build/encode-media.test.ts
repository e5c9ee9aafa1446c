/**
 * A 2560×1440 screenshot of 5 MB encoded with sharp for the screen: the files it makes, what a phone is sent, the disk
 * cache that spares a second encode, and a file sharp cannot read. Unit (sharp, a temporary folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diskMediaCache, type EncodedMedia, encodeMedia } from '../../../../scripts/content/build/encode-media.ts';
import { buildMedia, type CheckedMedia } from '../../../../scripts/content/build/media.ts';
import { imageSizes } from '../../../../scripts/content/markdown/picture-images.ts';
import { formatProblem } from '../../../../scripts/content/source/problems.ts';
import { screenshotPng } from '../../../support/images.ts';
import { png } from '../../../support/png.ts';

/** A phone: 390 CSS px wide at 3 device pixels each. */
const PHONE = { width: 390, dpr: 3 };
/** "At most a few hundred KB" for the screenshot on the phone. */
const PHONE_BUDGET = 300 * 1024;

const cacheDir = mkdtempSync(join(tmpdir(), 'media-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

let source: Uint8Array;
let shot: CheckedMedia;
let first: EncodedMedia;
beforeAll(async () => {
  source = await screenshotPng();
  const { media, problems } = buildMedia([{ name: 'hud.png', bytes: source }]);
  expect(problems).toEqual([]);
  shot = media.get('hud.png')!;
  first = await encodeMedia([shot], diskMediaCache(cacheDir));
});

describe('encodeMedia', () => {
  test('the screenshot (over 5 MB) is accepted and encoded as AVIF, WebP and PNG at 400, 800 and 1408 px', async () => {
    expect(source.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(first.problems).toEqual([]);
    expect(first.encoded).toBe(9);
    const files = new Map(first.media[0]!.files.map((f) => [f.key, f.bytes]));
    const found = [];
    for (const variant of shot.variants) {
      const { format, width, height } = await sharp(files.get(variant.key)!).metadata();
      found.push(`${format === 'heif' ? 'avif' : format} ${width}×${height}`);
      expect(variant.height).toBe(height);
    }
    expect(found).toEqual([
      'avif 400×225',
      'avif 800×450',
      'avif 1408×792',
      'webp 400×225',
      'webp 800×450',
      'webp 1408×792',
      'png 400×225',
      'png 800×450',
      'png 1408×792',
    ]);
  });

  test('a phone 390 px wide at 3× is sent the AVIF of 1408 px, a few hundred KB at most', () => {
    const wanted = phoneSlot(imageSizes(shot.width)) * PHONE.dpr;
    expect(wanted).toBe(1074);
    // The HTML spec's pick: the smallest candidate of the first type the browser reads that covers the slot's device pixels.
    const avif = shot.variants.filter((v) => v.format === 'avif').sort((a, b) => a.width - b.width);
    const picked = avif.find((v) => v.width >= wanted)!;
    expect(picked.width).toBe(1408);
    const bytes = first.media[0]!.files.find((f) => f.key === picked.key)!.bytes.length;
    expect(bytes).toBeLessThan(PHONE_BUDGET);
  });

  test('encoding it again encodes nothing: every file comes from the disk cache, byte for byte', async () => {
    const again = await encodeMedia([shot], diskMediaCache(cacheDir));
    expect(again.encoded).toBe(0);
    const same = again.media[0]!.files.map(
      (f, i) => f.key === first.media[0]!.files[i]!.key && Buffer.from(f.bytes).equals(first.media[0]!.files[i]!.bytes),
    );
    expect(same).toEqual(shot.variants.map(() => true));
  });

  test('a photo turned by its EXIF orientation is sized and encoded as shown', async () => {
    const stored = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#345' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { media } = buildMedia([{ name: 'phone.jpg', bytes: new Uint8Array(stored) }]);
    const photo = media.get('phone.jpg')!;
    expect([photo.width, photo.height]).toEqual([300, 600]);
    const { media: encoded } = await encodeMedia([photo], diskMediaCache(cacheDir));
    const avif = photo.variants.find((v) => v.format === 'avif')!;
    const { width, height } = await sharp(encoded[0]!.files.find((f) => f.key === avif.key)!.bytes).metadata();
    expect([avif.width, avif.height, width, height]).toEqual([300, 600, 300, 600]);
  });

  test('a file sharp cannot read is refused, naming it', async () => {
    const { media } = buildMedia([{ name: 'broken.png', bytes: png(640, 400, 100) }]);
    const { problems, media: encoded } = await encodeMedia(media.values(), diskMediaCache(cacheDir));
    expect(encoded).toEqual([]);
    expect(problems.map((p) => formatProblem(p).split('\n')[0])).toEqual([
      expect.stringMatching(/^media\/broken\.png: image: is not a readable PNG image \(/),
    ]);
  });
});

/** The slot `sizes` gives on the phone's viewport: its media condition (46rem) does not hold, so `100vw - 2rem`. */
function phoneSlot(sizes: string): number {
  expect(sizes).toBe('(min-width: 46rem) 44rem, calc(100vw - 2rem)');
  expect(PHONE.width).toBeLessThan(46 * 16);
  return PHONE.width - 2 * 16;
}
