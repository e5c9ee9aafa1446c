/**
 * Social cards: the 1200×630 PNG a shared link shows (og:image), one per article, else the site card. Pure, free of
 * zod (its schema is in kv-values.ts): the page meta reading it is in the browser bundle.
 */

/** The size Open Graph and X show large: 1.91:1. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface SocialCard {
  /** Path on this site, `/media/<sha256>.png`: made absolute with SITE_URL in the page's meta. */
  url: string;
  width: number;
  height: number;
  /** og:image:alt: what the card shows, in words. */
  alt: string;
}
/** An article card's path, `/media/<sha256 of its inputs>.png`. */
export const SOCIAL_CARD_URL_PATTERN = /^\/media\/[0-9a-f]{64}\.png$/;

/** What an article's card shows, for og:image:alt. */
export const cardAlt = (title: string): string => `Race Element: ${title}`;

/**
 * The site card: site name and tagline. It depends on the code alone (name, tagline, design,
 * fonts), not on content, so it is part of the build (`npm run site-card` draws it) rather than of
 * each upload, and pages that read no manifest (setup, analytics, errors) can name it too.
 */
export const SITE_CARD_PATH = '/social-card.png';
