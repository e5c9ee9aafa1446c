/** A page's meta (title, description, canonical URL, Open Graph, JSON-LD) from what a route's `meta` gives. Pure. */
import type { PageImage, PageMeta } from '../contracts/page-payload.ts';
import { CARD_HEIGHT, CARD_WIDTH, SITE_CARD_PATH, type SocialCard } from '../contracts/social-card.ts';
import { SITE } from './site.ts';

/** The site's author as schema.org JSON-LD. */
export const AUTHOR = { '@type': 'Person', name: SITE.author, url: 'https://github.com/RiddleTime' };

/** An article's social card as og:image; for an entry without one, the site card. */
export function cardImage(siteUrl: string, card: SocialCard | undefined): PageImage {
  if (!card) return { url: `${siteUrl}${SITE_CARD_PATH}`, width: CARD_WIDTH, height: CARD_HEIGHT, alt: `${SITE.name}: ${SITE.tagline}` };
  return { url: `${siteUrl}${card.url}`, width: card.width, height: card.height, alt: card.alt };
}

/** A WebPage at `path`; `extra` overrides any field (the JSON-LD of articles, noindex, …). */
export function pageMeta(siteUrl: string, path: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta {
  const url = `${siteUrl}${path}`;
  return {
    title,
    description,
    url,
    ogType: 'website',
    image: cardImage(siteUrl, undefined),
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
