/** The header search box in Chromium: as-you-type results, keyboard, "/" shortcut. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Site, startSite } from '../support/browser.ts';
import { gotoBeforeEntry } from '../support/held-requests.ts';
import { enhanced } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

test('results appear as you type; arrows and Enter open one without a reload', async () => {
  const { page, context, errors } = await site.open();
  await page.goto(site.url('/news'));
  await enhanced(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  const box = page.locator('header input[role="combobox"]');
  await box.fill('dualsens');
  const options = page.locator('header [role="option"]');
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  expect(await options.first().locator('strong').textContent()).toBe('Using DSX for Dualsense Active Triggers');
  expect(await options.first().locator('mark').count()).toBeGreaterThan(0);
  await box.press('ArrowDown');
  expect(await options.first().getAttribute('aria-selected')).toBe('true');
  expect(await box.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
  await box.press('Enter');
  await page.waitForURL('**/guide/DSX');
  expect(await page.locator('main h1').textContent()).toBe('Using DSX for Dualsense Active Triggers');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  expect(await page.locator('header .search-popup').isHidden()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('"/" focuses the search box; Enter without a selection opens the results page', async () => {
  const { page, context } = await site.open();
  await page.goto(site.url('/guide'));
  await enhanced(page);
  await page.keyboard.press('/');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  await page.keyboard.type('multisim');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/search?q=multisim');
  expect(await page.locator('.search-results a').first().getAttribute('href')).toBe('/guide/multi-sim');
  await context.close();
});

test('before the entry runs, what is typed in the box is kept, and searched once it runs', async () => {
  const { page, context, errors } = await site.open();
  const entry = await gotoBeforeEntry(page, site.url('/guide'));
  const box = page.locator('header input[role="combobox"]');
  await box.click();
  await page.keyboard.type('multisim');
  entry.release();
  await enhanced(page);
  expect(await box.inputValue()).toBe('multisim');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
  await expect.poll(() => page.locator('header [role="option"] a').first().getAttribute('href')).toBe('/guide/multi-sim');
  expect(errors).toEqual([]);
  await context.close();
});

test('Escape closes the results', async () => {
  const { page, context } = await site.open();
  await page.goto(site.url('/'));
  await enhanced(page);
  const box = page.locator('header input[role="combobox"]');
  await box.fill('obs');
  await expect.poll(() => page.locator('header .search-popup').isVisible()).toBe(true);
  await box.press('Escape');
  expect(await page.locator('header .search-popup').isHidden()).toBe(true);
  await context.close();
});
