/**
 * The meta of a page: title, description, canonical URL, Open Graph type and JSON-LD, from the
 * facts each route module's `meta` passes in. Pure.
 */
import type { PageMeta } from '../contracts/page-payload.ts';
import { SITE } from './site.ts';

export const AUTHOR = { '@type': 'Person', name: SITE.author, url: 'https://github.com/RiddleTime' };

/** A WebPage at `path`; `extra` overrides any field (the JSON-LD of articles, noindex, …). */
export function pageMeta(siteUrl: string, path: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta {
  const url = `${siteUrl}${path}`;
  return {
    title,
    description,
    url,
    ogType: 'website',
    image: `${siteUrl}${SITE.image}`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: title,
      url,
      description,
      isPartOf: { '@type': 'WebSite', name: SITE.name, url: siteUrl },
    },
    ...extra,
  };
}
