/**
 * sitemap.xml (sitemaps.org 0.9): every page a search engine should index, and when its content last changed
 * (docs/publishing.md, Feeds). Pure.
 */

import type { SiteContent } from './site-content.ts';
import { element, latest, rfc3339, xmlText } from './xml.ts';

/** The sitemap's media type. */
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/**
 * Articles: last edit, else news date, else no lastmod. Indexes: the newest of what they list. /setup: the manifest's
 * publishedAt. /analytics (noindex) and /search (results, not pages) are left out.
 */
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
