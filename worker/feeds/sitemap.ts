/**
 * sitemap.xml (sitemaps.org 0.9): every page a search engine should index, and when its content last changed
 * (docs/publishing.md, Feeds); past one file's limits, a sitemap index of child sitemaps. Pure.
 */

import type { SiteContent } from './site-content.ts';
import { element, latest, rfc3339, xmlText } from './xml.ts';

/** The sitemap's media type. */
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** One sitemap file (and one sitemap index) at most: https://www.sitemaps.org/protocol.html, "Using Sitemap index files". */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };
export type SitemapLimits = typeof SITEMAP_LIMITS;

/** Where child sitemap `n` (from 1) is served; its number names the same slice of the list for as long as it exists. */
export const childSitemapPath = (n: number): string => `/sitemap-${n}.xml`;
/** The route pattern of the child sitemaps (Hono), a number without a leading zero. */
export const CHILD_SITEMAP_ROUTE = '/:sitemap{sitemap-[1-9][0-9]{0,8}\\.xml}';

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

interface SitemapUrl {
  loc: string;
  lastmod: string;
}

/**
 * Articles: last edit, else news date, else no lastmod. Indexes: the newest of what they list. /setup: the manifest's
 * publishedAt. /analytics (noindex) and /search (results, not pages) are left out.
 */
function sitemapUrls({ siteUrl, publishedAt, pages }: SiteContent): SitemapUrl[] {
  const published = rfc3339(publishedAt, 'The manifest publishedAt');
  const articles = pages.map(({ entry, url }) => {
    const times = [entry.updated, entry.changed, entry.date].flatMap((time) =>
      time ? [rfc3339(time, `The updated time of ${entry.file}`)] : [],
    );
    return { type: entry.type, url, lastmod: latest(times) };
  });
  const newest = (type: 'news' | 'guide') =>
    latest(articles.flatMap((a) => (a.type === type && a.lastmod ? [a.lastmod] : []))) ?? published;
  return [
    { loc: `${siteUrl}/`, lastmod: newest('news') },
    { loc: `${siteUrl}/news`, lastmod: newest('news') },
    { loc: `${siteUrl}/guide`, lastmod: newest('guide') },
    { loc: `${siteUrl}/setup`, lastmod: published },
    ...articles.map(({ url, lastmod }) => ({ loc: url, lastmod: lastmod ?? published })),
  ];
}

const urlLine = ({ loc, lastmod }: SitemapUrl) => `  <url><loc>${xmlText(loc)}</loc>${element('lastmod', lastmod)}</url>`;
const document = (root: string, lines: string[]) => [XML_DECLARATION, `<${root} ${NAMESPACE}>`, ...lines, `</${root}>`, ''].join('\n');
const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** The URLs cut in order into slices whose urlset documents each keep within `limits`. */
function slices(urls: SitemapUrl[], limits: SitemapLimits): SitemapUrl[][] {
  const frame = utf8Bytes(document('urlset', []));
  const cut: SitemapUrl[][] = [];
  let bytes = 0;
  for (const url of urls) {
    const size = utf8Bytes(urlLine(url)) + 1;
    const last = cut.at(-1);
    if (last && last.length < limits.urls && bytes + size <= limits.bytes) {
      last.push(url);
      bytes += size;
    } else {
      cut.push([url]);
      bytes = frame + size;
    }
  }
  return cut;
}

/** /sitemap.xml: the urlset of every URL while it fits one file; past that, the index of the child sitemaps. */
export function sitemapXml(content: SiteContent, limits: SitemapLimits = SITEMAP_LIMITS): string {
  const urls = sitemapUrls(content);
  const parts = slices(urls, limits);
  if (parts.length === 1) return document('urlset', urls.map(urlLine));
  const children = parts.map((part, i) => {
    const loc = `${content.siteUrl}${childSitemapPath(i + 1)}`;
    return `  <sitemap><loc>${xmlText(loc)}</loc>${element('lastmod', latest(part.map((u) => u.lastmod))!)}</sitemap>`;
  });
  return document('sitemapindex', children);
}

/** Child sitemap `n` (from 1), or null when the sitemap has no such child (none at all while it fits one file). */
export function childSitemapXml(content: SiteContent, n: number, limits: SitemapLimits = SITEMAP_LIMITS): string | null {
  const parts = slices(sitemapUrls(content), limits);
  const part = parts.length > 1 ? parts[n - 1] : undefined;
  return part ? document('urlset', part.map(urlLine)) : null;
}
