/**
 * A 2560×1440 screenshot of 5 MB published by the real upload and read in Chromium: the file a 390 px phone at 3× and a
 * desktop pick, the bytes the phone receives, the first image fetched at once and a later one not. Chromium, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MEDIA_CACHE_CONTROL } from '../../contracts/media.ts';
import { buildMedia, type CheckedMedia } from '../../scripts/content/build/media.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { type Site, startSite } from '../support/browser.ts';
import { gradientPng, screenshotPng } from '../support/images.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** "At most a few hundred KB" for the screenshot on the phone. */
const PHONE_BUDGET = 300 * 1024;
const PATH = '/guide/hud-screenshot';
const FIRST = 'img[alt^="The HUD"]';

// Far enough down for Chromium's lazy loading to wait (it fetches from 3000 px below the screen on an unknown network).
const filler = Array.from({ length: 100 }, (_, i) => `Paragraph ${i + 1} explains one more setting of the HUD at some length.`).join(
  '\n\n',
);
const ARTICLE = {
  file: 'guide-hud-screenshot.md',
  source: `---\ntitle: The HUD at full size\nslug: hud-screenshot\ndescription: A screenshot as saved\ntype: guide\n---\nThe HUD as a maintainer saved it:\n\n![The HUD at 2560 by 1440](media/hud-screenshot.png)\n\n${filler}\n\n![Further down](media/further-down.png)\n`,
};

let site: Site<LocalWorker>;
let shot: CheckedMedia;
let further: CheckedMedia;
beforeAll(async () => {
  const media = [
    { name: 'hud-screenshot.png', bytes: await screenshotPng() },
    { name: 'further-down.png', bytes: await gradientPng(1200, 800) },
  ];
  expect(media[0]!.bytes.length).toBeGreaterThan(5 * 1024 * 1024);
  const built = buildMedia(media).media;
  shot = built.get('hud-screenshot.png')!;
  further = built.get('further-down.png')!;
  site = await startSite({ extraEntries: [ARTICLE], extraMedia: media });
});
afterAll(() => site?.close());

const variant = (image: CheckedMedia, format: string, width: number) =>
  image.variants.find((v) => v.format === format && v.width === width)!;

/** The page at `options`, its first image loaded, with the files of both images that the page asked for. */
async function open(options: Parameters<Site['open']>[0]) {
  const { page, context, errors } = await site.open(options);
  const ours = new Set([...shot.variants, ...further.variants].map((v) => v.url));
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (ours.has(path)) asked.push(path);
  });
  await page.goto(site.url(PATH));
  await page.waitForFunction((selector) => {
    const img = document.querySelector<HTMLImageElement>(selector);
    return img?.complete && img.naturalWidth > 0;
  }, FIRST);
  const current = await page.$eval(FIRST, (img) => new URL((img as HTMLImageElement).currentSrc).pathname);
  return { page, context, errors, asked, current };
}

describe('a 5 MB screenshot', () => {
  test('a 390 px phone at 3× gets the AVIF of 1408 px, a few hundred KB at most, served as immutable', async () => {
    const { page, context, errors, asked, current } = await open(PHONE);
    expect(current).toBe(variant(shot, 'avif', 1408).url);
    const response = await fetch(site.url(current));
    const bytes = (await response.arrayBuffer()).byteLength;
    expect(response.headers.get('Content-Type')).toBe('image/avif');
    expect(response.headers.get('Cache-Control')).toBe(MEDIA_CACHE_CONTROL);
    expect(bytes).toBeLessThan(PHONE_BUDGET);
    // The first image is asked for at once and with priority; the one 100 paragraphs down is lazy and not asked for yet.
    const first = await page.$eval(FIRST, (img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);
    expect(first).toEqual([null, 'high']);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([current]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a desktop at 1× gets the AVIF of 800 px for the 704 px column; the later image once scrolled to; WebP served as image/webp', async () => {
    const { page, context, current } = await open(DESKTOP);
    expect(current).toBe(variant(shot, 'avif', 800).url);
    await page.locator('img[alt="Further down"]').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="Further down"]')?.complete);
    expect(await page.$eval('img[alt="Further down"]', (img) => new URL((img as HTMLImageElement).currentSrc).pathname)).toBe(
      variant(further, 'avif', 800).url,
    );
    await context.close();
    const webp = await fetch(site.url(variant(shot, 'webp', 1408).url));
    expect([webp.status, webp.headers.get('Content-Type')]).toEqual([200, 'image/webp']);
    await webp.body?.cancel();
  });
});
