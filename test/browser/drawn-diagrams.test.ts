/**
 * Diagrams drawn at upload as the reader sees them: no extra JavaScript, shown without it, no layout shift, theme
 * colours, and readable sideways-scrolling figures with edge shades on a phone. Chromium.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ARTICLE_JS_BUDGET_BYTES, clientFiles } from '../../scripts/client-weight.ts';
import { type Site, startSite } from '../support/browser.ts';
import { edgeShades, expectShadesToFollowScrolling } from '../support/edge-shades.ts';
import { enhanced } from '../support/navigation.ts';

const ARTICLE = '/guide/multi-sim';
const PHONE = { width: 390, height: 844 };

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

test('the page loads only the base JavaScript (no mermaid, within the article budget, gzip) and no layout shifts', async () => {
  const { page, context, errors } = await site.open();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response: Response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.set(new URL(response.url()).pathname, response.body());
  });
  await page.addInitScript(() => {
    (window as unknown as { shift: number }).shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as unknown as { shift: number }).shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(site.url(ARTICLE));
  await enhanced(page);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('figure.diagram-drawn svg').count()).toBe(1);
  // The entry and its imports: no mermaid.
  expect([...scripts.keys()].sort()).toEqual([...clientFiles().baseJs].map((file) => `/${file}`).sort());
  let gzipBytes = 0;
  for (const body of scripts.values()) gzipBytes += gzipSync(await body, { level: 9 }).length;
  expect(gzipBytes).toBeLessThanOrEqual(ARTICLE_JS_BUDGET_BYTES);
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('the diagram is there with JavaScript off', async () => {
  const { page, context } = await site.open({ javaScriptEnabled: false });
  await page.goto(site.url(ARTICLE));
  const svg = page.locator('figure.diagram-drawn svg');
  expect(await svg.isVisible()).toBe(true);
  expect(await svg.locator('text', { hasText: 'Shared memory' }).count()).toBeGreaterThan(0);
  await context.close();
});

describe.each(['dark', 'light'] as const)('in the %s theme', (scheme) => {
  test("nodes and labels take the page's colours", async () => {
    const { page, context } = await site.open({ colorScheme: scheme });
    await page.goto(site.url(ARTICLE));
    const colours = await page.evaluate(() => {
      const figure = document.querySelector('figure.diagram-drawn')!;
      const probe = (value: string) => {
        const el = document.createElement('span');
        el.style.color = value;
        figure.append(el);
        const colour = getComputedStyle(el).color;
        el.remove();
        return colour;
      };
      const node = figure.querySelector('.node rect, .node polygon, .node path')!;
      const label = [...figure.querySelectorAll('text')].find((t) => t.textContent?.includes('Shared memory'))!;
      return {
        node: getComputedStyle(node).fill,
        nodeExpected: probe('var(--surface-2)'),
        label: getComputedStyle(label).fill,
        labelExpected: probe('var(--text)'),
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(colours.node).toBe(colours.nodeExpected);
    expect(colours.label).toBe(colours.labelExpected);
    expect(colours.page).toBe(scheme === 'dark' ? 'rgb(20, 20, 20)' : 'rgb(255, 255, 255)');
    await context.close();
  });
});

test('at 390 px every label is at least 11 CSS px, and the figure scrolls sideways from the keyboard', async () => {
  const { page, context } = await site.open({ viewport: PHONE });
  await page.goto(site.url(ARTICLE));
  await enhanced(page);
  const sizes = await page.evaluate(() =>
    [...document.querySelectorAll<SVGTextElement>('figure.diagram-drawn svg text')]
      .filter((t) => t.textContent?.trim())
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 0)),
  );
  expect(sizes.length).toBeGreaterThan(5);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  const figure = page.locator('figure.diagram-drawn');
  const { scrollWidth, clientWidth } = await figure.evaluate((f) => ({ scrollWidth: f.scrollWidth, clientWidth: f.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(await figure.getAttribute('tabindex')).toBe('0');
  await figure.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => figure.evaluate((f) => f.scrollLeft)).toBeGreaterThan(0);
  await context.close();
});

describe.each(['dark', 'light'] as const)('at 390 px in the %s theme', (scheme) => {
  test('a shade marks each edge of the diagram with more beyond it', async () => {
    const { page, context } = await site.open({ viewport: PHONE, colorScheme: scheme });
    await page.goto(site.url(ARTICLE));
    const figure = page.locator('figure.diagram-drawn');
    await figure.scrollIntoViewIfNeeded();
    await expectShadesToFollowScrolling(figure);
    await context.close();
  });
});

test('a diagram that fits its column has no shade', async () => {
  const { page, context } = await site.open({ viewport: { width: 1280, height: 900 } });
  await page.goto(site.url(ARTICLE));
  const figure = page.locator('figure.diagram-drawn');
  await figure.scrollIntoViewIfNeeded();
  expect(await figure.evaluate((f) => f.scrollWidth - f.clientWidth)).toBe(0);
  const shades = await edgeShades(figure);
  expect(shades.left).toBeLessThan(10);
  expect(shades.right).toBeLessThan(10);
  await context.close();
});
