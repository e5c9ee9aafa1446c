/**
 * Page metadata: title, description, canonical URL, Open Graph type and JSON-LD for each
 * kind of page. Pure: page facts in, PageMeta out.
 */
import type { PageMeta } from '../client/page-data.ts';
import { SITE } from '../client/site.ts';
import type { ManifestEntry } from './kv-schema.ts';

const author = { '@type': 'Person', name: SITE.author, url: 'https://github.com/RiddleTime' };

function page(siteUrl: string, path: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta {
  const url = `${siteUrl}${path}`;
  return {
    title,
    description,
    url,
    ogType: 'website',
    image: `${siteUrl}${SITE.image}`,
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: title, url, description, isPartOf: { '@type': 'WebSite', name: SITE.name, url: siteUrl } },
    ...extra,
  };
}

export function homeMeta(siteUrl: string): PageMeta {
  return page(siteUrl, '/', SITE.name, SITE.description, {
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE.name, url: siteUrl, description: SITE.description, author },
  });
}

/** Page 1 of an index is its bare path; later pages carry `?page=N` in URL and title. */
const indexPath = (path: string, n: number) => (n === 1 ? path : `${path}?page=${n}`);
const pageSuffix = (n: number) => (n === 1 ? '' : `, page ${n}`);

export const newsIndexMeta = (siteUrl: string, n = 1): PageMeta =>
  page(siteUrl, indexPath('/news', n), `Race Element - News${pageSuffix(n)}`, 'News and releases of Race Element, the free sim racing companion app.');

export const guideIndexMeta = (siteUrl: string, n = 1): PageMeta =>
  page(siteUrl, indexPath('/guide', n), `Race Element - Guides${pageSuffix(n)}`, 'Guides for installing and using Race Element: HUDs, setups, liveries, streaming and more.');

export const setupMeta = (siteUrl: string): PageMeta =>
  page(siteUrl, '/setup', 'Race Element - SetupLink', 'Open a shared car setup in Race Element’s Setup Importer.');

export const analyticsMeta = (siteUrl: string): PageMeta =>
  page(siteUrl, '/analytics', 'Race Element - Site usage', 'Page views of the Race Element website.', { noindex: true });

export const searchMeta = (siteUrl: string, query: string): PageMeta =>
  page(siteUrl, '/search', query ? `Race Element - Search: ${query}` : 'Race Element - Search', 'Search the Race Element guides and news.', { noindex: true });

export function articleMeta(siteUrl: string, entry: ManifestEntry, path: string): PageMeta {
  const kind = entry.type === 'news' ? 'News' : 'Guide';
  const title = `Race Element - ${kind} | ${entry.title}`;
  const url = `${siteUrl}${path}`;
  return page(siteUrl, path, title, entry.description, {
    ogType: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': entry.type === 'news' ? 'NewsArticle' : 'TechArticle',
      headline: entry.title,
      description: entry.description,
      url,
      image: `${siteUrl}${SITE.image}`,
      author,
      publisher: { '@type': 'Organization', name: SITE.name, logo: { '@type': 'ImageObject', url: `${siteUrl}${SITE.image}` } },
      ...(entry.date ? { datePublished: entry.date } : {}),
      dateModified: entry.updated,
      mainEntityOfPage: url,
    },
  });
}

export function messageMeta(siteUrl: string, path: string, heading: string, message: string): PageMeta {
  return page(siteUrl, path, `Race Element - ${heading}`, message, { noindex: true });
}
