/** The pure builders behind /news/feed.xml, /sitemap.xml, /robots.txt and /llms.txt, in Node. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import type { ManifestEntry } from '../../../contracts/kv-values.ts';
import { atomFeed } from '../../../worker/feeds/atom.ts';
import type { PublishedPage, SiteContent } from '../../../worker/feeds/site-content.ts';
import { sitemapXml } from '../../../worker/feeds/sitemap.ts';
import { llmsTxt, robotsTxt } from '../../../worker/feeds/text-files.ts';
import { FeedDataError, latest, rfc3339, xmlText } from '../../../worker/feeds/xml.ts';

const SITE = 'https://example.test';
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['entry', 'link', 'url'].includes(name),
});

function page(over: Partial<ManifestEntry>): PublishedPage {
  const entry: ManifestEntry = {
    slug: 's',
    type: 'news',
    title: 'T',
    description: 'D',
    date: '2025-01-01',
    file: 'f.md',
    key: 'entry/k',
    sourceHash: 'h',
    updated: '2025-06-01T00:00:00.000Z',
    ...over,
  };
  return { entry, url: `${SITE}/${entry.type === 'news' ? 'news' : 'guide'}/${entry.slug}` };
}

const content = (pages: PublishedPage[]): SiteContent => ({ siteUrl: SITE, publishedAt: '2025-07-01T12:00:00.000Z', pages });

const site = content([
  page({ slug: 'new', date: '2025-03-01', updated: '2025-03-05T10:00:00.000Z', title: 'Newer' }),
  page({ slug: 'old', date: '2024-01-01', updated: '2025-04-01T00:00:00.000Z', title: 'Older' }),
  page({ slug: 'g1', type: 'guide', date: null, updated: '2025-05-01T00:00:00.000Z', title: 'A guide' }),
  page({ slug: 'features', type: null, date: null, updated: '2025-02-01T00:00:00.000Z', title: 'Features' }),
]);

describe('xmlText', () => {
  test('escapes the five markup characters', () => {
    expect(xmlText(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(xmlText('&amp;')).toBe('&amp;amp;');
  });

  test('drops characters XML 1.0 forbids, keeps tabs, newlines and astral characters', () => {
    expect(xmlText('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf')).toBe('abcdef');
    expect(xmlText('tab\tline\nret\r')).toBe('tab\tline\nret\r');
    expect(xmlText('🏎 ok')).toBe('🏎 ok');
    expect(xmlText('lone \uD83C and \uDFCE')).toBe('lone  and ');
  });
});

describe('rfc3339 and latest', () => {
  test('a calendar date is midnight UTC; a time is normalised to UTC', () => {
    expect(rfc3339('2024-09-24', 'x')).toBe('2024-09-24T00:00:00.000Z');
    expect(rfc3339('2024-09-24T10:00:00+02:00', 'x')).toBe('2024-09-24T08:00:00.000Z');
  });

  test('an unreadable value throws a FeedDataError naming it', () => {
    expect(() => rfc3339('soon', 'The date of a.md')).toThrow(FeedDataError);
    expect(() => rfc3339('soon', 'The date of a.md')).toThrow(/The date of a\.md is not a valid date: "soon"/);
  });

  test('latest picks the newest time, undefined for none', () => {
    expect(latest(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z'])).toBe('2025-01-01T00:00:00.000Z');
    expect(latest([])).toBeUndefined();
  });
});

describe('atomFeed', () => {
  const parse = (text: string) => {
    expect(XMLValidator.validate(text)).toBe(true);
    return parser.parse(text).feed;
  };

  test('news only, newest first whatever the input order, with the feed metadata', () => {
    const feed = parse(atomFeed(content([...site.pages].reverse())));
    expect(feed.id).toBe(`${SITE}/news/feed.xml`);
    expect(feed.author.name).toBe('Reinier Klarenberg');
    expect(feed.entry.map((e: { id: string }) => e.id)).toEqual([`${SITE}/news/new`, `${SITE}/news/old`]);
    expect(feed.entry[0].link).toEqual([{ '@rel': 'alternate', '@type': 'text/html', '@href': `${SITE}/news/new` }]);
  });

  test('published is the news date; updated the later of it and the source change; the feed the newest entry', () => {
    const feed = parse(
      atomFeed(content([page({ slug: 'future', date: '2025-09-01', updated: '2025-08-01T00:00:00.000Z' }), ...site.pages])),
    );
    const [future, newer, older] = feed.entry;
    expect([future.published, future.updated]).toEqual(['2025-09-01T00:00:00.000Z', '2025-09-01T00:00:00.000Z']);
    expect([newer.published, newer.updated]).toEqual(['2025-03-01T00:00:00.000Z', '2025-03-05T10:00:00.000Z']);
    expect([older.published, older.updated]).toEqual(['2024-01-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z']);
    expect(feed.updated).toBe('2025-09-01T00:00:00.000Z');
  });

  test('without news: no entries, updated is the last publish', () => {
    const feed = parse(atomFeed(content(site.pages.filter((p) => p.entry.type !== 'news'))));
    expect(feed.entry).toBeUndefined();
    expect(feed.updated).toBe('2025-07-01T12:00:00.000Z');
  });

  test('titles and summaries are escaped text, round-tripping exactly', () => {
    const title = `R&D <b>bold</b> "q" 'a' ]]> x`;
    const text = atomFeed(content([page({ title, description: '1 < 2 & 3 > 2' })]));
    expect(text).toContain('<title>R&amp;D &lt;b&gt;bold&lt;/b&gt; &quot;q&quot; &apos;a&apos; ]]&gt; x</title>');
    const feed = parse(text);
    expect(feed.entry[0].title).toBe(title);
    expect(feed.entry[0].summary).toBe('1 < 2 & 3 > 2');
  });

  test('an unreadable date throws, naming the file', () => {
    expect(() => atomFeed(content([page({ file: 'bad.md', updated: 'never' })]))).toThrow(/bad\.md/);
  });

  test('a post never edited after its date (updated null) is updated when published', () => {
    const feed = parse(atomFeed(content([page({ slug: 'as-is', date: '2025-03-01', updated: null })])));
    expect([feed.entry[0].published, feed.entry[0].updated]).toEqual(['2025-03-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z']);
    expect(feed.updated).toBe('2025-03-01T00:00:00.000Z');
  });
});

describe('sitemapXml', () => {
  /** The sitemap of `of`, checked to be well-formed XML: each URL with its lastmod. */
  function sitemapUrls(of: SiteContent): [string, string][] {
    const text = sitemapXml(of);
    expect(XMLValidator.validate(text)).toBe(true);
    return parser.parse(text).urlset.url.map((u: { loc: string; lastmod: string }) => [u.loc, u.lastmod]);
  }

  test('home, indexes, setup and every entry, each with its lastmod', () => {
    expect(sitemapUrls(site)).toEqual([
      [`${SITE}/`, '2025-04-01T00:00:00.000Z'],
      [`${SITE}/news`, '2025-04-01T00:00:00.000Z'],
      [`${SITE}/guide`, '2025-05-01T00:00:00.000Z'],
      [`${SITE}/setup`, '2025-07-01T12:00:00.000Z'],
      [`${SITE}/news/new`, '2025-03-05T10:00:00.000Z'],
      [`${SITE}/news/old`, '2025-04-01T00:00:00.000Z'],
      [`${SITE}/guide/g1`, '2025-05-01T00:00:00.000Z'],
      [`${SITE}/guide/features`, '2025-02-01T00:00:00.000Z'],
    ]);
    expect(sitemapXml(site)).not.toContain('/analytics');
  });

  test('never edited: its last (first) commit, or the news date when later; with no time at all, the last publish', () => {
    const urls = sitemapUrls(
      content([
        page({ slug: 'as-is', date: '2025-03-01', updated: null }),
        page({ slug: 'committed-before-its-date', date: '2025-03-01', updated: null, changed: '2025-02-27T09:00:00+01:00' }),
        page({ slug: 'once', type: 'guide', date: null, updated: null, changed: '2025-02-10T08:00:00+01:00' }),
        page({ slug: 'sponsor', type: null, date: null, updated: null }),
      ]),
    );
    expect(urls).toEqual([
      [`${SITE}/`, '2025-03-01T00:00:00.000Z'],
      [`${SITE}/news`, '2025-03-01T00:00:00.000Z'],
      // The index takes the articles' own times, not a fallback.
      [`${SITE}/guide`, '2025-02-10T07:00:00.000Z'],
      [`${SITE}/setup`, '2025-07-01T12:00:00.000Z'],
      [`${SITE}/news/as-is`, '2025-03-01T00:00:00.000Z'],
      [`${SITE}/news/committed-before-its-date`, '2025-03-01T00:00:00.000Z'],
      [`${SITE}/guide/once`, '2025-02-10T07:00:00.000Z'],
      [`${SITE}/guide/sponsor`, '2025-07-01T12:00:00.000Z'],
    ]);
  });

  test('the latest of last edit, last change and news date', () => {
    const text = sitemapXml(
      content([page({ slug: 'g', type: 'guide', date: null, updated: '2025-05-01T00:00:00Z', changed: '2025-05-02T00:00:00Z' })]),
    );
    expect(text).toContain(`<url><loc>${SITE}/guide/g</loc><lastmod>2025-05-02T00:00:00.000Z</lastmod></url>`);
  });

  test('indexes with nothing to list fall back to the last publish', () => {
    const urls = parser.parse(sitemapXml(content([]))).urlset.url;
    expect(urls.map((u: { lastmod: string }) => u.lastmod)).toEqual(Array(4).fill('2025-07-01T12:00:00.000Z'));
  });
});

describe('robotsTxt and llmsTxt', () => {
  test('robots.txt', () => {
    expect(robotsTxt(SITE)).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /analytics\n\nSitemap: https://example.test/sitemap.xml\n',
    );
  });

  test('llms.txt: title, summary, paragraph, then Guides, News and Pages linking the markdown', () => {
    const text = llmsTxt(site);
    const [title, , summary, , paragraph] = text.split('\n');
    expect(title).toBe('# Race Element');
    expect(summary).toMatch(/^> Race Element is a free, open-source sim-racing companion app/);
    expect(paragraph).toContain('https://github.com/RiddleTime/Race-Element');
    expect(text.slice(text.indexOf('## Guides'))).toBe(
      [
        '## Guides',
        '',
        `- [A guide](${SITE}/guide/g1.md): D`,
        '',
        '## News',
        '',
        `- [Newer](${SITE}/news/new.md): D`,
        `- [Older](${SITE}/news/old.md): D`,
        '',
        '## Pages',
        '',
        `- [Features](${SITE}/guide/features.md): D`,
        '',
      ].join('\n'),
    );
  });

  test('llms.txt: brackets and backslashes in titles escaped, descriptions on one line, empty sections left out', () => {
    const text = llmsTxt(content([page({ type: 'guide', slug: 'x', title: 'A [b] \\ c', description: ' two\n  lines ' })]));
    expect(text).toContain(`- [A \\[b\\] \\\\ c](${SITE}/guide/x.md): two lines`);
    expect(text).not.toContain('## News');
    expect(text).not.toContain('## Pages');
  });
});
