/**
 * `node scripts/docs/phone-screenshots.ts`: the diagram page and /analytics on a 390×844 touch screen, both themes.
 * I/O: publishes content/ into workerd, drives Chromium, writes docs/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startLocalWorker } from '../../tools/local-worker.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../content/diagrams/chromium.ts';
import { uploadContent } from '../content/publish/upload.ts';

const OUT = 'docs/screenshots';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const VISITED = ['/', '/guide/multi-sim', '/guide/DSX', '/guide/multi-sim'];

const worker = await startLocalWorker({ listen: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const outcome = await uploadContent({ content: 'content', store: worker.store });
  if (!outcome.ok) throw new Error('content/ does not upload: run `npm run upload -- --dry-run` to see why');
  const url = (path: string) => new URL(path, worker.url).href;
  mkdirSync(OUT, { recursive: true });

  // Each visit counts a view once the page is idle (client/browser/page-view-beacon.ts).
  const visitor = await browser.newContext(PHONE);
  for (const path of VISITED) {
    const page = await visitor.newPage();
    const counted = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/'));
    await page.goto(url(path));
    await counted;
    await page.close();
  }
  await visitor.close();

  for (const scheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({ ...PHONE, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(url('/guide/multi-sim'));
    await page.locator('figure.diagram').first().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    await page.screenshot({ path: join(OUT, `multi-sim-phone-${scheme}.png`) });
    await page.goto(url('/analytics'));
    // The phone's screen, not the full page: Chromium's full-page capture drops the touch emulation.
    await page.screenshot({ path: join(OUT, `analytics-phone-${scheme}.png`) });
    await context.close();
    console.log(`wrote ${OUT}/multi-sim-phone-${scheme}.png and ${OUT}/analytics-phone-${scheme}.png`);
  }
} finally {
  await browser.close();
  await worker.dispose();
}
