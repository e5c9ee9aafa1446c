/**
 * What an article page downloads stays within the JavaScript budget, every page needs only the entry script,
 * and no page's head names a script. Chromium.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ARTICLE_JS_BUDGET_BYTES, clientFiles } from '../../scripts/client-weight.ts';
import { type Site, startSite } from '../support/browser.ts';
import { parsePage } from '../support/html.ts';
import { addLink, clickNewLink, enhanced, marker, setMarker } from '../support/navigation.ts';

const ARTICLE = '/news/2023-04-29-signpath';
const entryFiles = () => [...clientFiles().baseJs].map((file) => `/${file}`);

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** Paths of every request the page makes from now on. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Paths of the scripts the page fetches from now on. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && paths.push(new URL(r.url()).pathname));
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
    await page.mouse.move(3, 3);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-diagram]').count()).toBe(0);

    let gzipBytes = 0;
    for (const body of scripts.values()) gzipBytes += gzipSync(await body, { level: 9 }).length;
    console.log(`article JavaScript: ${scripts.size} files, ${gzipBytes} bytes gzip -9`);
    expect(gzipBytes).toBeLessThanOrEqual(ARTICLE_JS_BUDGET_BYTES);
    // Exactly the files the build's weight report counts: the entry and its imports.
    const { baseJs, diagramJs } = clientFiles();
    expect([...scripts.keys()].sort()).toEqual(entryFiles().sort());

    const mermaidFiles = new Set([...diagramJs].filter((file) => !baseJs.has(file)).map((file) => `/${file}`));
    expect(mermaidFiles.size).toBeGreaterThan(0);
    expect(requests.filter((path) => mermaidFiles.has(path) || /mermaid/i.test(path))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('analytics, search and setup', () => {
  const landings: [path: string, heading: string][] = [
    ['/analytics', 'Site usage'],
    ['/search?q=dsx', 'Results for “dsx”'],
    ['/setup', 'SetupLinks'],
  ];

  test.each(landings)('%s as the first page needs only the entry, and its links navigate in place', async (path, heading) => {
    const { page, context, errors } = await site.open();
    const scripts = scriptRequests(page);
    await page.goto(site.url(path));
    await enhanced(page);
    expect(await page.locator('main h1').textContent()).toBe(heading);
    await setMarker(page);
    await clickNewLink(page, '/guide');
    await page.waitForURL('**/guide');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
    expect(await marker(page)).toBe(42);
    expect(scripts).toEqual(entryFiles());
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
      ).toEqual(entryFiles());
    }
  });

  test('a link from an article renders /analytics in place from its HTML, asked for on hover, with no script more', async () => {
    const { page, context, errors } = await site.open();
    await page.goto(site.url(ARTICLE));
    await enhanced(page);
    await setMarker(page);
    const requests = recordRequests(page);
    const scripts = scriptRequests(page);
    const link = await addLink(page, '/analytics');
    await page.hover(link);
    await expect.poll(() => requests.filter((p) => p === '/api/_analog/page-html/analytics').length).toBe(1);
    await page.click(link);
    await page.waitForURL('**/analytics');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Site usage');
    expect(await page.title()).toBe('Race Element - Site usage');
    expect(await marker(page)).toBe(42);
    expect(requests.filter((p) => p === '/analytics')).toEqual([]); // no document request
    expect(requests.filter((p) => p === '/api/_analog/page-html/analytics')).toHaveLength(1);
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
