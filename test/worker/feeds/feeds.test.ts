/**
 * Feeds and indexing (Atom, sitemap.xml, robots.txt, llms.txt, articles' markdown), from uploaded content
 * and from hand-made and broken manifests. workerd.
 */
import { readFile } from 'node:fs/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entryKey, MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { Manifest, ManifestEntry } from '../../../contracts/kv-values.ts';
import { visibleManifest } from '../../../contracts/scheduled-entries.ts';
import { kvStoreFromBinding } from '../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../scripts/content/kv/stored-records.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { fixturePath } from '../../support/fixture-site.ts';
import { parsePage } from '../../support/html.ts';
import { startPublishedWorker } from '../../support/worker-runtime.ts';

const SITE = 'https://race.elementfuture.com';
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['entry', 'link', 'url'].includes(name),
});

interface AtomLink {
  '@rel'?: string;
  '@type'?: string;
  '@href': string;
}
interface AtomEntry {
  id: string;
  title: string;
  link: AtomLink[];
  published: string;
  updated: string;
  summary: string;
}
interface AtomFeed {
  feed: {
    id: string;
    title: string;
    subtitle: string;
    updated: string;
    link: AtomLink[];
    author: { name: string; uri?: string };
    icon: string;
    entry?: AtomEntry[];
  };
}
interface Sitemap {
  urlset: { url: { loc: string; lastmod?: string }[] };
}

/** Parses a response body as XML, after checking it is well-formed. */
function parseXml<T>(text: string): T {
  expect(XMLValidator.validate(text)).toBe(true);
  return xml.parse(text) as T;
}

const isRfc3339 = (value: string) => RFC_3339.test(value) && !Number.isNaN(Date.parse(value));
const pathOf = (url: string) => new URL(url).pathname;
const canonicalPath = (e: ManifestEntry) => `/${e.type === 'news' ? 'news' : 'guide'}/${e.slug}`;

describe('with the fixture site', () => {
  let worker: LocalWorker;
  let manifest: Manifest;

  beforeAll(async () => {
    worker = await startPublishedWorker({ assetsDir: null });
    // What is public now: the fixture's scheduled post (2099) is stored but shows nowhere.
    const stored = (await readManifest(kvStoreFromBinding(worker.kv)))!;
    manifest = visibleManifest(stored, Date.now());
    expect(stored.entries.length - manifest.entries.length).toBe(1);
  });
  afterAll(() => worker?.dispose());

  const get = async (path: string, init?: RequestInit) => {
    const res = await worker.fetch(path, { redirect: 'manual', ...init });
    return { res, text: await res.text() };
  };

  describe('GET /news/feed.xml', () => {
    test('is an Atom feed with every required feed element', async () => {
      const { res, text } = await get('/news/feed.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
      const { feed } = parseXml<AtomFeed>(text);
      expect(text).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
      expect(feed.id).toBe(`${SITE}/news/feed.xml`);
      expect(feed.title).toBe('Race Element news');
      expect(feed.subtitle.length).toBeGreaterThan(10);
      expect(isRfc3339(feed.updated)).toBe(true);
      expect(feed.author.name).toBe('Reinier Klarenberg');
      expect(feed.icon).toMatch(/^https:\/\//);
      expect(feed.link.find((l) => l['@rel'] === 'self')).toMatchObject({
        '@href': `${SITE}/news/feed.xml`,
        '@type': 'application/atom+xml',
      });
      expect(feed.link.find((l) => l['@rel'] === 'alternate')).toMatchObject({ '@href': `${SITE}/news`, '@type': 'text/html' });
    });

    test('has each of the 11 news posts, newest first, at its canonical URL, with valid dates', async () => {
      const { feed } = parseXml<AtomFeed>((await get('/news/feed.xml')).text);
      const entries = feed.entry ?? [];
      const news = manifest.entries.filter((e) => e.type === 'news');
      expect(entries).toHaveLength(11);
      expect(entries.map((e) => e.id)).toEqual(news.map((e) => `${SITE}${canonicalPath(e)}`));
      for (const [i, entry] of entries.entries()) {
        const source = news[i]!;
        expect(entry.title).toBe(source.title);
        expect(entry.summary).toBe(source.description);
        expect(entry.link).toHaveLength(1);
        expect(entry.link[0]?.['@href']).toBe(entry.id);
        expect(isRfc3339(entry.published)).toBe(true);
        expect(isRfc3339(entry.updated)).toBe(true);
        expect(entry.published.slice(0, 10)).toBe(source.date);
        expect(Date.parse(entry.updated)).toBeGreaterThanOrEqual(Date.parse(entry.published));
        expect(Date.parse(feed.updated)).toBeGreaterThanOrEqual(Date.parse(entry.updated));
      }
      const published = entries.map((e) => Date.parse(e.published));
      expect([...published].sort((a, b) => b - a)).toEqual(published);
    });

    test('every entry link answers 200', async () => {
      const { feed } = parseXml<AtomFeed>((await get('/news/feed.xml')).text);
      for (const entry of feed.entry ?? []) expect((await get(pathOf(entry.id))).res.status, entry.id).toBe(200);
    });

    test('every HTML page names the feed in its head', async () => {
      for (const path of ['/', '/news', '/guide/DSX']) {
        const doc = parsePage((await get(path)).text);
        const link = doc.root.querySelector('head link[rel="alternate"][type="application/atom+xml"]');
        expect(link?.getAttribute('href')).toBe('/news/feed.xml');
        expect(link?.getAttribute('title')).toBe('Race Element news');
      }
    });

    test('does not take the place of a news article', async () => {
      expect((await get('/news/race-element-2-released')).res.status).toBe(200);
      expect((await get('/news/feed')).res.status).toBe(404);
    });
  });

  describe('GET /sitemap.xml', () => {
    test('lists every indexable page with its lastmod, and not /analytics', async () => {
      const { res, text } = await get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = parseXml<Sitemap>(text).urlset.url;
      const locs = urls.map((u) => u.loc);
      expect(locs.slice(0, 4)).toEqual([`${SITE}/`, `${SITE}/news`, `${SITE}/guide`, `${SITE}/setup`]);
      expect(locs.slice(4)).toEqual(manifest.entries.map((e) => `${SITE}${canonicalPath(e)}`));
      expect(locs).toHaveLength(4 + 25);
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs.some((l) => l.includes('/analytics'))).toBe(false);
      // Every URL has one, pages never edited since their first commit too.
      for (const url of urls) expect(url.lastmod !== undefined && isRfc3339(url.lastmod), url.loc).toBe(true);
      // An article's latest of last edit, last change (its newest commit, else its mtime) and news date.
      const lastmod = (e: (typeof manifest.entries)[number]) => {
        const times = [e.updated, e.changed, e.date].flatMap((t) =>
          t ? [Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00Z` : t)] : [],
        );
        return new Date(Math.max(...times)).toISOString();
      };
      expect(manifest.entries.every((e) => e.changed !== undefined)).toBe(true);
      for (const [i, entry] of manifest.entries.entries()) expect(urls[4 + i]?.lastmod, entry.slug).toBe(lastmod(entry));
      const newestNews = Math.max(...manifest.entries.filter((e) => e.type === 'news').map((e) => Date.parse(lastmod(e)!)));
      expect(Date.parse(urls[1]!.lastmod!)).toBe(newestNews);
    });

    test('has no child sitemaps: /sitemap-1.xml answers 404', async () => {
      const { res, text } = await get('/sitemap-1.xml');
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-tag')).toBeNull();
      expect(text).toBe('No sitemap is published at /sitemap-1.xml.');
    });

    test('every listed page answers 200 with itself as canonical', async () => {
      for (const { loc } of parseXml<Sitemap>((await get('/sitemap.xml')).text).urlset.url) {
        const { res, text } = await get(pathOf(loc));
        expect(res.status, loc).toBe(200);
        expect(parsePage(text).canonical).toBe(loc);
      }
    });
  });

  test('GET /robots.txt allows all but the API and analytics, and names the sitemap', async () => {
    const { res, text } = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /analytics');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  describe('GET /llms.txt', () => {
    test('follows the llmstxt.org layout: title, summary, paragraph, sections', async () => {
      const { res, text } = await get('/llms.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const lines = text.split('\n');
      expect(lines[0]).toBe('# Race Element');
      expect(lines[1]).toBe('');
      expect(lines[2]).toMatch(/^> .{20,}/);
      expect(lines[3]).toBe('');
      expect(lines[4]?.length).toBeGreaterThan(40);
      expect(lines[4]?.startsWith('#')).toBe(false);
      const headings = lines.filter((l) => l.startsWith('## '));
      expect(headings).toEqual(['## Guides', '## News', '## Pages']);
    });

    test('links all 25 public entries to their markdown, with descriptions, each in its section', async () => {
      const { text } = await get('/llms.txt');
      const sections = new Map<string, { title: string; url: string; description: string }[]>();
      let current = '';
      for (const line of text.split('\n')) {
        if (line.startsWith('## ')) {
          current = line.slice(3);
          sections.set(current, []);
        }
        const link = /^- \[(.+)\]\((\S+)\): (.+)$/.exec(line);
        if (link) sections.get(current)?.push({ title: link[1]!, url: link[2]!, description: link[3]! });
      }
      const expected = (filter: (e: ManifestEntry) => boolean) =>
        manifest.entries.filter(filter).map((e) => ({ title: e.title, url: `${SITE}${canonicalPath(e)}.md`, description: e.description }));
      expect(sections.get('Guides')).toEqual(expected((e) => e.type === 'guide'));
      expect(sections.get('News')).toEqual(expected((e) => e.type === 'news'));
      expect(sections.get('Pages')).toEqual(expected((e) => e.type === null));
      expect([...sections.values()].flat()).toHaveLength(25);
      for (const { url } of [...sections.values()].flat()) {
        const { res } = await get(pathOf(url));
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      }
    });
  });

  describe('article markdown at <article URL>.md', () => {
    test.each([
      ['/guide/DSX.md', 'guide-DSX.md', '/guide/DSX'],
      ['/news/race-element-2-released.md', 'version-2-released.md', '/news/race-element-2-released'],
      ['/guide/features.md', 'features.md', '/guide/features'],
    ])('%s serves the source of %s, front matter included', async (path, file, page) => {
      const { res, text } = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('link')).toBe(`<${SITE}${page}>; rel="canonical"`);
      expect(text).toBe(await readFile(fixturePath(file), 'utf8'));
      expect(text).toMatch(/^---\ntitle: /);
    });

    test.each([
      ['/guide/dsx.md', '/guide/DSX.md'],
      ['/guide/guide-DSX.md', '/guide/DSX.md'],
      ['/guide/guide-get-started.md', '/guide/how-to-get-started.md'],
      ['/news/version-2-released.md', '/news/race-element-2-released.md'],
      ['/news/RACE-ELEMENT-2-RELEASED.md', '/news/race-element-2-released.md'],
      ['/guide/race-element-2-released.md', '/news/race-element-2-released.md'],
      ['/news/DSX.md?x=1', '/guide/DSX.md?x=1'],
    ])('%s answers 301 to %s', async (from, to) => {
      const { res } = await get(from);
      expect(res.status).toBe(301);
      const location = new URL(res.headers.get('location') ?? '', 'http://localhost:8787');
      expect(location.pathname + location.search).toBe(to);
    });

    test.each(['/guide/no-such-guide.md', '/news/nope.md'])('%s answers 404 in plain text', async (path) => {
      const { res, text } = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(text).toContain(`No article is published at ${path}`);
    });
  });

  describe('caching, methods', () => {
    test.each([
      ['/news/feed.xml', 'site,list:news'],
      ['/sitemap.xml', 'site,list:news,list:guide'],
      ['/llms.txt', 'site,list:news,list:guide'],
      ['/robots.txt', 'site'],
      ['/guide/DSX.md', 'site,entry:guide/DSX'],
      ['/news/race-element-2-released.md', 'site,entry:news/race-element-2-released'],
    ])('%s is shared through the cache in front of the Worker, tagged %s', async (path, tags) => {
      const { res } = await get(path);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('cloudflare-cdn-cache-control')).toBe('max-age=86400, stale-while-revalidate=86400, stale-if-error=604800');
      expect(res.headers.get('cache-tag')).toBe(tags);
      expect(res.headers.get('vary')).toBeNull();
    });

    test("a missing article's markdown and a redirect are kept by no shared cache", async () => {
      for (const path of ['/guide/no-such-guide.md', '/guide/dsx.md']) {
        const { res } = await get(path);
        expect(res.headers.get('cache-control'), path).toBe(res.status === 404 ? 'no-cache' : 'no-store');
        expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
        expect(res.headers.get('cache-tag'), path).toBeNull();
      }
    });

    test.each(['/news/feed.xml', '/sitemap.xml', '/robots.txt', '/llms.txt', '/guide/DSX.md'])(
      '%s answers 304 to If-None-Match with its ETag',
      async (path) => {
        const first = await get(path);
        const etag = first.res.headers.get('etag');
        expect(etag).toMatch(/^W\/"[^"]+"$/);
        const again = await get(path, { headers: { 'If-None-Match': etag! } });
        expect(again.res.status).toBe(304);
        expect(again.text).toBe('');
        expect(again.res.headers.get('etag')).toBe(etag);
        for (const name of ['cache-control', 'cloudflare-cdn-cache-control', 'cache-tag', 'vary']) {
          expect(again.res.headers.get(name), name).toBe(first.res.headers.get(name));
        }
        expect(again.res.headers.get('content-security-policy')).toBeNull();
        // Also when the client sends it back strong, or in a list.
        expect((await get(path, { headers: { 'If-None-Match': `"other", ${etag!.slice(2)}` } })).res.status).toBe(304);
        const other = await get(path, { headers: { 'If-None-Match': 'W/"something-else"' } });
        expect(other.res.status).toBe(200);
        expect(other.text).toBe(first.text);
      },
    );

    test('the feed ETag names the manifest version', async () => {
      expect((await get('/news/feed.xml')).res.headers.get('etag')).toMatch(new RegExp(`^W/"m${manifest.version}-`));
    });

    test('the markdown ETag differs between articles', async () => {
      const a = (await get('/guide/DSX.md')).res.headers.get('etag');
      const b = await get('/guide/how-to-get-started.md', { headers: { 'If-None-Match': a! } });
      expect(b.res.status).toBe(200);
      expect(b.res.headers.get('etag')).not.toBe(a);
    });

    test.each(['/news/feed.xml', '/sitemap.xml', '/robots.txt', '/llms.txt', '/guide/DSX.md'])(
      'HEAD %s answers like GET, without a body',
      async (path) => {
        const head = await get(path, { method: 'HEAD' });
        const full = await get(path);
        expect(head.res.status).toBe(200);
        expect(head.text).toBe('');
        expect(head.res.headers.get('content-type')).toBe(full.res.headers.get('content-type'));
        expect(head.res.headers.get('etag')).toBe(full.res.headers.get('etag'));
      },
    );

    test.each(['POST', 'PUT', 'DELETE'])('%s answers 405 with Allow', async (method) => {
      for (const path of ['/news/feed.xml', '/sitemap.xml', '/robots.txt', '/llms.txt', '/guide/DSX.md']) {
        const { res } = await get(path, { method });
        expect(res.status, path).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
      }
    });
  });
});

describe('with hand-made and broken manifests', () => {
  let worker: LocalWorker;
  beforeAll(async () => {
    // Each test rewrites the manifest: no isolate memo between requests.
    worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0' } });
  });
  afterAll(() => worker?.dispose());

  const get = async (path: string) => {
    const res = await worker.fetch(path, { redirect: 'manual' });
    return { res, text: await res.text() };
  };

  const entry = (over: Partial<ManifestEntry>): ManifestEntry => ({
    slug: 'x',
    type: 'news',
    title: 'X',
    description: 'd',
    date: '2026-01-01',
    file: 'x.md',
    key: entryKey('x'),
    sourceHash: 'x',
    updated: '2026-01-02T03:04:05.000Z',
    ...over,
  });
  const manifestOf = (entries: ManifestEntry[]): Manifest => ({
    version: 7,
    publishedAt: '2026-02-01T00:00:00.000Z',
    renderer: 'test',
    samples: [],
    search: null,
    drafts: [],
    entries,
  });

  test('before anything is published: 503 in plain text, except robots.txt', async () => {
    for (const path of ['/news/feed.xml', '/sitemap.xml', '/llms.txt', '/guide/DSX.md']) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(text).toMatch(/^Not published yet/);
    }
    const robots = await get('/robots.txt');
    expect(robots.res.status).toBe(200);
    expect(robots.text).toContain('Sitemap: https://race.elementfuture.com/sitemap.xml');
  });

  test('XML special characters in titles and descriptions are escaped', async () => {
    const title = `Tips & <Tricks> "quoted" 'single' ]]> ]]> \u0001done`;
    const description = 'a < b && c > d; <script>alert(1)</script>';
    await worker.kv.put(
      MANIFEST_KEY,
      JSON.stringify(
        manifestOf([
          entry({ slug: 'special', title, description }),
          entry({ slug: 'bracket', type: 'guide', date: null, title: 'Use [brackets] & more', description: 'line one\nline two' }),
        ]),
      ),
    );
    const feedText = (await get('/news/feed.xml')).text;
    expect(feedText).not.toContain('<script>');
    expect(feedText).not.toContain('<Tricks>');
    const { feed } = parseXml<AtomFeed>(feedText);
    expect(feed.entry).toHaveLength(1);
    expect(feed.entry?.[0]?.title).toBe(title.replace('\u0001', ''));
    expect(feed.entry?.[0]?.summary).toBe(description);
    expect(feed.entry?.[0]?.published).toBe('2026-01-01T00:00:00.000Z');
    expect(feed.entry?.[0]?.updated).toBe('2026-01-02T03:04:05.000Z');
    expect(feed.updated).toBe('2026-01-02T03:04:05.000Z');

    const sitemap = parseXml<Sitemap>((await get('/sitemap.xml')).text);
    expect(sitemap.urlset.url.map((u) => u.loc)).toContain('https://race.elementfuture.com/guide/bracket');

    const llms = (await get('/llms.txt')).text;
    expect(llms).toContain('- [Use \\[brackets\\] & more](https://race.elementfuture.com/guide/bracket.md): line one line two');
  });

  test('past 50,000 URLs: /sitemap.xml is an index of child sitemaps, served and tagged like it; no other child', async () => {
    const entries = Array.from({ length: 50_001 }, (_, n) => entry({ slug: `g${n}`, type: 'guide', date: null, file: `g${n}.md` }));
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestOf(entries)));
    const index = await get('/sitemap.xml');
    expect(index.res.status).toBe(200);
    const children = [...index.text.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(children).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`]);
    for (const [path, urls] of [
      ['/sitemap-1.xml', 50_000],
      ['/sitemap-2.xml', 5],
    ] as const) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('cache-tag')).toBe('site,list:news,list:guide');
      expect(res.headers.get('etag')).toMatch(/^W\/"m7-/);
      expect(text.match(/<url>/g)).toHaveLength(urls);
    }
    expect((await get('/sitemap-2.xml')).text).toContain(`<loc>${SITE}/guide/g50000</loc>`);
    for (const path of ['/sitemap-3.xml', '/sitemap-0.xml', '/sitemap-01.xml']) expect((await get(path)).res.status, path).toBe(404);
    expect((await worker.fetch('/sitemap-1.xml', { method: 'POST' })).status).toBe(405);
  });

  test('a manifest without news gives an empty feed dated by the last publish', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestOf([entry({ type: 'guide', date: null })])));
    const { feed } = parseXml<AtomFeed>((await get('/news/feed.xml')).text);
    expect(feed.entry).toBeUndefined();
    expect(feed.updated).toBe('2026-02-01T00:00:00.000Z');
    expect((await get('/llms.txt')).text).not.toContain('## News');
  });

  test('a date the Worker cannot read answers 500 naming the file', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestOf([entry({ file: 'odd.md', updated: 'yesterday' })])));
    for (const path of ['/news/feed.xml', '/sitemap.xml']) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(500);
      expect(text).toMatch(/odd\.md.*not a valid date/);
    }
  });

  test('a markdown route whose entry is unreadable answers 500 with the cause', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestOf([entry({ slug: 'gone', key: entryKey('gone') })])));
    const { res, text } = await get('/news/gone.md');
    expect(res.status).toBe(500);
    expect(text).toMatch(/missing from KV/);
  });

  test("a page whose slug ends in .md is still the page route's", async () => {
    await worker.kv.put(entryKey('dotted'), '{"attributes": 42');
    await worker.kv.put(
      MANIFEST_KEY,
      JSON.stringify(manifestOf([entry({ slug: 'notes.md', type: 'guide', date: null, key: entryKey('dotted') })])),
    );
    const { res, text } = await get('/guide/notes.md');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.status).toBe(500);
    expect(parsePage(text).root.querySelector('main h1')?.textContent).toBe('There was an error');
  });

  test('a corrupt manifest: the last good one read is served, asked for afresh and kept by no shared cache, never a crash', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestOf([entry({ title: 'Last good' })])));
    expect((await get('/news/feed.xml')).text).toContain('Last good');
    await worker.kv.put(MANIFEST_KEY, 'not json');
    for (const path of ['/news/feed.xml', '/sitemap.xml', '/llms.txt']) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
      if (path !== '/sitemap.xml') expect(text, path).toContain('Last good');
    }
  });

  test('a corrupt manifest answers 503 with its reason and fix where no good copy is held, never a crash', async () => {
    const fresh = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0' } });
    try {
      await fresh.kv.put(MANIFEST_KEY, 'not json');
      for (const path of ['/news/feed.xml', '/sitemap.xml', '/llms.txt', '/guide/DSX.md']) {
        const res = await fresh.fetch(path);
        const text = await res.text();
        expect(res.status, path).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('retry-after')).toBe('30');
        expect(text).toMatch(
          /^Temporarily unavailable: the content store cannot be read right now\. \(Reading the manifest failed \(503\): The manifest \(KV key `manifest`\) is not valid JSON\..*--rollback`\.\)$/,
        );
      }
    } finally {
      await fresh.dispose();
    }
  });
});
