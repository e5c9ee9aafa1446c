/** The feed, sitemap and llms.txt stay bounded however many entries: at the bound and past it. Pure, plain objects. */
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import type { ManifestEntry } from '../../../contracts/kv-values.ts';
import { atomFeed, FEED_ENTRIES } from '../../../worker/feeds/atom.ts';
import type { PublishedPage, SiteContent } from '../../../worker/feeds/site-content.ts';
import { childSitemapXml, SITEMAP_LIMITS, sitemapXml } from '../../../worker/feeds/sitemap.ts';
import { LLMS_SECTION_LINKS, llmsTxt } from '../../../worker/feeds/text-files.ts';

const SITE = 'https://example.test';
const DAY = 86_400_000;
const isoDay = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * DAY).toISOString().slice(0, 10);

/** Entry `n` of a section: news dated n days after 2020-01-01; guides and pages changed then. */
function page(n: number, type: ManifestEntry['type']): PublishedPage {
  const slug = `${type ?? 'page'}-${n}`;
  const entry: ManifestEntry = {
    slug,
    type,
    title: `Title ${String(n).padStart(6, '0')} ${type}`,
    description: `About ${slug}`,
    date: type === 'news' ? isoDay(n) : null,
    file: `${slug}.md`,
    key: `entry/${slug}`,
    sourceHash: slug,
    updated: type === 'news' ? null : `${isoDay(n)}T12:00:00.000Z`,
  };
  return { entry, url: `${SITE}/${type === 'news' ? 'news' : 'guide'}/${slug}` };
}
/** `count` entries of `type`, in the manifest's display order (news newest first, others by title). */
const section = (count: number, type: ManifestEntry['type']) => {
  const pages = Array.from({ length: count }, (_, n) => page(n, type));
  return type === 'news' ? pages.reverse() : pages;
};
const content = (pages: PublishedPage[]): SiteContent => ({ siteUrl: SITE, publishedAt: '2030-01-01T00:00:00.000Z', pages });
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('the Atom feed', () => {
  test(`of 60 posts holds the newest ${FEED_ENTRIES}, newest first, dated by the newest it holds`, () => {
    const posts = section(60, 'news');
    // Given oldest first: the feed sorts by itself.
    const feed = atomFeed(content([...posts].reverse()));
    expect(XMLValidator.validate(feed)).toBe(true);
    const ids = [...feed.matchAll(/<entry>\n {4}<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(ids).toEqual(posts.slice(0, 50).map((p) => p.url));
    expect(feed).not.toContain(`${SITE}/news/news-9<`);
    expect(feed).toContain(`<updated>${isoDay(59)}T00:00:00.000Z</updated>\n  <link rel="self"`);
  });

  test('an old post edited lately stays out when 50 newer ones are there', () => {
    const posts = section(60, 'news');
    const edited = { ...posts[59]!, entry: { ...posts[59]!.entry, updated: '2031-01-01T00:00:00.000Z' } };
    const feed = atomFeed(content([...posts.slice(0, 59), edited]));
    expect(count(feed, /<entry>/g)).toBe(50);
    expect(feed).not.toContain('2031-01-01');
  });
});

describe('llms.txt', () => {
  test(`a section of ${LLMS_SECTION_LINKS} is whole, with no note`, () => {
    const text = llmsTxt(content([...section(50, 'news'), ...section(50, 'guide')]));
    expect(count(text, /^- \[/gm)).toBe(100);
    expect(text).not.toContain('All ');
    expect(text).not.toContain('lists its newest');
  });

  test('of 60 news posts, 60 guides and 3 pages: the newest 50 of each long section, a link to all, and the paragraph says so', () => {
    const guides = section(60, 'guide');
    const text = llmsTxt(content([...section(60, 'news'), ...guides, ...section(3, null)]));
    const paragraph = text.split('\n')[4]!;
    expect(paragraph).toMatch(/A section of more than 50 pages lists its newest 50 and links to where all are listed\.$/);
    const links = (heading: string) => {
      const from = text.indexOf(`## ${heading}\n\n`);
      return text.slice(from).split('\n\n')[1]!.trimEnd().split('\n');
    };
    const news = links('News');
    expect(news).toHaveLength(51);
    expect(news[0]).toBe(`- [Title 000059 news](${SITE}/news/news-59.md): About news-59`);
    expect(news[49]).toBe(`- [Title 000010 news](${SITE}/news/news-10.md): About news-10`);
    expect(news[50]).toBe(`- [All 60 news posts](${SITE}/news): the news index, newest first, 20 a page`);
    const guideLinks = links('Guides');
    // The last changed first: guide-59 down to guide-10.
    expect(guideLinks.slice(0, 50)).toEqual(
      guides
        .slice(10)
        .reverse()
        .map((p) => `- [${p.entry.title}](${p.url}.md): ${p.entry.description}`),
    );
    expect(guideLinks[50]).toBe(`- [All 60 guides](${SITE}/guide): the guides index, by title, 20 a page`);
    expect(links('Pages')).toHaveLength(3);
  });

  test('its size does not grow with the site: 10,000 of each as 60 of each, but for longer names', () => {
    const of = (n: number) => llmsTxt(content([...section(n, 'news'), ...section(n, 'guide'), ...section(n, null)]));
    const [small, large] = [of(60), of(10_000)];
    expect(count(large, /^- \[/gm)).toBe(3 * 51);
    expect(count(small, /^- \[/gm)).toBe(3 * 51);
    expect(bytes(large)).toBeLessThan(bytes(small) * 1.1);
  });
});

describe('the sitemap', () => {
  const at = (entries: number) => content(section(entries, 'guide'));
  const locs = (text: string) => [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  test('of exactly 50,000 URLs (4 fixed pages and 49,996 entries) is one urlset, with no children', () => {
    const site = at(SITEMAP_LIMITS.urls - 4);
    const text = sitemapXml(site);
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<urlset ')).toBe(true);
    expect(count(text, /<url>/g)).toBe(50_000);
    expect(childSitemapXml(site, 1)).toBeNull();
  });

  test('of 50,001 entries is an index of two children within the limits, which list every URL once, in order', () => {
    const site = at(50_001);
    const index = sitemapXml(site);
    expect(XMLValidator.validate(index)).toBe(true);
    expect(index).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        // The guides index, in the first, is as new as the newest guide.
        `  <sitemap><loc>${SITE}/sitemap-1.xml</loc><lastmod>${isoDay(50_000)}T12:00:00.000Z</lastmod></sitemap>`,
        `  <sitemap><loc>${SITE}/sitemap-2.xml</loc><lastmod>${isoDay(50_000)}T12:00:00.000Z</lastmod></sitemap>`,
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
    const [first, second] = [childSitemapXml(site, 1)!, childSitemapXml(site, 2)!];
    expect(count(first, /<url>/g)).toBe(50_000);
    expect(count(second, /<url>/g)).toBe(5);
    for (const child of [first, second]) {
      expect(
        child.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'),
      ).toBe(true);
      expect(child.endsWith('</urlset>\n')).toBe(true);
      expect(bytes(child)).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
    }
    expect(locs(first + second)).toEqual([`${SITE}/`, `${SITE}/news`, `${SITE}/guide`, `${SITE}/setup`, ...site.pages.map((p) => p.url)]);
    expect(childSitemapXml(site, 3)).toBeNull();
    expect(childSitemapXml(site, 0)).toBeNull();
  });

  test('past the byte limit first, children are cut by bytes, each within it', () => {
    const site = at(40);
    const limits = { urls: 50_000, bytes: 1_500 };
    const children: string[] = [];
    for (let n = 1; childSitemapXml(site, n, limits) !== null; n++) children.push(childSitemapXml(site, n, limits)!);
    expect(children.length).toBeGreaterThan(3);
    for (const child of children) expect(bytes(child)).toBeLessThanOrEqual(limits.bytes);
    expect(locs(children.join('')).length).toBe(44);
    expect(count(sitemapXml(site, limits), /<sitemap>/g)).toBe(children.length);
  });
});
