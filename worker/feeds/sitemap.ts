/**
 * sitemap.xml (sitemaps.org 0.9): every page a search engine should index, with the time its
 * content last changed. Articles: the latest of their manifest `updated` (last edit), `changed`
 * (last commit, the first one for a file never edited; else the file's mtime) and news date; a
 * manifest with none of them (content made in memory) gives its publishedAt, so every URL has
 * one. Indexes: the newest of the articles' own times among what they list (home lists the latest news). /setup
 * has no content of its own: the manifest's publishedAt. /analytics (noindex) and /search
 * (results, not pages) are left out.
 */

import type { SiteContent } from './site-content.ts';
import { element, latest, rfc3339, xmlText } from './xml.ts';

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

export function sitemapXml({ siteUrl, publishedAt, pages }: SiteContent): string {
  const published = rfc3339(publishedAt, 'The manifest publishedAt');
  const articles = pages.map(({ entry, url }) => {
    const times = [entry.updated, entry.changed, entry.date].flatMap((time) =>
      time ? [rfc3339(time, `The updated time of ${entry.file}`)] : [],
    );
    return { type: entry.type, url, lastmod: latest(times) };
  });
  const newest = (type: 'news' | 'guide') =>
    latest(articles.flatMap((a) => (a.type === type && a.lastmod ? [a.lastmod] : []))) ?? published;
  const urls = [
    { url: `${siteUrl}/`, lastmod: newest('news') },
    { url: `${siteUrl}/news`, lastmod: newest('news') },
    { url: `${siteUrl}/guide`, lastmod: newest('guide') },
    { url: `${siteUrl}/setup`, lastmod: published },
    ...articles.map(({ url, lastmod }) => ({ url, lastmod: lastmod ?? published })),
  ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(({ url, lastmod }) => `  <url><loc>${xmlText(url)}</loc>${element('lastmod', lastmod)}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}
