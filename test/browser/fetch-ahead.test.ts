/**
 * Pages fetched ahead once the page has loaded and is idle (client/browser/fetch-ahead.ts): the links in view, the page's own first,
 * at most FETCH_AHEAD_LIMIT, without a cookie and answered for the shared cache; none on Save-Data or 2G. Chromium.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FETCH_AHEAD_LIMIT } from '../../client/browser/fetch-ahead-rules.ts';
import { BROWSER_CACHE_CONTROL, CACHE_TAG_HEADER, EDGE_CACHE_CONTROL_HEADER, SITE_TAG } from '../../contracts/edge-cache.ts';
import { PAGE_HTML_API_PREFIX } from '../../contracts/page-fragment.ts';
import { type Site, startSite } from '../support/browser.ts';
import { enhanced, marker, setMarker } from '../support/navigation.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** The page-HTML API's requests of `page` from now on: the page asked for, its Cookie header and its answer. */
function aheadRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(PAGE_HTML_API_PREFIX)) seen.push(request);
  });
  const path = (request: Request) => new URL(request.url()).pathname.slice(PAGE_HTML_API_PREFIX.length) || '/';
  return {
    count: () => seen.length,
    paths: () => seen.map(path),
    all: () =>
      Promise.all(
        seen.map(async (request) => ({
          path: path(request),
          cookie: (await request.allHeaders()).cookie,
          response: await request.response(),
        })),
      ),
  };
}

/** The same-host page links whose box is in the viewport now, `main`'s first, as the page's own script would pick. */
const linksInView = (page: Page) =>
  page.evaluate(() => {
    const inView = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')].filter((a) => {
      const box = a.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
    });
    const ordered = [...inView.filter((a) => a.closest('main')), ...inView.filter((a) => !a.closest('main'))];
    return [...new Set(ordered.map((a) => a.pathname))].filter((path) => path !== location.pathname);
  });

/** Resolves once the page has had an idle moment and a task after it: fetching ahead would have started. */
const afterIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 100), { timeout: 5000 })));

/** Makes the browser report a connection (Network Information API) before the page's scripts run. */
const connection = (page: Page, hints: { saveData: boolean; effectiveType: string }) =>
  page.addInitScript((value) => Object.defineProperty(Navigator.prototype, 'connection', { get: () => value }), hints);

describe('on a phone, a list page once idle', () => {
  test('fetches the posts in view first, then header links, at most the limit, with no cookie, answers every visitor shares', async () => {
    const { page, context, errors } = await site.open(PHONE);
    // A reader's own cookie on the whole site: it must not go with a page fetched ahead.
    await context.addCookies([{ name: 'theme', value: 'dark', url: site.url('/') }]);
    const requests = aheadRequests(page);
    await page.goto(site.url('/news'));
    await enhanced(page);
    const expected = (await linksInView(page)).slice(0, FETCH_AHEAD_LIMIT);
    expect(expected.length).toBe(FETCH_AHEAD_LIMIT);
    await expect.poll(() => requests.count()).toBe(expected.length);
    const seen = await requests.all();
    expect(seen.map((r) => r.path)).toEqual(expected);
    for (const { path, cookie, response } of seen) {
      expect(cookie, path).toBeUndefined();
      expect(response?.status(), path).toBe(200);
      const headers = (await response?.allHeaders()) ?? {};
      expect(headers['cache-control'], path).toBe(BROWSER_CACHE_CONTROL);
      expect(headers[EDGE_CACHE_CONTROL_HEADER.toLowerCase()], path).toMatch(/max-age=\d+/);
      expect(headers[CACHE_TAG_HEADER.toLowerCase()]?.split(','), path).toContain(SITE_TAG);
    }
    // A tap on the first post renders from what was fetched: no second request for it.
    await setMarker(page);
    await page.tap(`main a[href="${expected[0]}"]`);
    await page.waitForURL(`**${expected[0]}`);
    expect(requests.count()).toBe(expected.length);
    expect(await marker(page)).toBe(42);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('after a navigation in place, the new page fetches the links in view of its own', async () => {
    const { page, context } = await site.open(PHONE);
    const requests = aheadRequests(page);
    await page.goto(site.url('/guide'));
    await enhanced(page);
    await expect.poll(() => requests.count()).toBe(FETCH_AHEAD_LIMIT);
    await page.tap('nav.site-nav a[href="/news"]');
    await page.waitForURL('**/news');
    const expected = (await linksInView(page)).slice(0, FETCH_AHEAD_LIMIT);
    // Pages fetched on /guide less than 30 s ago are not asked for again.
    const before = new Set((await requests.all()).map((r) => r.path));
    await afterIdle(page);
    await expect
      .poll(async () => (await requests.all()).map((r) => r.path).filter((p) => !before.has(p)))
      .toEqual(expected.filter((p) => !before.has(p)));
    await context.close();
  });

  test('nothing before the page has loaded: its own images first', async () => {
    const { page, context } = await site.open(PHONE);
    // An image of the page's that has not come yet holds its load event.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/held-image.png', async (route) => {
      await held;
      await route.fulfill({ status: 404 });
    });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => document.body.append(Object.assign(new Image(), { src: '/held-image.png' }))),
    );
    const requests = aheadRequests(page);
    await page.goto(site.url('/news'), { waitUntil: 'domcontentloaded' });
    await enhanced(page);
    await afterIdle(page);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(requests.count()).toBe(0);
    release();
    await expect.poll(() => requests.count()).toBe(FETCH_AHEAD_LIMIT);
    await context.close();
  });

  test.each([
    ['Save-Data on', { saveData: true, effectiveType: '4g' }],
    ['a 2G connection', { saveData: false, effectiveType: '2g' }],
  ])('nothing ahead with %s', async (_, hints) => {
    const { page, context } = await site.open(PHONE);
    await connection(page, hints);
    const requests = aheadRequests(page);
    await page.goto(site.url('/news'));
    await enhanced(page);
    await afterIdle(page);
    expect(requests.count()).toBe(0);
    await context.close();
  });
});
