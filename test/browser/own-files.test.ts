/**
 * A first load of every page asks no other host but for the footer badge (images from elsewhere come from this
 * one) and reports no CSP violation or console error; icons come from static assets. Chromium.
 */
import type { ConsoleMessage, Dialog, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SITE } from '../../client/site.ts';
import { imagesWithoutCopy } from '../../scripts/content/build/images-without-copy.ts';
import { remoteImagePointer } from '../../scripts/content/markdown/remote-images.ts';
import { type Site, startSite } from '../support/browser.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { enhanced } from '../support/navigation.ts';
import { inPool } from '../support/pool.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const BADGE = new URL(SITE.downloadsBadge);

/** Images the articles show from other hosts that have no copy in the fixture's media/remote/. */
const uncopiedImages = async (): Promise<Set<string>> => new Set(imagesWithoutCopy(await loadFixtureSite()).keys());

/** Installed before any page script: records the page's CSP violations. */
const WATCH_CSP = `
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || ''));
  }, true);
`;

interface FirstLoad {
  /** What it asked of other hosts, and what its links and sources name there. */
  requested: string[];
  named: string[];
  /** The paths it asked of this host. */
  here: string[];
  /** CSP violations, console errors (but a 404's) and dialogs, each a line. */
  problems: string[];
}

/** A page that loads as a first visit does: nothing kept from an earlier load, its CSP violations recorded. */
async function firstVisitPage(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await site.open();
  await page.addInitScript(WATCH_CSP);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { page, errors };
}

/** One first load of `path` in a page of firstVisitPage's, once the network has been quiet for 500 ms. */
async function firstLoad({ page, errors }: { page: Page; errors: string[] }, path: string): Promise<FirstLoad> {
  errors.length = 0;
  const requested: string[] = [];
  const problems: string[] = [];
  const onRequest = (request: Request) => requested.push(request.url());
  const onDialog = (dialog: Dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  };
  const onConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  };
  page.on('request', onRequest);
  page.on('dialog', onDialog);
  page.on('console', onConsole);
  await page.goto(site.url(path));
  await enhanced(page);
  await page.waitForLoadState('networkidle');
  const host = new URL(site.url('/')).host;
  // Headless Chromium fetches no icon or manifest, so what the page names for fetching is
  // checked too: every fetched link and every src.
  const named = await page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLLinkElement>('link')]
      .filter((l) => /\b(icon|apple-touch-icon|manifest|stylesheet|modulepreload|preload|prefetch)\b/.test(l.rel))
      .map((l) => l.href),
    // A video from another host waits for a press on play (remote-images.ts): not a first-load request.
    ...[...document.querySelectorAll<HTMLElement & { src: string }>('[src]:not(video[preload="none"])')].map((e) => e.src),
  ]);
  problems.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).map((v) => `CSP: ${v}`));
  problems.push(...errors.filter((e) => !/status of 404/.test(e)).map((e) => `error: ${e}`));
  page.off('request', onRequest);
  page.off('dialog', onDialog);
  page.off('console', onConsole);
  expect(requested, path).toContain(site.url(path));
  const offHost = (url: string) => !url.startsWith('data:') && new URL(url).host !== host;
  const here = requested.filter((url) => !offHost(url)).map((url) => new URL(url).pathname);
  return { requested: requested.filter(offHost), named: named.filter(offHost), here, problems };
}

describe('a first load', () => {
  test('of every page asks no other host but the downloads badge, images from other hosts come from this one, and nothing breaks the CSP or logs an error', async () => {
    // Six on this machine (the features screenshot, four video thumbnails, SignPath's logo); none
    // once an upload with internet has kept their copies.
    const uncopied = new Set([...(await uncopiedImages())].map((url) => remoteImagePointer(url).path));
    const sitemap = await (await site.worker.fetch('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    // The sitemap lists the home page, both indexes and every article; these are the rest.
    const paths = [
      ...listed,
      '/search?q=dsx',
      '/search?q=hud',
      '/setup',
      '/setup?link=QUJD',
      '/analytics',
      '/nope',
      '/guide/no-such-article',
    ];
    expect(listed.length).toBeGreaterThan(25);
    const unexpected: Record<string, string[]> = {};
    const throughWorker = new Set<string>();
    // Three first loads at a time, each lane a page of its own that keeps nothing between loads.
    const idle = await Promise.all([0, 1, 2].map(firstVisitPage));
    const loads = await inPool(paths, idle.length, async (path) => {
      const lane = idle.pop()!;
      try {
        return await firstLoad(lane, path);
      } finally {
        idle.push(lane);
      }
    });
    const problems: string[] = [];
    for (const [index, load] of loads.entries()) {
      const { requested, named, here } = load;
      const path = paths[index]!;
      problems.push(...load.problems.map((problem) => `${path}: ${problem}`));
      // The badge is lazy: below the fold of a long article it is not asked for at all.
      const extra = [...requested, ...named].filter((url) => url !== BADGE.href);
      if (extra.length > 0) unexpected[path] = [...new Set(extra)];
      for (const asked of here) if (uncopied.has(asked)) throughWorker.add(asked);
    }
    expect(unexpected).toEqual({});
    expect(problems).toEqual([]);
    // The pages that show those images ask this site for them.
    expect([...throughWorker].sort()).toEqual([...uncopied].sort());
  });

  test('asks for the files it needs from this host: the page, its assets and its favicon', async () => {
    const { context, page } = await site.open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(site.url('/guide/multi-sim'));
    await enhanced(page);
    expect(requested.some((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
    expect(await page.evaluate(() => (document.querySelector('link[rel~="icon"]') as HTMLLinkElement).href)).toBe(site.url('/favicon.ico'));
    await context.close();
  });
});

describe('icons and web manifest', () => {
  test('the head names them on this site, and each is served with its type', async () => {
    const { context, page } = await site.open();
    await page.goto(site.url('/guide/multi-sim'));
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')].map((l) => [
        l.rel,
        l.href,
      ]),
    );
    expect(links).toEqual([
      ['icon', site.url('/favicon.ico')],
      ['apple-touch-icon', site.url('/apple-touch-icon.png')],
      ['manifest', site.url('/site.webmanifest')],
    ]);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      /^https:\/\/race\.elementfuture\.com\/media\/[0-9a-f]{64}\.png$/,
    );
    await context.close();

    const types: Record<string, string> = {
      '/favicon.ico': 'image/vnd.microsoft.icon',
      '/apple-touch-icon.png': 'image/png',
      '/icon-192.png': 'image/png',
      '/icon-512.png': 'image/png',
      '/social-card.png': 'image/png',
      '/site.webmanifest': 'application/manifest+json',
    };
    for (const [file, type] of Object.entries(types)) {
      const res = await site.worker.fetch(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(type);
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=86400');
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
  });

  test('the manifest carries the theme colour and icons that exist', async () => {
    const manifest = (await (await site.worker.fetch('/site.webmanifest')).json()) as {
      name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBe(SITE.name);
    // The dark theme's page background (client/styles.css --bg), the default theme.
    expect(manifest.theme_color).toBe('#141414');
    expect(manifest.background_color).toBe('#141414');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) expect((await site.worker.fetch(icon.src)).status, icon.src).toBe(200);
  });
});
