/** sitemap.xml (sitemaps.org 0.9): every page a search engine should index, and when its content last changed. Pure. */

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
    const changed = entry.updated ?? entry.date;
    return { type: entry.type, url, lastmod: changed === null ? undefined : rfc3339(changed, `The updated time of ${entry.file}`) };
  });
  const newest = (type: 'news' | 'guide') =>
    latest(articles.flatMap((a) => (a.type === type && a.lastmod ? [a.lastmod] : []))) ?? published;
  const urls = [
    { url: `${siteUrl}/`, lastmod: newest('news') },
    { url: `${siteUrl}/news`, lastmod: newest('news') },
    { url: `${siteUrl}/guide`, lastmod: newest('guide') },
    { url: `${siteUrl}/setup`, lastmod: published },
    ...articles,
  ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(({ url, lastmod }) => `  <url><loc>${xmlText(url)}</loc>${lastmod ? element('lastmod', lastmod) : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}
