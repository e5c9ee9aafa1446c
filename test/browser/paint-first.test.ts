/**
 * The server's HTML paints before the client entry is imported, the entry is the only script fetched, and an
 * early click is held then replayed once (its page's HTML asked for at the click), or followed as a link when the
 * entry never comes. Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HELD_CLICK_MS } from '../../client/paint-first.ts';
import { clientFiles } from '../../scripts/client-weight.ts';
import { type Site, startSite } from '../support/browser.ts';
import { gotoBeforeEntry } from '../support/held-requests.ts';
import { enhanced, marker, pageHtmlRequests } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

describe('the entry runs after first contentful paint', () => {
  test.each(['/', '/news', '/guide/multi-sim', '/guide/features', '/analytics'])('%s', async (path) => {
    const { context, page, errors } = await site.open();
    // When <html data-enhanced> appears: the entry has run. Observed from the document: its
    // <html> element does not exist yet when this runs.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement?.hasAttribute('data-enhanced')) {
          (window as unknown as { enhancedAt: number }).enhancedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { attributes: true, attributeFilter: ['data-enhanced'], subtree: true });
    });
    await page.goto(site.url(path));
    await enhanced(page);
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      enhanced: (window as unknown as { enhancedAt: number }).enhancedAt,
    }));
    console.log(`${path}: FCP ${timings.fcp.toFixed(1)} ms, entry run ${timings.enhanced.toFixed(1)} ms`);
    expect(timings.fcp).toBeGreaterThan(0);
    expect(timings.enhanced).toBeGreaterThan(timings.fcp);
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

test('the entry is the one script: a pointer, a key and a scroll fetch nothing more', async () => {
  const { context, page, errors } = await site.open();
  const scripts = scriptRequests(page);
  await page.goto(site.url('/news/2023-04-29-signpath'), { waitUntil: 'networkidle' });
  await enhanced(page);
  await page.mouse.move(5, 5);
  await page.keyboard.press('Shift');
  await page.mouse.wheel(0, 400);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([...clientFiles().baseJs].map((file) => `/${file}`));
  // The theme toggle answers as before.
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
  await page.locator('[data-theme-toggle]').first().dispatchEvent('click');
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).not.toBe(before);
  expect(errors).toEqual([]);
  await context.close();
});

test('a click on a link before the entry runs is held, then shown in place once the entry runs', async () => {
  const { context, page, errors } = await site.open();
  const entry = await gotoBeforeEntry(page, site.url('/news'));
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const historyLength = await page.evaluate(() => history.length);
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
  const requests = pageHtmlRequests(page);
  await page.click('nav.site-nav a[href="/guide"]');
  // The page's HTML is asked for at the tap, while the entry is still on its way.
  await expect.poll(() => requests('/guide')).toBe(1);
  expect(page.url()).toBe(site.url('/news'));
  entry.release();
  await page.waitForURL('**/guide');
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
  // The router took that answer: no second request.
  expect(requests('/guide')).toBe(1);
  expect(documents).toEqual([]);
  expect(await marker(page)).toBe(42);
  // Exactly once: one history entry was added.
  expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
  expect(errors).toEqual([]);
  await context.close();
});

test('a held click whose entry never arrives is followed as an ordinary link', async () => {
  const { context, page } = await site.open();
  // The client's scripts never arrive: the page stays as the server sent it.
  await page.route('**/assets/*.js', () => {});
  await page.goto(site.url('/news'), { waitUntil: 'domcontentloaded' });
  await page.locator('main h1').waitFor();
  const documents: string[] = [];
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
  const clickedAt = Date.now();
  await page.click('nav.site-nav a[href="/guide"]');
  await page.waitForURL('**/guide', { timeout: HELD_CLICK_MS + 5000 });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(HELD_CLICK_MS - 100);
  expect(await page.locator('main h1').textContent()).toBe('Guides');
  expect(documents).toEqual(['/guide']);
  await context.close();
});
