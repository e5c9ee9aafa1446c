/**
 * Without a theme cookie the page paints in the system's colour scheme from its first frame; the toggle still
 * wins and is remembered. Chromium with each emulated scheme.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Site, startSite } from '../support/browser.ts';
import { enhanced } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** The page backgrounds of client/styles.css (--bg), as computed styles give them. */
const BACKGROUND = { dark: 'rgb(20, 20, 20)', light: 'rgb(255, 255, 255)' } as const;
const OTHER = { dark: 'light', light: 'dark' } as const;

/**
 * Records the body's background at every animation frame from the first one on (each frame is
 * about to be painted), for the first seconds of the page: a flash of the other theme would be
 * in the list. Runs before the page's own scripts.
 */
async function recordFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { backgrounds: string[] }).backgrounds = seen;
    const frame = () => {
      if (document.body) {
        const colour = getComputedStyle(document.body).backgroundColor;
        if (seen.at(-1) !== colour) seen.push(colour);
      }
      if (performance.now() < 4000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const backgrounds = (page: Page) => page.evaluate(() => (window as unknown as { backgrounds: string[] }).backgrounds);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe.each(['light', 'dark'] as const)('a system set to %s, no theme cookie', (scheme) => {
  test('is painted in that theme from the first frame to after hydration, code blocks and toggle included', async () => {
    const { context, page } = await site.open({ colorScheme: scheme });
    await recordFrames(page);
    await page.goto(site.url('/guide/multi-sim'));
    await enhanced(page);
    await page.waitForTimeout(300);
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    expect(await backgrounds(page)).toEqual([BACKGROUND[scheme]]);
    // The toggle offers the other theme; shiki's code follows the page.
    expect(await page.getByRole('button', { name: `Switch to ${OTHER[scheme]} theme` }).count()).toBe(1);
    const code = await page
      .locator('pre.shiki')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(code).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(36, 41, 46)');
    await context.close();
  });

  test('needs no script: with JavaScript off the page is in that theme', async () => {
    const { context, page } = await site.open({ colorScheme: scheme, javaScriptEnabled: false });
    await page.goto(site.url('/news'));
    expect(await bodyBackground(page)).toBe(BACKGROUND[scheme]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
    await context.close();
  });

  test('the toggle wins over the system and is remembered across loads', async () => {
    const { context, page } = await site.open({ colorScheme: scheme });
    await page.goto(site.url('/news'));
    await enhanced(page);
    await page.click('[data-theme-toggle]');
    const chosen = OTHER[scheme];
    expect(await page.locator('html').getAttribute('data-theme')).toBe(chosen);
    expect(await bodyBackground(page)).toBe(BACKGROUND[chosen]);
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe(chosen);
    await recordFrames(page);
    await page.goto(site.url('/guide/multi-sim'));
    await enhanced(page);
    expect(await page.locator('html').getAttribute('data-theme')).toBe(chosen);
    expect(await backgrounds(page)).toEqual([BACKGROUND[chosen]]);
    expect(await page.getByRole('button', { name: `Switch to ${scheme} theme` }).count()).toBe(1);
    // Toggled back: the explicit choice is now the system's theme, still remembered.
    await page.click('[data-theme-toggle]');
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe(scheme);
    await page.emulateMedia({ colorScheme: chosen });
    await page.reload();
    expect(await bodyBackground(page)).toBe(BACKGROUND[scheme]);
    await context.close();
  });
});
