/** Helpers for client-navigation tests in Chromium: tell a reload from an in-place render, add links. */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The entry has run (after the first paint): the router, the search box, copy buttons and the
 * contents highlight are wired. A click before it is held by the page's inline script.
 */
export const enhanced = (page: Page) => page.locator('html[data-enhanced]').waitFor({ state: 'attached' });

/**
 * The page as a reader finally sees it: loaded, its entry run, its fonts in and no diagram still
 * loading. The events themselves, rather than waiting for the network to stay quiet for 500 ms.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await enhanced(page);
  await page.waitForFunction(() => document.fonts.status === 'loaded' && !document.querySelector('[data-diagram-state="loading"]'));
}

/** Save-Data on (client/browser/fetch-ahead.ts fetches nothing ahead): a test's click makes its page's request itself. */
export const withSaveData = (page: Page) =>
  page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }));

/** A value on `window`: a full page load clears it, a client navigation keeps it. */
export const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
/** Sets the `window` marker once the entry has run. */
export async function setMarker(page: Page): Promise<void> {
  await enhanced(page);
  await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 42));
}

/**
 * Ctrl+clicks `selector` and checks that the page's scripts left the click to the browser: its default not prevented
 * (read by a window listener, after the document's own) and a new page opened in `context`. Whether that page loads is
 * the browser's part: Debian's chromium-headless-shell 150 often leaves a tab opened by a modifier click unloaded.
 */
export async function ctrlClickOpensTab(page: Page, context: BrowserContext, selector: string): Promise<void> {
  await page.evaluate(() =>
    window.addEventListener('click', (event) =>
      document.documentElement.setAttribute('data-click-prevented', String(event.defaultPrevented)),
    ),
  );
  const opened = context.waitForEvent('page');
  await page.click(selector, { modifiers: ['Control'] });
  expect(await page.locator('html').getAttribute('data-click-prevented')).toBe('false');
  expect(await opened).not.toBe(page);
}

/** Puts a link to `href` at the top of <main>: a URL no page links to itself. Its selector. */
export async function addLink(page: Page, href: string): Promise<string> {
  await enhanced(page);
  await page.evaluate((target) => {
    const a = document.createElement('a');
    a.href = target;
    a.id = 'test-link';
    a.textContent = target;
    document.querySelector('main')?.prepend(a);
  }, href);
  return '#test-link';
}

/** Adds a link to `href` (see addLink) and clicks it. */
export async function clickNewLink(page: Page, href: string): Promise<void> {
  await page.click(await addLink(page, href));
}

/** Counts the router's page-HTML requests from now on: how many asked for the page at `path`. */
export function pageHtmlRequests(page: Page): (path: string) => number {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  return (path) => paths.filter((p) => p === `/api/_analog/page-html${path}`).length;
}

/**
 * After a hover over the header's Guides link: its page is fetched once, and the click shows it in place
 * with no second request.
 */
export async function clickPrefetchedGuides(page: Page, requests: (path: string) => number): Promise<void> {
  await expect.poll(() => requests('/guide')).toBe(1);
  await page.click('nav.site-nav a[href="/guide"]');
  await page.waitForURL('**/guide');
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
  expect(requests('/guide')).toBe(1);
}
