/**
 * A whole-site preview session end to end: it lives under /_preview/<name>, every response there is the preview's,
 * private and uncached, with its links kept inside; leaving clears it, and other visitors see no change. Real upload,
 * workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { previewKey } from '../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../contracts/kv-values.ts';
import { kvStoreFromBinding } from '../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../scripts/content/kv/stored-records.ts';
import { ORIGIN } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';
import { LIVE_TITLE, PREVIEW_TITLE, WORDS } from '../../support/preview-fixture.ts';
import { PREVIEW_NAME, type PreviewedWorker, setCookieLine, startPreviewedWorker } from '../../support/preview-session.ts';

let site: PreviewedWorker;
let cookie: string;
/** What a visitor got before the preview was uploaded: ETag, Cache-Control and the shared cache's headers by path. */
const before = new Map<string, Record<string, string | null>>();
const CACHING = ['etag', 'cache-control', 'cloudflare-cdn-cache-control', 'cache-tag', 'vary'];
const caching = (res: Response) => Object.fromEntries(CACHING.map((name) => [name, res.headers.get(name)]));
const PAGES = ['/', '/news', '/guide', '/guide/setup-guide', '/news/season-start'];

beforeAll(async () => {
  site = await startPreviewedWorker();
});
afterAll(() => site?.worker.dispose());

const HOME = `/_preview/${PREVIEW_NAME}`;
const get = (path: string, headers: Record<string, string> = {}) => site.worker.fetch(path, { headers, redirect: 'manual' });
/** The public path `path` as the session shows it, under the preview's own path. */
const inPreview = (path: string) => `${HOME}${path === '/' ? '' : path}`;
const inSession = (path: string) => get(inPreview(path), { Cookie: cookie });

test('the upload prints the link and says the public site is unchanged; the live manifest never names the preview', async () => {
  expect(site.preview).toMatchObject({ name: PREVIEW_NAME, version: 1 });
  expect(site.preview.url).toMatch(new RegExp(`^${ORIGIN}/_preview/${PREVIEW_NAME}\\?token=\\d+\\.[\\w-]+$`));
  expect(Date.parse(site.preview.expires) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  expect(site.lines).toContain(
    `preview   ${PREVIEW_NAME} → ${site.preview.url} (works until ${site.preview.expires.slice(0, 16).replace('T', ' ')} UTC)`,
  );
  expect(site.lines.some((l) => l.startsWith(`Preview ${PREVIEW_NAME} v1:`) && l.endsWith('the public site is unchanged.'))).toBe(true);
  const manifest = (await readManifest(kvStoreFromBinding(site.worker.kv)))!;
  expect(manifest.version).toBe(1);
  expect(manifest.entries.map((e) => e.slug).sort()).toEqual(['old-telemetry', 'season-start', 'setup-guide']);
  // The preview's record names its entries' pieces, each stored.
  const record = JSON.parse((await site.worker.kv.get(previewKey(PREVIEW_NAME)))!) as { manifest: Manifest };
  for (const entry of record.manifest.entries) expect(await site.worker.kv.get(entry.key), entry.slug).toContain(entry.slug);
});

describe('a preview session', () => {
  beforeAll(async () => {
    for (const path of PAGES) {
      const res = await get(path);
      before.set(path, caching(res));
    }
    const res = await get(site.preview.url.slice(ORIGIN.length));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(HOME);
    const [line = '', cleared] = res.headers.getSetCookie();
    // Its own path only: the browser never sends it to a public URL. One at `/`, as sessions once set, is cleared.
    expect(line).toMatch(new RegExp(`^site-preview=${PREVIEW_NAME}\\.[^;]+; Path=${HOME}; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
    expect(cleared).toBe('site-preview=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(line).not.toMatch(/; Secure/); // localhost
    expect(Date.parse(/Expires=([^;]+)/.exec(line)![1]!)).toBe(Math.floor(Date.parse(site.preview.expires) / 1000) * 1000);
    cookie = line.split(';')[0]!;
    // Off localhost the cookie is Secure.
    const remote = await get(`https://race.example${site.preview.url.slice(ORIGIN.length)}`);
    expect(setCookieLine(remote, 'site-preview')).toMatch(/; Secure/);
  });

  test('pages and indexes are the preview: a new post, a changed title, a deleted guide, with the banner', async () => {
    const expectations: [string, number, string[], string[]][] = [
      ['/', 200, ['The big update'], []],
      ['/news', 200, ['The big update', 'Season start'], []],
      ['/guide', 200, [PREVIEW_TITLE], ['Old telemetry guide', `${LIVE_TITLE}<`]],
      ['/news/big-update', 200, [WORDS.added], []],
      ['/guide/setup-guide', 200, [PREVIEW_TITLE], []],
      ['/guide/old-telemetry', 404, ['No Content Found'], [WORDS.deleted]],
    ];
    for (const [path, status, has, hasNot] of expectations) {
      const res = await inSession(path);
      const html = await res.text();
      expect(res.status, path).toBe(status);
      for (const text of has) expect(html, path).toContain(text);
      for (const text of hasNot) expect(html, path).not.toContain(text);
      const page = parsePage(html);
      expect(page.root.querySelector('.preview-banner')?.textContent, path).toMatch(
        new RegExp(
          `^Preview ${PREVIEW_NAME}: this is not the public site\\. Your preview ends [A-Z][a-z]+ \\d{1,2}, \\d{4}\\.Leave preview$`,
        ),
      );
      const leave = page.root.querySelector('.preview-banner a')?.getAttribute('href');
      expect(leave, path).toBe(`/_preview/leave?name=${PREVIEW_NAME}&to=${encodeURIComponent(path)}`);
      // Every link to a page of the site, the search form and the feed stay in the preview.
      const siteLinks = page.root
        .querySelectorAll('a[href^="/"], form[action], link[rel="alternate"]')
        .map((element) => element.getAttribute('href') ?? element.getAttribute('action') ?? '');
      expect(siteLinks.length, path).toBeGreaterThan(5);
      expect(
        siteLinks.filter((href) => !href.startsWith(`${HOME}/`) && href !== HOME && href !== leave),
        path,
      ).toEqual([]);
      expect(page.root.querySelector('form.search-box')?.getAttribute('action'), path).toBe(`${HOME}/search`);
      expect(page.meta('robots'), path).toBe('noindex');
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(res.headers.get('etag'), path).toBeNull();
      // Nothing for the shared cache in front of the Worker either.
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
      expect(res.headers.get('cache-tag'), path).toBeNull();
      // Neither page cache was read (nor, below, written).
      expect(res.headers.get('server-timing'), path).toBeNull();
    }
  });

  test('search, page data, feeds, sitemap, llms.txt and markdown sources are the preview, private', async () => {
    const search = (await (await inSession(`/api/_analog/search?q=${WORDS.added}`)).json()) as { results: { href: string }[] };
    expect(search.results.map((r) => r.href)).toEqual(['/news/big-update']);
    const gone = (await (await inSession(`/api/_analog/search?q=${WORDS.deleted}`)).json()) as { results: unknown[] };
    expect(gone.results).toEqual([]);
    const data = await inSession('/api/_analog/pages/guide/setup-guide');
    const payload = (await data.json()) as { data: { article: { title: string }; preview: { name: string } }; meta: { noindex?: boolean } };
    expect(payload.data.article.title).toBe(PREVIEW_TITLE);
    expect(payload.data.preview.name).toBe(PREVIEW_NAME);
    expect(payload.meta.noindex).toBe(true);
    for (const [path, text] of [
      ['/news/feed.xml', 'The big update'],
      ['/sitemap.xml', '/news/big-update'],
      ['/llms.txt', '/news/big-update.md'],
      ['/news/big-update.md', WORDS.added],
    ] as const) {
      const res = await inSession(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(text);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
      expect(res.headers.get('cache-tag'), path).toBeNull();
    }
    for (const path of [`/api/_analog/search?q=${WORDS.added}`, '/api/_analog/pages/guide/setup-guide', '/api/_analog/page-html/guide']) {
      const res = await inSession(path);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
      expect(res.headers.get('cache-tag'), path).toBeNull();
      expect(res.headers.get('etag'), path).toBeNull();
    }
  });

  test('a visitor without the cookie gets what they got before: live content, same ETags, cacheable', async () => {
    for (const path of PAGES) {
      const res = await get(path);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(caching(res), path).toEqual(before.get(path));
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toMatch(/^max-age=/);
      expect(res.headers.get('vary'), path).toBeNull();
      expect(parsePage(html).root.querySelector('.preview-banner'), path).toBeNull();
      expect(html.includes('The big update'), path).toBe(false);
    }
    expect((await get('/news/big-update')).status).toBe(404);
    expect(await (await get('/guide/old-telemetry')).text()).toContain(WORDS.deleted);
    expect(await (await get('/news/feed.xml')).text()).not.toContain('The big update');
    const search = await get(`/api/_analog/search?q=${WORDS.added}`);
    expect(search.headers.get('cache-control')).toBe('no-cache');
    expect(search.headers.get('cache-tag')).toBe('site,search');
    expect(((await search.json()) as { results: unknown[] }).results).toEqual([]);
    // Cookies no public URL reads change nothing: the XSRF token, the theme, the session's own cookie sent to `/` (as
    // a browser does with one set at `/` before sessions had their own path).
    for (const other of ['XSRF-TOKEN=abc.def', 'theme=light', cookie]) {
      const res = await get('/guide/setup-guide', { Cookie: other });
      const html = await res.text();
      expect(caching(res), other).toEqual(before.get('/guide/setup-guide'));
      expect(html, other).toContain(`${LIVE_TITLE}<`);
      expect(res.headers.getSetCookie(), other).toEqual([]);
    }
  });

  test('its redirects stay inside; without its cookie its paths answer why, kept by no cache', async () => {
    const moved = await inSession('/guide/Setup-Guide');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${HOME}/guide/setup-guide`);
    expect(moved.headers.get('cache-control')).toBe('private, no-store');
    // A path that would read as another host stays a path of this one: the preview's not-found page.
    const odd = await inSession('//evil.example/guide/setup-guide');
    expect(odd.status).toBe(404);
    expect(parsePage(await odd.text()).root.querySelector('.preview-banner')).not.toBeNull();
    for (const path of ['/news', '/guide/setup-guide', '/api/_analog/pages/news']) {
      const res = await get(inPreview(path));
      expect(res.status, path).toBe(403);
      expect(parsePage(await res.text()).root.querySelector('main p.page-intro')?.textContent, path).toContain(
        `The page ${path} of the preview ${PREVIEW_NAME} shows only in a session of it`,
      );
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // Only the start route takes a token: past the home page it is no session.
    expect((await get(`${inPreview('/news')}?token=${new URL(site.preview.url).searchParams.get('token')}`)).status).toBe(403);
  });

  test('leaving clears the cookie and returns to the same page, public', async () => {
    const res = await get(`/_preview/leave?name=${PREVIEW_NAME}&to=%2Fguide%2Fsetup-guide`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/guide/setup-guide');
    expect(res.headers.getSetCookie()).toEqual([
      `site-preview=; Max-Age=0; Path=${HOME}; HttpOnly; SameSite=Lax`,
      'site-preview=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    ]);
    for (const to of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      const away = await get(`/_preview/leave?to=${encodeURIComponent(to)}`);
      expect(away.headers.get('location'), to).toBe('/');
    }
  });
});
