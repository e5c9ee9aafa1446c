/**
 * What the feed, sitemap and llms.txt builders read: the manifest's entries with canonical URLs, so they stay pure.
 * Types only.
 */
import type { ManifestEntry } from '../../contracts/kv-values.ts';

export interface PublishedPage {
  entry: ManifestEntry;
  /** Canonical absolute URL of the HTML page, e.g. https://race.elementfuture.com/guide/DSX. */
  url: string;
}

export interface SiteContent {
  /** Canonical origin, without a trailing slash. */
  siteUrl: string;
  /** The manifest's publishedAt: the time of the last publish that changed anything. */
  publishedAt: string;
  /** In the manifest's display order: news newest first, then every other entry by title. */
  pages: PublishedPage[];
}

/** The markdown source of a page is served beside it: `<page URL>.md`. */
export const markdownUrl = (page: PublishedPage): string => `${page.url}.md`;
