/**
 * Accessibility (axe-core, WCAG 2.x A and AA) of every kind of page in both themes, desktop and phone, and the
 * skip link. Chromium.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Site, startSite } from '../support/browser.ts';
import { WIDE_TABLE_PATH } from '../support/fixture-site.ts';
import { settled } from '../support/navigation.ts';
import { countPageViews } from '../support/page-views.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const PAGES = [
  '/',
  '/news',
  '/guide',
  '/news/race-element-2-released',
  // code blocks, a mermaid diagram, a table of contents
  '/guide/multi-sim',
  '/guide/features',
  '/guide/start-the-app-minimized',
  '/setup',
  '/setup?link=QUJD',
  // the results page, with its own search box (the header's is left out there)
  '/search?q=dsx',
  // with views counted first (beforeAll), listed as a table and a chart
  '/analytics',
  // a table wider than a phone, in its scrolling region
  WIDE_TABLE_PATH,
  // a missing article, with suggestions, and an unknown route
  '/guide/multisim',
  '/nope',
];

let site: Site;
beforeAll(async () => {
  site = await startSite();
  await countPageViews(site.worker, ['/news', '/guide/multi-sim', '/guide/multi-sim']);
});
afterAll(() => site?.close());

/** One line per failing element: rule, impact, what is wrong, where. */
function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (node) => `${v.id} (${v.impact}): ${v.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
      ),
    )
    .join('\n');
}

async function runAxe(page: Page): Promise<AxeResults> {
  // The site's CSP allows no inline script: the context bypasses CSP for the injected engine.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
  );
}

const SCREENS = {
  desktop: {},
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** One browser context per screen and theme, its theme cookie set, shared by that group's pages. */
const contexts = new Map<string, Promise<BrowserContext>>();
function contextFor(screen: keyof typeof SCREENS, theme: 'dark' | 'light'): Promise<BrowserContext> {
  const key = `${screen} ${theme}`;
  let context = contexts.get(key);
  if (!context) {
    context = site.open({ bypassCSP: true, ...SCREENS[screen] }).then(async ({ context, page }) => {
      await page.close();
      await context.addCookies([{ name: 'theme', value: theme, url: site.url('/') }]);
      return context;
    });
    contexts.set(key, context);
  }
  return context;
}

// Several pages at once (vitest's maxConcurrency): axe's time is mostly waiting for the page to settle.
// Each page in each theme and on each screen, as two pairs: a theme changes colours and a screen the layout,
// independently, so the other two pairs would repeat these checks.
const GROUPS = [
  ['desktop', 'light'],
  ['phone', 'dark'],
] as const;

/** Pages of a group's context between checks: a check navigates an idle one rather than starting a renderer. */
const idlePages = new Map<string, Page[]>();

describe.concurrent('axe finds no violations', () => {
  for (const [screen, theme] of GROUPS) {
    test.each(PAGES)(`%s (${theme} theme, ${screen})`, async (path) => {
      const idle = idlePages.get(`${screen} ${theme}`) ?? [];
      idlePages.set(`${screen} ${theme}`, idle);
      const page = idle.pop() ?? (await (await contextFor(screen, theme)).newPage());
      await page.goto(site.url(path));
      expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
      await settled(page);
      const { violations } = await runAxe(page);
      expect(violations.length, `axe violations on ${path} (${theme}, ${screen}):\n${describeViolations(violations)}`).toBe(0);
      idle.push(page);
    });
  }

  test('a narrow screen with the contents collapsed, and a client navigation, stay clean', async () => {
    const { context, page } = await site.open({ bypassCSP: true, viewport: { width: 390, height: 800 } });
    await page.goto(site.url('/guide'));
    await page.click('.entry-card-title a[href="/guide/multi-sim"]');
    await page.waitForURL('**/guide/multi-sim');
    await settled(page);
    await page.click('nav.toc summary');
    const { violations } = await runAxe(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    await context.close();
  });
});

test('a diagram that could not be loaded leaves its source, scrollable from the keyboard', async () => {
  // Content published with no browser to draw its diagrams: the visitor's browser draws them.
  const clientSite = await startSite({ clientDiagrams: true });
  const { context, page } = await clientSite.open({ bypassCSP: true, viewport: { width: 390, height: 800 } });
  await page.route('**/assets/mermaid*.js', (route) => route.abort());
  await page.goto(clientSite.url('/guide/multi-sim'));
  await expect.poll(() => page.locator('figure.diagram').first().getAttribute('data-diagram-state')).toBe('source');
  const { violations } = await runAxe(page);
  expect(violations.length, describeViolations(violations)).toBe(0);
  await context.close();
  await clientSite.close();
});

describe('skip link', () => {
  test('is the first thing Tab reaches, shows itself, and moves focus to the main content', async () => {
    const { context, page } = await site.open();
    await page.goto(site.url('/guide/multi-sim'));
    await page.keyboard.press('Tab');
    const skip = page.locator('a.skip-link');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    expect(await skip.textContent()).toBe('Skip to content');
    // Visible while focused: inside the viewport.
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab goes on from the main content: the first link inside it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await context.close();
  });

  test('keyboard focus is visible (an outline) on links, buttons and the contents summary', async () => {
    const { context, page } = await site.open();
    await page.goto(site.url('/guide/multi-sim'));
    for (const selector of ['nav.site-nav a', '[data-theme-toggle]', 'nav.toc summary', '.prose .copy-button', '.article-pager a']) {
      await page.locator(selector).first().focus();
      // Focus moved by script counts as keyboard focus for :focus-visible after a key press.
      await page.keyboard.press('Shift');
      const outline = await page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return { matches: el.matches(':focus-visible'), width: style.outlineWidth, style: style.outlineStyle };
        });
      expect(outline, selector).toEqual({ matches: true, width: '2px', style: 'solid' });
    }
    await context.close();
  });
});
