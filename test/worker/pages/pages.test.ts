/**
 * Every route of the site, rendered by the built Worker in workerd from KV filled by the
 * real upload code.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { INLINE_SCRIPT_HASHES, INLINE_SCRIPTS } from '../../../client/inline-scripts.ts';
import { parsePage } from '../../support/html.ts';
import { type SiteWorker, sharedWorker } from '../../support/shared-worker.ts';

const SITE = 'https://race.elementfuture.com';
let worker: SiteWorker;

beforeAll(async () => {
  worker = sharedWorker();
});

async function page(path: string, init?: RequestInit) {
  const res = await worker.fetch(path, { redirect: 'manual', ...init });
  const html = await res.text();
  return { res, html, doc: parsePage(html) };
}

describe('routes', () => {
  const cases: [path: string, title: string, ogType: string][] = [
    ['/', 'Race Element', 'website'],
    ['/news', 'Race Element - News', 'website'],
    ['/guide', 'Race Element - Guides', 'website'],
    ['/news/race-element-2-released', 'Race Element - News | Race Element 2.0', 'article'],
    ['/guide/how-to-get-started', 'Race Element - Guide | Get Started', 'article'],
    ['/guide/DSX', 'Race Element - Guide | Using DSX for Dualsense Active Triggers', 'article'],
    ['/guide/features', 'Race Element - Guide | Features', 'article'],
    ['/setup', 'Race Element - SetupLink', 'website'],
    ['/analytics', 'Race Element - Site usage', 'website'],
  ];
  test.each(cases)('%s answers 200 with its title and meta tags', async (path, title, ogType) => {
    const { res, doc } = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(doc.title).toBe(title);
    expect(doc.meta('og:title')).toBe(title);
    expect(doc.meta('twitter:title')).toBe(title);
    expect(doc.meta('og:type')).toBe(ogType);
    expect(doc.meta('og:site_name')).toBe('Race Element');
    // An article names its own social card, other pages the site card (test/worker/content/social-cards.test.ts).
    if (ogType === 'article') expect(doc.meta('og:image')).toMatch(/^https:\/\/race\.elementfuture\.com\/media\/[0-9a-f]{64}\.png$/);
    else expect(doc.meta('og:image')).toBe(`${SITE}/social-card.png`);
    expect([doc.meta('og:image:width'), doc.meta('og:image:height')]).toEqual(['1200', '630']);
    expect(doc.meta('twitter:card')).toBe('summary_large_image');
    expect(doc.meta('description')?.length).toBeGreaterThan(10);
    expect(doc.meta('og:description')).toBe(doc.meta('description'));
    const url = `${SITE}${path === '/' ? '/' : path}`;
    expect(doc.canonical).toBe(url);
    expect(doc.meta('og:url')).toBe(url);
    expect(doc.jsonLd).toMatchObject({ '@context': 'https://schema.org' });
  });

  test('the home page shows the tagline, the newest three news posts, features and a download call', async () => {
    const { doc } = await page('/');
    expect(doc.root.querySelector('.site-tagline')?.textContent).toBe('Solutions for Simulators');
    const news = doc.root.querySelectorAll('.home .entry-card-title a').map((a) => a.getAttribute('href'));
    expect(news).toEqual([
      '/news/Assetto-Corsa-EVO-Race-Element-supported',
      '/news/Assetto-Corsa-EVO-Race-Element-Future',
      '/news/highspeed-rendering',
    ]);
    expect(doc.root.querySelector('a.button-primary')?.getAttribute('href')).toBe('/guide/how-to-get-started');
    expect(doc.root.querySelectorAll('.highlight-grid li').length).toBeGreaterThanOrEqual(4);
    expect(doc.jsonLd).toMatchObject({
      '@type': 'WebSite',
      name: 'Race Element',
      author: { '@type': 'Person', name: 'Reinier Klarenberg' },
    });
  });

  test('the news index lists every news post newest first with long dates', async () => {
    const { doc } = await page('/news');
    const dates = doc.root.querySelectorAll('.entry-card time').map((t) => t.getAttribute('datetime') ?? '');
    expect(dates).toHaveLength(11);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(doc.root.querySelectorAll('.entry-card time')[0]?.textContent).toBe('January 20, 2025');
    expect(doc.text).toContain('September 24, 2024');
    expect(doc.root.querySelectorAll('.entry-card p').length).toBe(11);
  });

  test('the guide index lists only typed guides, by title', async () => {
    const { doc } = await page('/guide');
    const titles = doc.root.querySelectorAll('.entry-card-title').map((t) => t.textContent);
    // The fixture's 12 guides: its scheduled post is news, its draft guide is not public.
    expect(titles).toHaveLength(12);
    expect(titles).not.toContain('Work in progress');
    expect([...titles].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(titles);
    expect(titles).not.toContain('Features');
    expect(titles).not.toContain('Sponsor');
    expect(titles).toContain('Get Started');
  });
});

describe('layout', () => {
  test('header, nav, social bar and footer on every page, 404 included', async () => {
    for (const path of ['/', '/news/race-element-2-released', '/guide/nope', '/no/such/page']) {
      const { doc } = await page(path);
      const title = doc.root.querySelector('a.site-title');
      expect(title?.getAttribute('href')).toBe('/');
      expect(title?.textContent).toBe('Race Element');
      const nav = doc.root.querySelectorAll('nav.site-nav a').map((a) => [a.textContent, a.getAttribute('href')]);
      expect(nav).toEqual([
        ['News', '/news'],
        ['Guides', '/guide'],
        ['Features', '/guide/features'],
        ['Download', '/guide/how-to-get-started'],
      ]);
      const social = doc.root.querySelectorAll('nav.social-bar a');
      for (const a of social.slice(0, 3)) {
        expect(a.getAttribute('target')).toBe('_blank');
        expect(a.getAttribute('rel')).toContain('noopener');
      }
      expect(social.map((a) => a.textContent)).toEqual(['GitHub', 'Discord', 'X', 'Donate']);
      expect(social[3]?.getAttribute('href')).toBe('/guide/sponsor');
      expect(social[3]?.getAttribute('target')).toBeUndefined();
      const footer = doc.root.querySelector('footer.site-footer');
      expect(footer?.querySelector('img')?.getAttribute('src')).toContain('img.shields.io/github/downloads/RiddleTime/Race-Element');
      expect(footer?.textContent).toContain(`© 2022 - ${new Date().getUTCFullYear()} Reinier Klarenberg`);
    }
  });
});

describe('articles', () => {
  test('a guide shows the "Guides >" breadcrumb and its rendered markdown', async () => {
    const { doc } = await page('/guide/how-to-get-started');
    const crumb = doc.root.querySelector('.breadcrumb');
    expect(crumb?.querySelector('a')?.getAttribute('href')).toBe('/guide');
    expect(crumb?.textContent).toMatch(/^Guides\s*>\s*Get Started$/);
    expect(doc.root.querySelector('h1')?.textContent).toBe('Get Started');
    expect(doc.root.querySelector('.prose ol')).not.toBeNull();
  });

  test('untyped pages (features, sponsor) have no breadcrumb', async () => {
    for (const path of ['/guide/features', '/guide/sponsor']) {
      const { doc } = await page(path);
      expect(doc.root.querySelector('.breadcrumb')).toBeNull();
    }
  });

  test('a news article shows "News >" and its long date', async () => {
    const { doc } = await page('/news/race-element-2-released');
    expect(doc.root.querySelector('.breadcrumb')?.textContent).toMatch(/^News\s*>\s*Race Element 2\.0$/);
    expect(doc.root.querySelector('.article-header time')?.textContent).toBe('September 24, 2024');
    expect(doc.jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: 'Race Element 2.0', datePublished: '2024-09-24' });
  });

  test('highlighted code, copy buttons and diagrams come from the stored HTML', async () => {
    const { doc } = await page('/guide/multi-sim');
    expect(doc.root.querySelectorAll('.prose .code-block .copy-button').length).toBeGreaterThan(0);
    // Drawn at upload: the SVG is in the page, and no source is left for the browser.
    expect(doc.root.querySelector('.prose figure.diagram-drawn svg')?.getAttribute('aria-roledescription')).toBe('flowchart-v2');
    expect(doc.root.querySelector('.prose figure.diagram pre.diagram-source')).toBeNull();
  });
});

describe('errors and redirects', () => {
  test('a missing slug answers 404 "No Content Found" inside the layout', async () => {
    for (const path of ['/guide/no-such-guide', '/news/no-such-post']) {
      const { res, doc } = await page(path);
      expect(res.status).toBe(404);
      expect(doc.root.querySelector('main h1')?.textContent).toBe('No Content Found');
      expect(doc.root.querySelector('header.site-header')).not.toBeNull();
      expect(doc.meta('robots')).toBe('noindex');
    }
  });

  test('an unknown route answers a 404 page inside the layout', async () => {
    const { res, doc } = await page('/no/such/page');
    expect(res.status).toBe(404);
    expect(doc.root.querySelector('main h1')?.textContent).toBe('Page not found');
    expect(doc.root.querySelector('nav.site-nav')).not.toBeNull();
  });

  test.each([
    ['/guide/guide-get-started', '/guide/how-to-get-started'],
    ['/guide/dsx', '/guide/DSX'],
    ['/guide/Guide-DSX', '/guide/DSX'],
    ['/news/version-2-released', '/news/race-element-2-released'],
    ['/guide/race-element-2-released', '/news/race-element-2-released'],
    ['/news/', '/news'],
    ['/guide/DSX?x=1', '/guide/DSX?x=1'],
  ])('%s answers 301 to %s', async (from, to) => {
    const res = await worker.fetch(from, { redirect: 'manual' });
    if (from === to) {
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(301);
    expect(
      new URL(res.headers.get('location') ?? '', 'http://localhost:8787').pathname +
        new URL(res.headers.get('location') ?? '', 'http://localhost:8787').search,
    ).toBe(to);
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s on a page answers 405 with Allow', async (method) => {
    const res = await worker.fetch('/news', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  test('HEAD on a page answers like GET, without a body', async () => {
    const res = await worker.fetch('/news', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('caching', () => {
  test('an unchanged page answers 304 to If-None-Match, with the caching headers of its 200', async () => {
    const first = await worker.fetch('/guide/DSX');
    await first.text();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const second = await worker.fetch('/guide/DSX', { headers: { 'If-None-Match': etag! } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    for (const name of ['cache-control', 'cloudflare-cdn-cache-control', 'cache-tag']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
      expect(first.headers.get(name), name).not.toBeNull();
    }
    const other = await worker.fetch('/guide/how-to-get-started', { headers: { 'If-None-Match': etag! } });
    expect(other.status).toBe(200);
    await other.text();
  });
});

describe('theme', () => {
  test('the HTML names no theme: the stylesheet follows the system, and a chosen one is applied by the first script', async () => {
    const { doc, html } = await page('/news', { headers: { Cookie: 'theme=light' } });
    expect(doc.root.querySelector('html')?.getAttribute('data-theme')).toBeUndefined();
    expect(doc.meta('color-scheme')).toBe('dark light');
    // The theme script comes right after the color-scheme meta it updates, before the styles.
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    const styles = Math.min(...['<style', 'rel="stylesheet"'].map((tag) => head.indexOf(tag)).filter((i) => i >= 0));
    expect(head.indexOf(INLINE_SCRIPTS.themeFirst)).toBeGreaterThan(head.indexOf('name="color-scheme"'));
    expect(head.indexOf(INLINE_SCRIPTS.themeFirst)).toBeLessThan(styles);
  });

  test('every visitor gets the same page, whatever cookies they carry', async () => {
    const [first, second, third] = await Promise.all([
      page('/guide/multi-sim'),
      page('/guide/multi-sim', { headers: { Cookie: 'other=1' } }),
      page('/guide/multi-sim', { headers: { Cookie: 'theme=dark' } }),
    ]);
    expect(second.html).toBe(first.html);
    expect(third.html).toBe(first.html);
  });
});

describe('setup links', () => {
  test('a valid payload is offered as a RaceElement:// link, URL-encoded', async () => {
    const payload = 'UEsDBBQAAAAIA+/x/y==';
    const { res, doc } = await page(`/setup?link=${encodeURIComponent(payload)}`);
    expect(res.status).toBe(200);
    const button = doc.root.querySelector('a[data-setup-link]');
    expect(button?.getAttribute('href')).toBe(`RaceElement://setup=${encodeURIComponent(payload)}`);
    expect(doc.text).toContain('Nothing happened?');
  });

  test('a payload with foreign characters is refused, never reflected', async () => {
    const { res, html, doc } = await page(`/setup?link=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(res.status).toBe(400);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('alert(1)');
    expect(doc.root.querySelector('a[data-setup-link]')).toBeNull();
    expect(doc.root.querySelector('[role="alert"]')?.textContent).toMatch(/damaged/);
  });

  test('without a link the page explains SetupLinks', async () => {
    const { doc } = await page('/setup');
    expect(doc.root.querySelector('h1')?.textContent).toBe('SetupLinks');
    expect(doc.root.querySelector('a[data-setup-link]')).toBeNull();
  });
});

describe('security headers', () => {
  test.each(['/', '/news', '/guide/DSX', '/setup', '/analytics', '/nope'])(
    '%s carries a CSP that allows its own files and the hashes of its two inline scripts, and the other headers',
    async (path) => {
      const { res, doc } = await page(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
      expect(scriptSrc).toEqual(["'self'", ...INLINE_SCRIPT_HASHES]);
      expect(csp).not.toContain('nonce');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Images come from this site (other hosts' through /media/remote/), but for the downloads badge.
      expect(csp).toContain("img-src 'self' data: https://img.shields.io;");
      // The executable inline scripts are exactly the two the hashes allow.
      const inline = doc.root.querySelectorAll('script:not([src]):not([type])').map((s) => s.textContent);
      expect(inline.sort()).toEqual(Object.values(INLINE_SCRIPTS).sort());
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(res.headers.get('set-cookie')).toBeNull();
      // No process swap on arrival: public pages hold nothing to isolate (worker/http/security-headers.ts).
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    },
  );
});
