/** The interactive parts of pages in real Chromium: copy, diagrams, samples, theme, errors. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Site, startSite } from '../support/browser.ts';
import { enhanced } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const SAMPLE = 'start-race-element-minimized.bat';

describe('copy button', () => {
  test('copies the code, says "Copied!", and returns to "Copy" after 5000 ms', async () => {
    const { page, context } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url('/') });
    await page.clock.install({ time: new Date('2026-01-01T12:00:00Z') });
    await page.goto(site.url('/guide/start-the-app-minimized'));
    await enhanced(page);
    // Time stands still from here: only runFor moves it, however busy the machine is.
    await page.clock.pauseAt(new Date('2026-01-01T12:01:00Z'));
    const button = page.locator('.prose .code-block .copy-button').first();
    expect(await button.textContent()).toBe('Copy');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('RaceElement.exe /StartMinimized');
    await page.clock.runFor(100); // the announcement waits for an animation frame
    await expect.poll(() => page.locator('#announcer').textContent()).toBe('Code copied to clipboard');
    await page.clock.runFor(4800);
    expect(await button.textContent()).toBe('Copied!');
    await page.clock.runFor(200);
    expect(await button.textContent()).toBe('Copy');
    await context.close();
  });

  test.each([
    [
      'refused',
      () =>
        Object.defineProperty(navigator.clipboard, 'writeText', {
          value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        }),
    ],
    ['missing', () => Object.defineProperty(navigator, 'clipboard', { value: undefined })],
  ])('where the clipboard is %s, selects the code and asks for Ctrl+C', async (_, breakClipboard) => {
    const { page, context } = await site.open();
    await page.addInitScript(breakClipboard);
    await page.clock.install();
    await page.goto(site.url('/guide/start-the-app-minimized'));
    await enhanced(page);
    const button = page.locator('.prose .code-block .copy-button').first();
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Press Ctrl+C to copy');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('RaceElement.exe /StartMinimized');
    await page.clock.runFor(5100);
    expect(await button.textContent()).toBe('Copy');
    await context.close();
  });

  test('is operable from the keyboard', async () => {
    const { page, context } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url('/') });
    await page.goto(site.url('/guide/start-the-app-minimized'));
    await enhanced(page);
    const button = page.locator('.prose .code-block .copy-button').first();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.textContent()).toBe('Copied!');
    await context.close();
  });
});

// Content published where no browser drew its diagrams: the visitor's browser draws them.
describe('diagrams left to the browser', () => {
  let clientSite: Site;
  beforeAll(async () => {
    clientSite = await startSite({ clientDiagrams: true });
  });
  afterAll(() => clientSite?.close());

  test('mermaid loads only on pages with diagrams and draws an SVG', async () => {
    const site = clientSite;
    const { page, context } = await site.open();
    const chunks: string[] = [];
    page.on('request', (r) => r.url().includes('mermaid') && chunks.push(r.url()));
    await page.goto(site.url('/guide/how-to-get-started'));
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    await page.goto(site.url('/guide/multi-sim'));
    await page.locator('figure.diagram svg').first().waitFor();
    expect(chunks.length).toBeGreaterThan(0);
    expect(await page.locator('figure.diagram').first().getAttribute('data-diagram-state')).toBe('rendered');
    await context.close();
  });

  test('a diagram chunk that fails to load leaves the page working, showing the source', async () => {
    const site = clientSite;
    const { page, context, errors } = await site.open();
    await page.route('**/assets/mermaid*.js', (route) => route.abort());
    await page.goto(site.url('/guide/multi-sim'));
    const figure = page.locator('figure.diagram').first();
    await expect.poll(() => figure.getAttribute('data-diagram-state')).toBe('source');
    expect(await figure.locator('pre.diagram-source').isVisible()).toBe(true);
    expect(await figure.locator('pre.diagram-source').textContent()).toContain('flowchart');
    expect(await figure.locator('figcaption').textContent()).toMatch(/could not be loaded/);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    // The page still navigates in place.
    await page.click('nav.site-nav a[href="/news"]');
    await page.waitForURL('**/news');
    expect(await page.locator('main h1').textContent()).toBe('News');
    await context.close();
  });
});

describe('code samples', () => {
  test('are in the served page, highlighted: shown with JavaScript off, and no request fetches them', async () => {
    const { page, context } = await site.open({ javaScriptEnabled: false });
    const sampleRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/_analog/samples/')) sampleRequests.push(request.url());
    });
    await page.goto(site.url('/guide/start-the-app-minimized'));
    const pre = page.locator('.code-sample pre.shiki');
    expect(await pre.textContent()).toContain('START "" /D "%USERPROFILE%\\Documents\\Race Element" RaceElement.exe /StartMinimized');
    expect(await page.locator('.code-sample .code-block-lang').textContent()).toBe(SAMPLE);
    // `REM` is a keyword in the batch grammar: coloured, unlike plain text.
    const [keyword, plain] = await Promise.all([
      pre
        .locator('span:text-is("REM")')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
      pre.evaluate((el) => getComputedStyle(el).color),
    ]);
    expect(keyword).not.toBe(plain);
    expect(sampleRequests).toEqual([]);
    await context.close();
  });

  test("the copy button copies the sample file's text", async () => {
    const { page, context } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url('/') });
    await page.goto(site.url('/guide/start-the-app-minimized'));
    await enhanced(page);
    await page.locator('.code-sample .copy-button').click();
    await expect.poll(() => page.locator('.code-sample .copy-button').textContent()).toBe('Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split(/\r?\n/)[0]).toBe('@echo off');
    expect(copied).toContain('steam://rungameid/805550');
    await context.close();
  });
});

describe('theme', () => {
  test('the toggle switches to light, and the choice survives reloads and navigation', async () => {
    const { page, context } = await site.open({ colorScheme: 'dark' });
    await page.goto(site.url('/news'));
    expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
    await enhanced(page);
    await page.click('[data-theme-toggle]');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    const cookie = (await context.cookies()).find((c) => c.name === 'theme');
    expect(cookie?.value).toBe('light');
    // The next load is light before anything is painted: the head's first script sets it, in
    // the HTML every visitor gets (the server's copy names no theme).
    const served = await page.request.get(site.url('/guide'));
    expect(await served.text()).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { themeAtParse?: string }).themeAtParse = document.documentElement.dataset.theme;
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { themeAtParse?: string }).themeAtParse)).toBe('light');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    // Hydrated first, so the link is a client navigation: after a full load the toggle click
    // below could come before that page's entry installs its listener (CI once lost that race).
    await enhanced(page);
    await page.click('nav.site-nav a[href="/guide"]');
    await page.waitForURL('**/guide');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.getByRole('button', { name: 'Switch to dark theme' }).count()).toBe(1);
    await page.click('[data-theme-toggle]');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await context.close();
  });
});

describe('theme before the page script', () => {
  test('the toggle works before the entry has run: a tap right after the first paint is not lost', async () => {
    const { page, context } = await site.open({ colorScheme: 'dark' });
    // No script file ever arrives: what answers is the head's inline script alone.
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.goto(site.url('/news'));
    await page.click('[data-theme-toggle]');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('light');
    expect(await page.getByRole('button', { name: 'Switch to dark theme' }).isVisible()).toBe(true);
    expect(await page.locator('html[data-enhanced]').count()).toBe(0);
    await context.close();
  });
});

describe('every route', () => {
  // One page goes through the routes, each a full load: a renderer per route would repeat what the first one started.
  let opened: Awaited<ReturnType<Site['open']>>;
  beforeAll(async () => {
    opened = await site.open();
  });
  afterAll(() => opened?.context.close());

  test.each([
    '/',
    '/news',
    '/guide',
    '/news/race-element-2-released',
    '/guide/multi-sim',
    '/guide/features',
    '/setup',
    '/setup?link=QUJD',
    '/analytics',
    '/guide/nope',
    '/nope',
  ])('%s runs its script with no console errors', async (path) => {
    const { page, errors } = opened;
    errors.length = 0;
    const response = await page.goto(site.url(path));
    // Chromium logs a 404 document's own status as a console error; that one is expected.
    const own = response?.status() === 404 ? ['Failed to load resource: the server responded with a status of 404 (Not Found)'] : [];
    await page.waitForLoadState('networkidle');
    // The router is on: a client navigation works from this page.
    await page.click('nav.site-nav a[href="/news"]');
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    expect(errors).toEqual(own);
  });
});
