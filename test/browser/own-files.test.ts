/**
 * The site's own files, in real Chromium: a first load of the home page and of articles asks
 * no other host for anything but the footer's downloads badge (shields.io), and the icons and
 * web manifest the head names are served from the site's static assets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SITE } from '../../client/site.ts';
import { type Site, startSite } from '../support/browser.ts';
import { hydrated } from '../support/navigation.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const BADGE = new URL(SITE.downloadsBadge);

// Articles whose own text embeds no image from elsewhere; one of them has a diagram.
describe.each(['/', '/guide/multi-sim', '/news/race-element-2-released'])('a first load of %s', (path) => {
  test('requests nothing from another host but the downloads badge', async () => {
    const { context, page } = await site.open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(site.url(path));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const host = new URL(site.url('/')).host;
    const elsewhere = requested.filter((url) => !url.startsWith('data:') && new URL(url).host !== host);
    // The badge is lazy: below the fold of a long article it is not asked for at all.
    expect(elsewhere.filter((url) => url !== BADGE.href)).toEqual([]);
    expect(requested).toContain(site.url(path));
    expect(requested.some((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
    // Headless Chromium fetches no icon or manifest, so what the page names for fetching is
    // checked too: every fetched link and every src, badge aside, is on this host.
    const named = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLLinkElement>('link')]
        .filter((l) => /\b(icon|apple-touch-icon|manifest|stylesheet|modulepreload|preload|prefetch)\b/.test(l.rel))
        .map((l) => l.href),
      ...[...document.querySelectorAll<HTMLElement & { src: string }>('[src]')].map((e) => e.src),
    ]);
    expect(named.filter((url) => new URL(url).host !== host && url !== BADGE.href)).toEqual([]);
    expect(named).toContain(site.url('/favicon.ico'));
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
