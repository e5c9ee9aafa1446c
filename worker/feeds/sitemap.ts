/**
 * sitemap.xml (sitemaps.org 0.9): every page a search engine should index, with the time its
 * content last changed. Articles: their manifest `updated`. Indexes: the newest `updated` of
 * what they list (home lists the latest news). /setup has no content of its own: the manifest's
 * publishedAt. /analytics (noindex) and /search (results, not pages) are left out.
 */
import { element, latest, rfc3339, xmlText } from './xml.ts';
import type { SiteContent } from './site-content.ts';

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

export function sitemapXml({ siteUrl, publishedAt, pages }: SiteContent): string {
  const published = rfc3339(publishedAt, 'The manifest publishedAt');
  const articles = pages.map(({ entry, url }) => ({ type: entry.type, url, lastmod: rfc3339(entry.updated, `The updated time of ${entry.file}`) }));
  const newest = (type: 'news' | 'guide') => latest(articles.filter((a) => a.type === type).map((a) => a.lastmod)) ?? published;
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
    ...urls.map(({ url, lastmod }) => `  <url><loc>${xmlText(url)}</loc>${element('lastmod', lastmod)}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}
