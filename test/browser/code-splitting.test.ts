/**
 * What Chromium downloads: an article page stays within the JavaScript budget once React has
 * hydrated it, and the pages split out of React's chunk (client/lazy-routes.ts) load their
 * chunk when shown, first page or client navigation, with hydration as clean as any other
 * page's. No page's head names a script: the entry comes after the first paint, React and a
 * split page's chunk at the visitor's first intent.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LAZY_ROUTE_FILES, type LazyKind } from '../../client/lazy-routes.ts';
import { CLIENT_OUT, clientFiles } from '../../scripts/client-weight.ts';
import { type Site, startSite } from '../support/browser.ts';
import { parsePage } from '../support/html.ts';
import { addLink, clickNewLink, enhanced, marker, setMarker } from '../support/navigation.ts';

/** The budget: JavaScript on an article page without diagrams, gzip, React included. */
const ARTICLE_JS_BUDGET_BYTES = 70_000;
const ARTICLE = '/news/2023-04-29-signpath';
const SPLIT_KINDS = Object.keys(LAZY_ROUTE_FILES) as LazyKind[];

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** A split page's chunk as the browser requests it: `/assets/AnalyticsPage-<hash>.js`. */
function chunkUrl(kind: LazyKind): string {
  const manifest = JSON.parse(readFileSync(`${CLIENT_OUT}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  return `/${manifest[LAZY_ROUTE_FILES[kind]]!.file}`;
}

/** Paths of every request the page makes from now on. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

describe('an article page without diagrams', () => {
  test(`downloads at most ${ARTICLE_JS_BUDGET_BYTES} bytes of JavaScript (gzip -9), and no mermaid`, async () => {
    const { page, context, errors } = await site.open();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response: Response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.set(new URL(response.url()).pathname, response.body());
    });
    const requests = recordRequests(page);
    await page.goto(site.url(ARTICLE));
    await enhanced(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-diagram]').count()).toBe(0);

    let gzipBytes = 0;
    for (const body of scripts.values()) gzipBytes += gzipSync(await body, { level: 9 }).length;
    console.log(`article JavaScript: ${scripts.size} files, ${gzipBytes} bytes gzip -9`);
    expect(gzipBytes).toBeLessThanOrEqual(ARTICLE_JS_BUDGET_BYTES);
    // Exactly the files the build's weight report counts: the entry, React's chunk, their imports.
    const { appJs, diagramJs } = clientFiles();
    expect([...scripts.keys()].sort()).toEqual([...appJs].map((file) => `/${file}`).sort());

    const mermaidFiles = new Set([...diagramJs].filter((file) => !appJs.has(file)).map((file) => `/${file}`));
    expect(mermaidFiles.size).toBeGreaterThan(0);
    expect(requests.filter((path) => mermaidFiles.has(path) || /mermaid/i.test(path))).toEqual([]);
    const splitChunks = SPLIT_KINDS.map(chunkUrl);
    expect(requests.filter((path) => splitChunks.includes(path))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('pages split out of the entry chunk', () => {
  const landings: [path: string, kind: LazyKind, heading: string][] = [
    ['/analytics', 'analytics', 'Site usage'],
    ['/search?q=dsx', 'search', 'Results for “dsx”'],
    ['/setup', 'setup', 'SetupLinks'],
  ];

  test.each(landings)('%s as the first page hydrates with its chunk, without a console error', async (path, kind, heading) => {
    const { page, context, errors } = await site.open();
    const requests = recordRequests(page);
    await page.goto(site.url(path));
    await enhanced(page);
    expect(await page.locator('main h1').textContent()).toBe(heading);
    expect(requests.filter((p) => p === chunkUrl(kind))).toHaveLength(1);
    // Hydrated and working: a link now renders in place.
    await setMarker(page);
    await clickNewLink(page, '/guide');
    await page.waitForURL('**/guide');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
    expect(await marker(page)).toBe(42);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('no served head names a script or a preload: the entry is imported after the first paint', async () => {
    for (const path of [...landings.map(([path]) => path), ARTICLE, '/']) {
      const html = await (await site.worker.fetch(path)).text();
      const { root } = parsePage(html);
      expect(root.querySelectorAll('link[rel="modulepreload"], link[rel="preload"], script[src]'), path).toEqual([]);
      const entry = root.querySelectorAll('script[data-entry]');
      expect(
        entry.map((script) => script.getAttribute('data-entry')),
        path,
      ).toEqual([`/${clientFiles().baseJs.values().next().value}`]);
    }
  });

  test('a link from an article renders /analytics in place, once its chunk (asked for on hover) is in', async () => {
    const { page, context, errors } = await site.open();
    await page.goto(site.url(ARTICLE));
    await enhanced(page);
    await setMarker(page);
    const requests = recordRequests(page);
    // A slow chunk: the click comes while it is still loading, and the render must wait for it.
    await page.route(`**${chunkUrl('analytics')}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const link = await addLink(page, '/analytics');
    await page.hover(link);
    await expect.poll(() => requests.filter((p) => p === chunkUrl('analytics')).length).toBe(1);
    await page.click(link);
    await page.waitForURL('**/analytics');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Site usage');
    expect(await page.title()).toBe('Race Element - Site usage');
    expect(await marker(page)).toBe(42);
    expect(requests.filter((p) => p === '/analytics')).toEqual([]); // no document request
    expect(requests.filter((p) => p === chunkUrl('analytics'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a chunk that fails to load falls back to a normal page load', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url(ARTICLE));
    await enhanced(page);
    await setMarker(page);
    await page.route(`**${chunkUrl('setup')}`, (route) => route.abort());
    await clickNewLink(page, '/setup');
    await page.waitForURL('**/setup');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('SetupLinks');
    expect(await marker(page)).toBeUndefined(); // a real load happened
    await context.close();
  });
});
