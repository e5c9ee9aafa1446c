/**
 * Pages that fit a 390×844 touch screen: header share, /analytics and /search layout, headings kept whole,
 * code blocks and tables that scroll sideways with edge shades. Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Site, startSite } from '../support/browser.ts';
import { expectShadesToFollowScrolling } from '../support/edge-shades.ts';
import { WIDE_TABLE_PATH } from '../support/fixture-site.ts';
import { enhanced } from '../support/navigation.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/**
 * A phone page per colour scheme for the tests that only load a page and read it, kept between them (closed with the
 * site): a renderer per test would repeat what the first one started.
 */
const kept = new Map<string, Promise<Page>>();
function phonePage(colorScheme?: 'dark' | 'light'): Promise<Page> {
  const key = colorScheme ?? 'default';
  if (!kept.has(key))
    kept.set(
      key,
      site.open({ ...PHONE, ...(colorScheme && { colorScheme }) }).then(({ page }) => page),
    );
  return kept.get(key)!;
}

describe('on a 390×844 phone', () => {
  test.each(['/', '/guide/multi-sim', '/news', '/analytics', '/search?q=dsx'])(
    'the header above the content takes at most a fifth of the screen: %s',
    async (path) => {
      const page = await phonePage();
      await page.goto(site.url(path));
      // Everything above <main>: title, search, theme button, navigation, community links.
      const top = await page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeGreaterThan(0);
      expect(top, `header height on ${path}`).toBeLessThanOrEqual(0.2 * 844);
    },
  );

  test('/analytics has no sideways overflow, and every count is on screen', async () => {
    const { context, page } = await site.open(PHONE);
    // Each view is counted by the beacon, which the entry sends after the first paint.
    for (const path of ['/', '/guide', '/news']) {
      await Promise.all([page.waitForResponse((r) => r.url().includes('/analytics/hits')), page.goto(site.url(path))]);
    }
    await page.goto(site.url('/analytics'));
    await enhanced(page);
    expect(await page.locator('.bar-list li').count()).toBeGreaterThan(0);
    const layout = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      wide: [...document.querySelectorAll('main *')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        .map((el) => el.className || el.tagName),
      outside: [...document.querySelectorAll('.bar-value, .data-table td, .data-table th')]
        .filter((el) => el.getBoundingClientRect().right > 390)
        .map((el) => el.textContent),
      fontSize: getComputedStyle(document.querySelector('.bar-value')!).fontSize,
    }));
    expect(layout).toEqual({ page: 390, wide: [], outside: [], fontSize: '14px' });
    // The column header stays one line.
    const header = page.locator('.data-table thead th', { hasText: 'All time' });
    const lines = await header.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await context.close();
  });

  test('/search shows one search box, and cards with space between them', async () => {
    const { context, page } = await site.open(PHONE);
    await page.goto(site.url('/search?q=dsx'));
    await enhanced(page);
    expect(await page.locator('input[name="q"]').count()).toBe(1);
    expect(await page.locator('[role="search"]').count()).toBe(1);
    expect(await page.locator('input[name="q"]').inputValue()).toBe('dsx');
    const cards = await page.locator('.search-results > li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect()));
    expect(cards.length).toBeGreaterThan(1);
    for (let i = 1; i < cards.length; i++) expect(cards[i]!.top - cards[i - 1]!.bottom).toBeGreaterThanOrEqual(12);
    // Leaving /search brings the header's box back.
    await page.click('nav.site-nav a[href="/news"]');
    await page.waitForURL('**/news');
    expect(await page.locator('header input[name="q"]').count()).toBe(1);
    await context.close();
  });

  test('without JavaScript, the one box on /search still searches', async () => {
    const { context, page } = await site.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto(site.url('/search'));
    expect(await page.locator('input[name="q"]').count()).toBe(1);
    await page.locator('input[name="q"]').fill('multisim');
    await page.locator('input[name="q"]').press('Enter');
    await page.waitForURL('**/search?q=multisim');
    expect(await page.locator('.search-results a').first().getAttribute('href')).toBe('/guide/multi-sim');
    await context.close();
  });

  test('a touch screen shows no "press /" hint; a desktop does', async () => {
    const placeholderColour = async (options: object) => {
      const { context, page } = await site.open(options);
      await page.goto(site.url('/guide'));
      const input = page.locator('header input[name="q"]');
      const result = await input.evaluate((el) => ({
        placeholder: getComputedStyle(el, '::placeholder').color,
        shown: getComputedStyle(el.closest('form')!, '::after').content,
      }));
      await context.close();
      return result;
    };
    expect(await placeholderColour(PHONE)).toEqual({ placeholder: 'rgba(0, 0, 0, 0)', shown: '"Search"' });
    expect((await placeholderColour({})).placeholder).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('a heading breaks between words, not after the hyphen of "command-line"', async () => {
    const { context, page } = await site.open(PHONE);
    await page.goto(site.url('/guide/start-the-app-minimized'));
    const word = page.locator('main h2 .keep-word', { hasText: 'command-line' });
    expect(await word.evaluate((el) => el.getClientRects().length)).toBe(1);
    const style = await page
      .locator('main h2')
      .first()
      .evaluate((el) => ({ hyphens: getComputedStyle(el).hyphens, wrap: getComputedStyle(el).overflowWrap }));
    expect(style).toEqual({ hyphens: 'manual', wrap: 'normal' });
    await context.close();
  });

  test.each(['dark', 'light'] as const)(
    'a code block wider than the screen shades the edges with more code beyond them (%s)',
    async (scheme) => {
      const page = await phonePage(scheme);
      await page.goto(site.url('/guide/multi-sim'));
      const block = page.locator('.prose pre.shiki').filter({ hasText: 'TelemetryAdress' });
      await block.scrollIntoViewIfNeeded();
      await expectShadesToFollowScrolling(block);
    },
  );

  test.each(['dark', 'light'] as const)('a table wider than the screen scrolls by itself, shaded like code (%s)', async (scheme) => {
    const page = await phonePage(scheme);
    await page.goto(site.url(WIDE_TABLE_PATH));
    const region = page.locator('.prose .table-scroll');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await region.evaluate((el) => getComputedStyle(el.querySelector('table')!).display)).toBe('table');
    await region.scrollIntoViewIfNeeded();
    await expectShadesToFollowScrolling(region);
  });

  test('a wide table is reached with Tab and scrolled with the arrow keys', async () => {
    const { context, page } = await site.open(PHONE);
    await page.goto(site.url(WIDE_TABLE_PATH));
    const region = page.getByRole('region', { name: 'Table: Command, Arguments, Example, Answers with, Works while' });
    // From the heading, the first stop of the article is the table.
    await page.locator('main h1').focus();
    await page.keyboard.press('Tab');
    expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await context.close();
  });
});
