/** Helpers for client-navigation tests in Chromium: tell a reload from an in-place render, add links. */
import type { Page } from 'playwright-core';

/**
 * Hydration starts after the first paint: before it, links are ordinary ones and the DOM is
 * React's to compare, so tests of client navigation wait for it.
 */
export const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/** A value on `window`: a full page load clears it, a client navigation keeps it. */
export const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
export async function setMarker(page: Page): Promise<void> {
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 42));
}

/** Puts a link to `href` at the top of <main>: a URL no page links to itself. Its selector. */
export async function addLink(page: Page, href: string): Promise<string> {
  await hydrated(page);
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
