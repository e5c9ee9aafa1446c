/** The news feed, Atom 1.0 (RFC 4287): the newest news entries, newest first. Pure. */
import { SITE } from '../../client/site.ts';
import type { SiteContent } from './site-content.ts';
import { element, latest, rfc3339, xmlText } from './xml.ts';

/** The feed's media type. */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
/** Where the feed is served, linked from every page's head. */
export const NEWS_FEED_PATH = '/news/feed.xml';
const NEWS_FEED_TITLE = `${SITE.name} news`;
const SUBTITLE = 'News and releases of Race Element, the free sim racing companion app.';
const AUTHOR_URI = `https://github.com/${SITE.authorHandle}`;
/** RFC 4287 lets a feed hold only the newest entries; readers keep what they fetched before. */
export const FEED_ENTRIES = 50;

/**
 * The newest FEED_ENTRIES news posts. Each entry: its canonical URL as id and link, the news date (or go-live time) as
 * `published`, its last edit as `updated` (never before `published`), its description as the summary; text escaped,
 * Atom's default `type="text"`. The feed's `updated` is the newest of the entries it holds.
 */
export function atomFeed({ siteUrl, publishedAt, pages }: SiteContent): string {
  const feedUrl = `${siteUrl}${NEWS_FEED_PATH}`;
  const entries = pages
    .filter(({ entry }) => entry.type === 'news')
    .map(({ entry, url }) => {
      const published = rfc3339(entry.publishAt ?? entry.date ?? entry.updated ?? publishedAt, `The date of ${entry.file}`);
      const changed = entry.updated === null ? published : rfc3339(entry.updated, `The updated time of ${entry.file}`);
      return { entry, url, published, updated: changed > published ? changed : published };
    })
    // The manifest keeps news newest first already; sorting again keeps the feed right whatever the order.
    .sort((a, b) => (a.published === b.published ? 0 : a.published > b.published ? -1 : 1))
    .slice(0, FEED_ENTRIES);
  const updated = latest(entries.map((e) => e.updated)) ?? rfc3339(publishedAt, 'The manifest publishedAt');

  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  ${element('id', feedUrl)}`,
    `  ${element('title', NEWS_FEED_TITLE)}`,
    `  ${element('subtitle', SUBTITLE)}`,
    `  ${element('updated', updated)}`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${siteUrl}/news`)}"/>`,
    `  <author>${element('name', SITE.author)}${element('uri', AUTHOR_URI)}</author>`,
    `  ${element('icon', `${siteUrl}${SITE.image}`)}`,
    ...entries.flatMap(({ entry, url, published, updated: entryUpdated }) => [
      '  <entry>',
      `    ${element('id', url)}`,
      `    ${element('title', entry.title)}`,
      `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
      `    ${element('published', published)}`,
      `    ${element('updated', entryUpdated)}`,
      `    ${element('summary', entry.description)}`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ];
  return lines.join('\n');
}
