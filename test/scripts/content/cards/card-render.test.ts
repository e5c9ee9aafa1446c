/**
 * Cards drawn with satori and sharp: 1200×630 PNGs, titles sized to fit, and the committed site card matches
 * the current design (`npm run site-card`). Unit.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { SITE } from '../../../../client/site.ts';
import { SITE_CARD_PATH } from '../../../../contracts/social-card.ts';
import { articleCard, siteCard, titleFontSize, wrappedLines } from '../../../../scripts/content/cards/card-design.ts';
import { type CardAssets, loadCardAssets, renderCard } from '../../../../scripts/content/cards/card-render.ts';

let assets: CardAssets;
beforeAll(async () => {
  assets = await loadCardAssets();
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(png);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('an article card is a 1200×630 PNG with the dark background and orangered title', async () => {
  const started = performance.now();
  const png = await renderCard(
    articleCard({ title: 'SetupLinks Are Added!', section: 'News', date: 'June 12, 2024' }, assets.iconSrc),
    assets,
  );
  console.log(`one card drawn in ${Math.round(performance.now() - started)} ms (the first drawing includes loading satori and sharp)`);
  expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  expect(at(600, 6), 'the orangered rule along the top').toEqual([0xff, 0x45, 0x00]);
  expect(at(1190, 620), 'the dark background').toEqual([0x14, 0x14, 0x14]);
  const orange = (i: number) => data[i] === 0xff && data[i + 1] === 0x45 && data[i + 2] === 0x00;
  let titlePixels = 0;
  for (let y = 150; y < 500; y++) for (let x = 0; x < info.width; x++) if (orange((y * info.width + x) * 3)) titlePixels++;
  expect(titlePixels, 'orangered title pixels in the middle band').toBeGreaterThan(10_000);
});

describe('the title size', () => {
  test('short titles are largest, longer ones smaller, and every size keeps to three lines where it can', () => {
    const sizes = [
      'Sponsor',
      'Using DSX for Dualsense Active Triggers',
      'Assetto Corsa EVO Early Access Is Now Supported and More Words Too',
      'x '.repeat(200),
    ].map(titleFontSize);
    expect(sizes[0]).toBe(92);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeLessThanOrEqual(sizes[i - 1]!);
    expect(sizes.at(-1)).toBe(50);
  });

  test('wrapping counts lines at word boundaries', () => {
    expect(wrappedLines('Get Started', 20)).toBe(1);
    expect(wrappedLines('Get Started', 8)).toBe(2);
    expect(wrappedLines('aaaaaaaaaaaa bb', 5)).toBe(2);
  });
});

test('the committed site card is what the design draws now (else run `npm run site-card`)', async () => {
  const committed = await readFile(`client/public${SITE_CARD_PATH}`);
  expect(pngSize(committed)).toEqual({ width: 1200, height: 630 });
  const drawn = await renderCard(siteCard(SITE, assets.iconSrc), assets);
  const pixels = async (png: Uint8Array) => sharp(png).removeAlpha().raw().toBuffer();
  const [a, b] = await Promise.all([pixels(committed), pixels(drawn)]);
  expect(a.length).toBe(b.length);
  // Pixel for pixel, allowing another sharp build's rounding at anti-aliased edges: a changed
  // letter alters hundreds of channel values by far more than 24.
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 24) differing++;
  expect(differing, 'channel values that differ by more than 24 of 255').toBeLessThan(100);
});
