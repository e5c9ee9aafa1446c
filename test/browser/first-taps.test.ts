/**
 * A tap at first paint or during a client navigation (link, copy button, theme toggle, search box) acts exactly
 * once; modified clicks stay the browser's; the hovered link is prefetched. Chromium with the network held.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Site, startSite } from '../support/browser.ts';
import { gotoBeforeEntry, holdRequests } from '../support/held-requests.ts';
import { clickPrefetchedGuides, ctrlClickOpensTab, enhanced, marker, pageHtmlRequests, withSaveData } from '../support/navigation.ts';

const CODE_PAGE = '/guide/start-the-app-minimized';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** Counts the page's clipboard writes in `window.copies`. */
const countCopies = (page: Page) =>
  page.addInitScript(() => {
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    (window as unknown as { copies: number }).copies = 0;
    navigator.clipboard.writeText = (text: string) => {
      (window as unknown as { copies: number }).copies++;
      return write(text);
    };
  });
const copies = (page: Page) => page.evaluate(() => (window as unknown as { copies: number }).copies);

/** Opens `path` with the entry script held back; the page is painted and its inline scripts have run. */
async function openBeforeEntry(path: string) {
  const opened = await site.open();
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url('/') });
  await countCopies(opened.page);
  const entry = await gotoBeforeEntry(opened.page, site.url(path));
  await opened.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const documents: string[] = [];
  opened.page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
  return { ...opened, entry, documents };
}

describe('before the entry has run', () => {
  test('a copy button tapped then copies once the entry runs', async () => {
    const { page, context, entry, errors } = await openBeforeEntry(CODE_PAGE);
    const button = page.locator('.prose .code-block .copy-button').first();
    await button.click();
    expect(await copies(page)).toBe(0);
    entry.release();
    await enhanced(page);
    await expect.poll(() => button.textContent()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('RaceElement.exe /StartMinimized');
    expect(await copies(page)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the theme toggle flips at once, and only once', async () => {
    const { page, context, entry } = await openBeforeEntry('/news');
    const before = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
    await page.click('[data-theme-toggle]');
    const after = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
    expect(after).not.toBe(before);
    entry.release();
    await enhanced(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBe(after);
    await context.close();
  });

  test('of two links tapped, the later one is shown, in place', async () => {
    const { page, context, entry, documents } = await openBeforeEntry('/');
    await page.click('nav.site-nav a[href="/news"]');
    await page.click('nav.site-nav a[href="/guide"]');
    entry.release();
    await page.waitForURL('**/guide');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
    await page.waitForTimeout(500);
    expect(page.url()).toBe(site.url('/guide'));
    expect(documents).toEqual([]);
    expect(await marker(page)).toBe(42);
    await context.close();
  });

  test('Ctrl+click, a download and target="_blank" are left to the browser', async () => {
    const { page, context, entry } = await openBeforeEntry(CODE_PAGE);
    // The first-tap script leaves a Ctrl+click to the browser, which opens a new tab.
    await ctrlClickOpensTab(page, context, 'nav.site-nav a[href="/news"]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.code-sample-file a[download]')]);
    expect(download.suggestedFilename()).toBe('start-race-element-minimized.bat');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('nav.social-bar a:text-is("GitHub")')]);
    await popup.waitForURL(/github\.com\/RiddleTime\/Race-Element/);
    entry.release();
    await enhanced(page);
    await page.waitForTimeout(300);
    expect(page.url()).toBe(site.url(CODE_PAGE));
    expect(await marker(page)).toBe(42);
    await context.close();
  });

  test('the link under the pointer when the entry arrives is prefetched', async () => {
    const { page, context, entry } = await openBeforeEntry('/');
    const requests = pageHtmlRequests(page);
    await page.hover('nav.site-nav a[href="/guide"]');
    entry.release();
    await enhanced(page);
    await clickPrefetchedGuides(page, requests);
    await context.close();
  });
});

describe('during a client navigation', () => {
  /** A page with its entry run, whose next /api/_analog/page-html/news answer waits. */
  async function navigatingToNews(path: string) {
    const opened = await site.open();
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url('/') });
    await countCopies(opened.page);
    // The click, not a fetch ahead of it, asks for /news.
    await withSaveData(opened.page);
    await opened.page.goto(site.url(path));
    await enhanced(opened.page);
    await opened.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const data = await holdRequests(opened.page, (p) => p === '/api/_analog/page-html/news');
    await opened.page.click('nav.site-nav a[href="/news"]');
    await expect.poll(() => data.held()).toBe(1);
    expect(await opened.page.locator('html[data-navigating]').count()).toBe(1);
    return { ...opened, data };
  }

  test('a copy button copies once, on the page still shown', async () => {
    const { page, context, data } = await navigatingToNews(CODE_PAGE);
    const button = page.locator('.prose .code-block .copy-button').first();
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied!');
    expect(await copies(page)).toBe(1);
    data.release();
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    expect(await copies(page)).toBe(1);
    await context.close();
  });

  test('what is typed in the search box meanwhile stays typed and focused on the next page, with its results', async () => {
    const { page, context, data } = await navigatingToNews('/');
    const box = page.locator('header input[role="combobox"]');
    await box.click();
    await page.keyboard.type('dualsens');
    data.release();
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    expect(await box.inputValue()).toBe('dualsens');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    await expect.poll(() => page.locator('header [role="option"]').count()).toBeGreaterThan(0);
    expect(await marker(page)).toBe(42);
    await context.close();
  });

  test('back and forward after it restore each page and its scroll position in place', async () => {
    const { page, context, data } = await navigatingToNews('/guide');
    data.release();
    await page.waitForURL('**/news');
    // Whole: the page's rest comes a frame after its top (client/browser/first-screen.ts).
    await page.locator('.site-footer').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.click('.entry-card-title a[href="/news/race-element-2-released"]');
    await page.waitForURL('**/news/race-element-2-released');
    await page.goBack();
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.goBack();
    await page.waitForURL('**/guide');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
    await page.goForward();
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    expect(await marker(page)).toBe(42);
    await context.close();
  });
});
