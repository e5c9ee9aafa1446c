/** Helpers for client-navigation tests in Chromium: tell a reload from an in-place render, add links. */
import type { Page } from 'playwright-core';

/** The entry has run (after the first paint): copy buttons, theme toggle, contents highlight. */
export const enhanced = (page: Page) => page.locator('html[data-enhanced]').waitFor({ state: 'attached' });

/**
 * React hydrates at the visitor's first intent (client/browser/first-intent.ts): before it,
 * links are ordinary ones. Tests of client navigation wait for the entry, show intent as a
 * visitor would (the mouse moves), and wait for hydration to commit.
 */
export async function hydrated(page: Page): Promise<void> {
  await enhanced(page);
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

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
