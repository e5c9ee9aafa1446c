/**
 * Paint first, hydrate after, in real Chromium: the browser paints the server's HTML before the
 * client entry is even imported; React is fetched and hydrates only at the visitor's first
 * intent (here, the mouse moving), after first contentful paint; a page nobody touches never
 * fetches it; and a click before hydration is an ordinary link (a full page load).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HYDRATION_START_MARK } from '../../client/paint-first.ts';
import { clientFiles } from '../../scripts/client-weight.ts';
import { type Site, startSite } from '../support/browser.ts';
import { enhanced } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

interface Timings {
  fcp: number;
  hydrationStart: number | null;
  hydrated: number;
}

describe('hydration starts after first contentful paint', () => {
  test.each(['/', '/news', '/guide/multi-sim', '/guide/features', '/analytics'])('%s', async (path) => {
    const { context, page, errors } = await site.open();
    // When <html data-hydrated> appears: hydration has finished and effects have run.
    // Observed from the document: its <html> element does not exist yet when this runs.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.hasAttribute('data-hydrated')) {
          (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
    });
    await page.goto(site.url(path));
    await enhanced(page);
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const timings = await page.evaluate(
      (mark): Timings => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        hydrationStart: performance.getEntriesByName(mark)[0]?.startTime ?? null,
        hydrated: (window as unknown as { hydratedAt: number }).hydratedAt,
      }),
      HYDRATION_START_MARK,
    );
    // The figures for the note: milliseconds since navigation start.
    console.log(
      `${path}: FCP ${timings.fcp.toFixed(1)} ms, hydration start ${timings.hydrationStart?.toFixed(1)} ms, hydrated ${timings.hydrated?.toFixed(1)} ms`,
    );
    expect(timings.fcp).toBeGreaterThan(0);
    expect(timings.hydrationStart).not.toBeNull();
    expect(timings.hydrationStart!).toBeGreaterThan(timings.fcp);
    expect(timings.hydrated).toBeGreaterThan(timings.hydrationStart!);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('the head has no module script and no preload: nothing is fetched for scripts before the first paint', async () => {
  const response = await fetch(site.url('/guide/multi-sim'));
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toMatch(/<script[^>]*type="module"/);
  expect(head).not.toMatch(/<link[^>]*rel="(modulepreload|preload)"/);
  // One inline bootstrap at the end of <body>, naming the entry.
  expect(html).toMatch(/<script data-entry="\/assets\/[^"]+\.js">\(\(\)=>\{/);
});

/** Paths of the scripts the page fetches from now on. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && paths.push(new URL(r.url()).pathname));
  return paths;
}

test('a page nobody touches runs the entry but never fetches React; the first intent does', async () => {
  const { context, page, errors } = await site.open();
  const { baseJs, appJs } = clientFiles();
  const reactFiles = [...appJs].filter((file) => !baseJs.has(file)).map((file) => `/${file}`);
  expect(reactFiles.length).toBeGreaterThan(0);
  const scripts = scriptRequests(page);
  await page.goto(site.url('/news/2023-04-29-signpath'), { waitUntil: 'networkidle' });
  await enhanced(page);
  expect(scripts.filter((path) => reactFiles.includes(path))).toEqual([]);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  // The page works already: the theme toggle answers without React.
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
  await page.locator('[data-theme-toggle]').first().dispatchEvent('click');
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).not.toBe(before);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  // A key press is intent: React is fetched and hydrates the page.
  await page.keyboard.press('Shift');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(scripts.filter((path) => reactFiles.includes(path)).sort()).toEqual([...reactFiles].sort());
  expect(errors).toEqual([]);
  await context.close();
});

test('a click before hydration is an ordinary link: a full page load of the next page', async () => {
  const { context, page } = await site.open();
  // The client's scripts never arrive: the page stays as the server sent it.
  await page.route('**/assets/*.js', () => {});
  await page.goto(site.url('/news'), { waitUntil: 'domcontentloaded' });
  await page.locator('main h1').waitFor();
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
  await page.click('nav.site-nav a[href="/guide"]');
  await page.waitForURL('**/guide');
  expect(await page.locator('main h1').textContent()).toBe('Guides');
  expect(documents).toEqual(['/guide']);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  await context.close();
});
