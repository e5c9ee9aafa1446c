/** Client-side navigation in real Chromium: no reloads, history, meta, links left alone. */

import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_PREVIEW_SECRET, PREVIEW_PARAM, signPreview } from '../../contracts/preview-token.ts';
import { type Site, startSite } from '../support/browser.ts';
import {
  clickNewLink,
  clickPrefetchedGuides,
  ctrlClickOpensTab,
  enhanced,
  marker,
  pageHtmlRequests,
  setMarker,
  withSaveData,
} from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const meta = (page: Page, selector: string, attribute = 'content') => page.locator(selector).getAttribute(attribute);

describe('same-host navigation', () => {
  test('a click renders the next page without a reload and updates title and meta', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url('/news'));
    await setMarker(page);
    let documentRequests = 0;
    page.on('request', (r) => r.resourceType() === 'document' && documentRequests++);
    await page.click('.entry-card-title a[href="/news/race-element-2-released"]');
    await page.waitForURL('**/news/race-element-2-released');
    await expect.poll(() => page.title()).toBe('Race Element - News | Race Element 2.0');
    expect(await marker(page)).toBe(42);
    expect(documentRequests).toBe(0);
    expect(await page.locator('main h1').textContent()).toBe('Race Element 2.0');
    expect(await meta(page, 'meta[property="og:title"]')).toBe('Race Element - News | Race Element 2.0');
    expect(await meta(page, 'meta[name="twitter:title"]')).toBe('Race Element - News | Race Element 2.0');
    expect(await meta(page, 'meta[property="og:type"]')).toBe('article');
    // From the site card of /news to the article's own (client/browser/head.ts).
    expect(await meta(page, 'meta[property="og:image"]')).toMatch(/^https:\/\/race\.elementfuture\.com\/media\/[0-9a-f]{64}\.png$/);
    expect(await meta(page, 'meta[property="og:image:alt"]')).toBe('Race Element: Race Element 2.0');
    expect(await meta(page, 'meta[property="og:image:width"]')).toBe('1200');
    expect(await meta(page, 'link[rel="canonical"]', 'href')).toBe('https://race.elementfuture.com/news/race-element-2-released');
    expect(await meta(page, 'meta[name="description"]')).toBe(await meta(page, 'meta[property="og:description"]'));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd.headline).toBe('Race Element 2.0');
    // Focus moves to the heading once the whole page has been drawn (client/browser/router.ts).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('page-heading');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  test('nav links, cards and links inside article content all navigate in place', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url('/'));
    await setMarker(page);
    await page.click('nav.site-nav a[href="/guide"]');
    await page.waitForURL('**/guide');
    await page.click('.entry-card-title a[href="/guide/DSX"]');
    await page.waitForURL('**/guide/DSX');
    await page.click('.prose a[href="/guide/multi-sim"]');
    await page.waitForURL('**/guide/multi-sim');
    expect(await page.locator('main h1').textContent()).toBe('Multi-Sim');
    expect(await marker(page)).toBe(42);
    await context.close();
  });

  test('back and forward restore pages and scroll positions without reloads', async () => {
    const { page, context } = await site.open({ viewport: { width: 800, height: 500 } });
    await page.goto(site.url('/guide'));
    await setMarker(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.click('.entry-card-title a[href="/guide/multi-sim"]');
    await page.waitForURL('**/guide/multi-sim');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/guide');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Guides');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    expect(await page.title()).toBe('Race Element - Guides');
    await page.goForward();
    await page.waitForURL('**/guide/multi-sim');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Multi-Sim');
    expect(await marker(page)).toBe(42);
    await context.close();
  });

  test('back to an article left far down shows the block the reader left, though blocks off screen are not laid out', async () => {
    const { page, context } = await site.open({ viewport: { width: 390, height: 600 } });
    await page.goto(site.url('/guide/multi-sim'));
    // The block at the top of the viewport: its first words.
    const blockAtTop = () =>
      page.evaluate(() => document.elementFromPoint(40, 80)?.closest('.prose > *')?.textContent?.trim().slice(0, 40) ?? null);
    // Elements inside a block whose contents the browser skips.
    const skipped = () =>
      page.evaluate(
        () => [...document.querySelectorAll('.prose > * *')].filter((el) => !el.checkVisibility({ contentVisibilityAuto: true })).length,
      );
    // A first load lays out the blocks near the screen only (styles.css, content-visibility).
    expect(await skipped()).toBeGreaterThan(0);
    // A list's estimated height is 6 lines, a code block's 14 (px, as computed).
    const estimate = (selector: string) =>
      page.evaluate(
        (s) => Number.parseFloat(getComputedStyle(document.querySelector(s)!).containIntrinsicBlockSize.replace('auto ', '')),
        selector,
      );
    expect(await estimate('.prose > .code-block')).toBeGreaterThan(2 * (await estimate('.prose > ol')));
    for (let y = 600; y <= 2400; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(blockAtTop).not.toBeNull();
    const left = await blockAtTop();
    // A click that does not scroll the link into view first, as Playwright's own would.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav.site-nav a[href="/news"]')?.click());
    await page.waitForURL('**/news');
    await page.goBack();
    await page.waitForURL('**/guide/multi-sim');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2400);
    expect(await blockAtTop()).toBe(left);
    await context.close();
  });

  test('a page shown from its top comes in two frames, its top then the rest, and whole', async () => {
    const { page, context } = await site.open({ viewport: { width: 390, height: 844 } });
    await page.goto(site.url('/news'));
    await enhanced(page);
    // What each change to the page held, and how many frames had been drawn before it.
    await page.evaluate(() => {
      const w = window as unknown as { drawn: number; changes: { drawn: number; blocks: number; footer: boolean }[] };
      w.drawn = 0;
      w.changes = [];
      const count = () => {
        w.drawn++;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      const root = document.getElementById('root')!;
      new MutationObserver(() =>
        w.changes.push({
          drawn: w.drawn,
          blocks: document.querySelectorAll('.prose > *').length,
          footer: document.querySelector('.site-footer') !== null,
        }),
      ).observe(root, { childList: true, subtree: true });
    });
    await clickNewLink(page, '/guide/multi-sim');
    await page.waitForURL('**/guide/multi-sim');
    type Change = { drawn: number; blocks: number; footer: boolean };
    const changes = () => page.evaluate(() => (window as unknown as { changes: Change[] }).changes);
    await expect.poll(async () => (await changes()).some((c) => c.blocks > 2 && c.footer)).toBe(true);
    const [top, ...later] = (await changes()).filter((c) => c.blocks > 0);
    // The top: the header, the heading and the first two blocks, without the footer that would sit below them.
    expect(top).toMatchObject({ blocks: 2, footer: false });
    expect(await page.locator('main h1').textContent()).toBe('Multi-Sim');
    // The rest in a later task, after a frame drawn with the top alone.
    const rest = later.find((c) => c.footer)!;
    expect(rest.drawn).toBeGreaterThan(top!.drawn);
    // Whole, in the server's order.
    const outlines = await page.evaluate(async () => {
      const outline = (elements: Iterable<Element>) => [...elements].map((el) => `${el.tagName}#${el.id}.${el.classList[0] ?? ''}`);
      const { html } = await (await fetch('/api/_analog/page-html/guide/multi-sim')).json();
      const served = document.createElement('template');
      served.innerHTML = html;
      const shown = document.getElementById('root')!;
      return {
        served: [outline(served.content.querySelectorAll('.prose > *')), outline(served.content.children)],
        shown: [outline(shown.querySelectorAll('.prose > *')), outline(shown.children)],
      };
    });
    expect(outlines.served[0]!.length).toBeGreaterThan(10);
    expect(outlines.shown).toEqual(outlines.served);
    await context.close();
  });

  test('a #hash link scrolls to its heading', async () => {
    const { page, context } = await site.open({ viewport: { width: 800, height: 500 } });
    await page.goto(site.url('/guide'));
    await clickNewLink(page, '/guide/multi-sim#forza-horizon-5');
    await page.waitForURL('**/guide/multi-sim#forza-horizon-5');
    // At the top of the viewport, give or take the heading's scroll margin.
    await expect
      .poll(() => page.evaluate(() => document.getElementById('forza-horizon-5')?.getBoundingClientRect().top ?? -1))
      .toBeLessThan(80);
    expect(await page.evaluate(() => document.getElementById('forza-horizon-5')?.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });

  test('target="_blank", download, modifier clicks and other hosts are left to the browser', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url('/guide/how-to-get-started'));
    // GitHub link with target=_blank: a new tab, this page stays.
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('nav.social-bar a:text-is("GitHub")')]);
    // A new tab starts at about:blank: wait for the address it was opened for.
    await popup.waitForURL(/github\.com\/RiddleTime\/Race-Element/);
    expect(page.url()).toBe(site.url('/guide/how-to-get-started'));
    await popup.close();

    // A download link: the browser downloads, no client navigation.
    await page.goto(site.url('/guide/start-the-app-minimized'));
    await setMarker(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.code-sample-file a[download]')]);
    expect(download.suggestedFilename()).toBe('start-race-element-minimized.bat');
    expect(page.url()).toBe(site.url('/guide/start-the-app-minimized'));

    // Ctrl+click on an internal link: the router leaves it to the browser, which opens a new tab; this page stays.
    await ctrlClickOpensTab(page, context, 'nav.site-nav a[href="/news"]');
    expect(page.url()).toBe(site.url('/guide/start-the-app-minimized'));
    expect(await marker(page)).toBe(42);
    await context.close();
  });

  test('a newer navigation wins over an older one still loading', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url('/'));
    await page.route('**/api/_analog/page-html/news', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // The slow /news answer has come, or the router has dropped its request.
    const slowAnswer = new Promise<void>((resolve) => {
      const ended = (request: { url(): string }) => request.url().endsWith('/api/_analog/page-html/news') && resolve();
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
    });
    await page.click('nav.site-nav a[href="/news"]');
    await page.click('nav.site-nav a[href="/guide"]');
    await page.waitForURL('**/guide');
    await slowAnswer;
    // Whatever the router does with that answer, it has done by the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(page.url()).toBe(site.url('/guide'));
    expect(await page.locator('main h1').textContent()).toBe('Guides');
    await context.close();
  });

  test('an old or differently cased URL lands on the canonical one', async () => {
    const { page, context } = await site.open();
    await page.goto(site.url('/guide'));
    await clickNewLink(page, '/guide/dsx');
    await page.waitForURL('**/guide/DSX');
    expect(await page.title()).toBe('Race Element - Guide | Using DSX for Dualsense Active Triggers');
    await context.close();
  });

  test('a failed page-HTML fetch falls back to a normal page load', async () => {
    const { page, context } = await site.open();
    // From the start: the page may fetch /news ahead of the click.
    await page.route('**/api/_analog/page-html/news', (route) => route.abort());
    await page.goto(site.url('/'));
    await setMarker(page);
    await page.click('nav.site-nav a[href="/news"]');
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    expect(await marker(page)).toBeUndefined(); // a real load happened
    await context.close();
  });

  test('page HTML made for another client build (a deploy since the tab opened) is loaded in full, not rendered', async () => {
    const { page, context } = await site.open();
    let served = '';
    // From the start: the page may fetch /news ahead of the click.
    await page.route('**/api/_analog/page-html/news', async (route) => {
      const response = await route.fetch();
      const payload = (await response.json()) as { build: string };
      served = payload.build;
      await route.fulfill({ response, json: { ...payload, build: 'a-newer-build' } });
    });
    await page.goto(site.url('/'));
    await setMarker(page);
    await page.click('nav.site-nav a[href="/news"]');
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('News');
    expect(served).toMatch(/^[0-9a-z]+$/);
    expect(await marker(page)).toBeUndefined(); // a real load happened
    await context.close();
  });

  test('hovering a link prefetches its page, so the click needs no new request', async () => {
    const { page, context } = await site.open();
    // Nothing fetched ahead of the hover.
    await withSaveData(page);
    await page.goto(site.url('/'));
    await enhanced(page);
    const requests = pageHtmlRequests(page);
    await page.hover('nav.site-nav a[href="/guide"]');
    await clickPrefetchedGuides(page, requests);
    await context.close();
  });

  test('each page view posts a beacon with the XSRF header, unless Do-Not-Track is on', async () => {
    const { page, context } = await site.open();
    const beacons: { path: string; token: string | null }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/_analog/analytics/hits'))
        beacons.push({ path: JSON.parse(r.postData() ?? '{}').path, token: r.headers()['x-xsrf-token'] ?? null });
    });
    const responses: number[] = [];
    page.on('response', (r) => r.url().endsWith('/analytics/hits') && responses.push(r.status()));
    let tokenRequests = 0;
    page.on('request', (r) => r.url().endsWith('/api/_analog/analytics/xsrf-token') && tokenRequests++);
    // In-place navigation's requests for a page's HTML or data, with the Cookie header each carried.
    const pageApiCookies: Promise<string | undefined>[] = [];
    page.on('request', (r) => /\/api\/_analog\/page(s|-html)\//.test(r.url()) && pageApiCookies.push(r.allHeaders().then((h) => h.cookie)));
    await page.goto(site.url('/news'));
    // The entry sends the view after the first paint; a click before that would leave first.
    await expect.poll(() => beacons.length).toBe(1);
    await page.click('.entry-card-title a[href="/news/highspeed-rendering"]');
    await page.waitForURL('**/news/highspeed-rendering');
    await expect.poll(() => beacons.map((b) => b.path)).toEqual(['/news', '/news/highspeed-rendering']);
    expect(beacons.every((b) => b.token?.includes('.'))).toBe(true);
    await expect.poll(() => responses).toEqual([204, 204]);
    // The token came in the token route's body: its cookie is for the page-view API only, so neither a page load nor
    // in-place navigation's request for the next page sends a cookie, and the cache in front of the Worker can answer them.
    expect(pageApiCookies.length).toBeGreaterThan(0);
    expect(await Promise.all(pageApiCookies)).toEqual(pageApiCookies.map(() => undefined));
    expect((await context.cookies()).map(({ name, path, httpOnly }) => ({ name, path, httpOnly }))).toEqual([
      { name: 'XSRF-TOKEN', path: '/api/_analog/analytics', httpOnly: true },
    ]);
    const load = page.waitForRequest((r) => r.resourceType() === 'document');
    await page.reload();
    expect((await (await load).allHeaders()).cookie).toBeUndefined();
    // The reloaded page's view: a new document asks for its token once (kept in memory, not in storage).
    await expect.poll(() => responses).toEqual([204, 204, 204]);
    expect(tokenRequests).toBe(2);
    // A cookie gone (expired, renewed by another tab): the gate's 403, one new token, one retry.
    await context.clearCookies();
    await page.click('nav.site-nav a[href="/guide"]');
    await expect.poll(() => responses).toEqual([204, 204, 204, 403, 204]);
    expect(tokenRequests).toBe(3);
    await context.close();

    const dnt = await site.open({ extraHTTPHeaders: { DNT: '1' } });
    await dnt.page.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
    let sent = 0;
    dnt.page.on('request', (r) => r.url().endsWith('/analytics/hits') && sent++);
    await dnt.page.goto(site.url('/news'));
    await dnt.page.waitForTimeout(300);
    expect(sent).toBe(0);
    await dnt.context.close();
  });

  test('a draft opened through its preview link posts no page view; the public page after it does', async () => {
    const { page, context } = await site.open();
    const beacons: string[] = [];
    const isBeacon = (r: Request) => r.url().endsWith('/api/_analog/analytics/hits');
    page.on('request', (r) => isBeacon(r) && beacons.push(JSON.parse(r.postData() ?? '{}').path));
    const draft = '/news/secret-plans';
    const token = await signPreview(LOCAL_PREVIEW_SECRET, draft, Math.floor(Date.now() / 1000) + 3600);
    await page.goto(site.url(`${draft}?${PREVIEW_PARAM}=${token}`));
    await page.locator('.draft-banner').waitFor();
    await enhanced(page);
    // Views are posted in idle time, in order: the draft's, had it one, would come before the next page's.
    await Promise.all([page.waitForRequest(isBeacon), page.click('nav.site-nav a[href="/news"]')]);
    expect(beacons).toEqual(['/news']);
    await context.close();
  });
});
