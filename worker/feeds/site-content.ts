/** What the feed, sitemap and llms.txt builders read: listed entries with canonical URLs, so they stay pure. Pure. */
import { entryPath } from '../../contracts/manifest-lookup.ts';
import type { Listing } from '../../contracts/site-index.ts';

export interface PublishedPage {
  entry: Listing;
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

/** Listed entries at their canonical URLs, as the builders read them; the routes pass those public now. */
export const siteContent = ({ publishedAt }: { publishedAt: string }, entries: Listing[], siteUrl: string): SiteContent => ({
  siteUrl,
  publishedAt,
  pages: entries.map((entry) => ({ entry, url: `${siteUrl}${entryPath(entry)}` })),
});
