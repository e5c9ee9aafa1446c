/**
 * Article pages in real Chromium: the table of contents (collapsible, the section being read
 * marked while scrolling, after client navigations too), heading anchors, previous/next.
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

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 800 };

/** The hrefs of the contents links marked current, with both marks checked to agree. */
const activeLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('.toc a')]
      .filter((a) => a.classList.contains('toc-active') || a.hasAttribute('aria-current'))
      .map((a) =>
        a.classList.contains('toc-active') && a.getAttribute('aria-current') === 'true'
          ? a.getAttribute('href')
          : `mismatch ${a.getAttribute('href')}`,
      ),
  );

/** Scrolls the heading to where a #link puts it: its scroll margin (1.5rem) below the top. */
const scrollToHeading = (page: Page, id: string) =>
  page.evaluate((id) => {
    const top = document.getElementById(id)!.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - 24, behavior: 'instant' });
  }, id);

describe('table of contents', () => {
  test('marks the section being read, and follows the scroll both ways', async () => {
    const { page, context, errors } = await site.open({ viewport: WIDE });
    await page.goto(site.url('/guide/multi-sim'));
    await page.waitForLoadState('networkidle');
    expect(await activeLinks(page)).toEqual([]);

    await scrollToHeading(page, 'automobilista-2');
    await expect.poll(() => activeLinks(page)).toEqual(['#automobilista-2']);
    await scrollToHeading(page, 'forza-motorsport-8');
    await expect.poll(() => activeLinks(page)).toEqual(['#forza-motorsport-8']);
    // Halfway through a long section, its heading long gone above: still that section.
    await page.evaluate(() => {
      const heading = document.getElementById('le-mans-ultimate')!;
      window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY + 60, behavior: 'instant' });
    });
    await expect.poll(() => activeLinks(page)).toEqual(['#le-mans-ultimate']);
    // Straight back to the top in one jump: nothing is current above the first heading.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => activeLinks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a contents link scrolls to its section and marks it', async () => {
    const { page, context } = await site.open({ viewport: WIDE });
    await page.goto(site.url('/guide/multi-sim'));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 5));
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    const pageData: string[] = [];
    page.on('request', (r) => /\/api\/_analog\/page(s|-html)\//.test(r.url()) && pageData.push(r.url()));
    await page.click('.toc a[href="#project-motor-racing"]');
    await page.waitForURL('**/guide/multi-sim#project-motor-racing');
    // A smooth scroll (scroll-behavior) takes a moment; the page is not loaded again.
    await expect.poll(() => activeLinks(page)).toEqual(['#project-motor-racing']);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(5);
    expect(pageData).toEqual([]);
    // Back: where the reader was before the click, still without loading anything.
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    expect(pageData).toEqual([]);
    await context.close();
  });

  test('starts again after each client navigation, on the new page only', async () => {
    const { page, context, errors } = await site.open({ viewport: WIDE });
    await page.goto(site.url('/guide/multi-sim'));
    await scrollToHeading(page, 'rfactor-2');
    await expect.poll(() => activeLinks(page)).toEqual(['#rfactor-2']);

    // The entry has run: links navigate in place.
    await enhanced(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('nav.site-nav a[href="/guide/features"]');
    await page.waitForURL('**/guide/features');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Features');
    expect(await activeLinks(page)).toEqual([]);
    await scrollToHeading(page, 'liveries');
    await expect.poll(() => activeLinks(page)).toEqual(['#liveries']);
    await scrollToHeading(page, 'data');
    await expect.poll(() => activeLinks(page)).toEqual(['#data']);

    // Back again: the first page's contents work anew.
    await page.goBack();
    await page.waitForURL('**/guide/multi-sim');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Multi-Sim');
    await scrollToHeading(page, 'le-mans-ultimate');
    await expect.poll(() => activeLinks(page)).toEqual(['#le-mans-ultimate']);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('on a narrow screen it is a disclosure: open at first, the summary folds and unfolds it', async () => {
    const { page, context } = await site.open({ viewport: NARROW });
    await page.goto(site.url('/guide/multi-sim'));
    const details = page.locator('nav.toc details');
    const summary = details.locator('summary');
    const list = details.locator('ul');
    expect(await summary.textContent()).toBe('On this page');
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await list.isVisible()).toBe(true);
    // Above the article text, not beside it.
    const tocBox = (await page.locator('nav.toc').boundingBox())!;
    const proseBox = (await page.locator('.prose').boundingBox())!;
    expect(tocBox.y + tocBox.height).toBeLessThanOrEqual(proseBox.y);

    await summary.click();
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await list.isVisible()).toBe(false);
    const folded = (await page.locator('nav.toc').boundingBox())!;
    expect(folded.height).toBeLessThan(tocBox.height / 3);

    // The keyboard too.
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await list.isVisible()).toBe(true);
    await page.keyboard.press('Space');
    expect(await list.isVisible()).toBe(false);
    await context.close();
  });

  test('a folded contents is open again on the next article', async () => {
    const { page, context } = await site.open({ viewport: NARROW });
    await page.goto(site.url('/guide/multi-sim'));
    await page.click('nav.toc summary');
    expect(await page.locator('nav.toc ul').isVisible()).toBe(false);
    await page.click('nav.site-nav a[href="/guide/features"]');
    await page.waitForURL('**/guide/features');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Features');
    expect(await page.locator('nav.toc ul').isVisible()).toBe(true);
    await context.close();
  });

  test('works without JavaScript: open, every link there', async () => {
    const { page, context } = await site.open({ viewport: NARROW, javaScriptEnabled: false });
    await page.goto(site.url('/guide/multi-sim'));
    expect(await page.locator('nav.toc ul').isVisible()).toBe(true);
    expect(await page.locator('nav.toc a').count()).toBe(10);
    await context.close();
  });

  test('on a wide screen it sits beside the text and stays in view while scrolling', async () => {
    const { page, context } = await site.open({ viewport: WIDE });
    await page.goto(site.url('/guide/multi-sim'));
    const toc = page.locator('nav.toc');
    const prose = (await page.locator('.prose').boundingBox())!;
    expect((await toc.boundingBox())!.x).toBeGreaterThan(prose.x + prose.width);
    expect(await page.locator('nav.toc summary').isVisible()).toBe(true);
    await scrollToHeading(page, 'forza-horizon-5');
    const box = (await toc.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(40);
    await context.close();
  });
});

describe('heading anchors', () => {
  test('the "#" after a heading links to it in place, and shows on hover and focus', async () => {
    const { page, context } = await site.open({ viewport: WIDE });
    await page.goto(site.url('/guide/multi-sim'));
    // The diagram above the heading is drawn after load, taller than its source: drawn during the
    // smooth scroll, it would move the heading down after the scroll had aimed at it.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>('[data-diagram]')].every(
        (d) => d.dataset.diagramState === 'rendered' || d.dataset.diagramState === 'source',
      ),
    );
    await enhanced(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    const anchor = page.locator('#forza-horizon-5 a.heading-anchor');
    expect(await anchor.getAttribute('aria-label')).toBe('Link to this section: Forza Horizon 5');
    await page.locator('#forza-horizon-5').hover();
    await expect.poll(() => anchor.evaluate((a) => getComputedStyle(a).opacity)).toBe('1');
    await anchor.click();
    await page.waitForURL('**/guide/multi-sim#forza-horizon-5');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await expect.poll(() => page.evaluate(() => document.getElementById('forza-horizon-5')!.getBoundingClientRect().top)).toBeLessThan(80);
    await context.close();
  });
});

describe('previous and next', () => {
  test('navigate in place to the neighbouring guide', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url('/guide/multi-sim'));
    await enhanced(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 3));
    const next = page.locator('nav[aria-label="More articles"] a[rel="next"]');
    const href = await next.getAttribute('href');
    const title = await next.locator('.pager-title').textContent();
    await next.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe(title);
    expect(await page.locator('nav[aria-label="More articles"] a[rel="prev"]').getAttribute('href')).toBe('/guide/multi-sim');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(3);
    await context.close();
  });
});
