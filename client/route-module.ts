/** What a route module (client/routes/*.tsx) exports: `loader`, `meta` (edge only), its page component. Types only. */
import type { ComponentType } from 'react';
import type { Manifest, StoredEntry } from '../contracts/kv-values.ts';
import type { BodyOf, PageBody, PageKind, PageMeta, PageViews, PreviewBanner, SearchHit } from '../contracts/page-payload.ts';

/** Published content as the Worker reads it (worker/content/content-reader.ts). */
export interface PageContent {
  manifest(): Promise<Manifest>;
  entry(key: string): Promise<StoredEntry>;
  /** Null when the upload built no search index. */
  search(): Promise<{ search(query: string): Promise<SearchHit[]> } | null>;
}

export interface LoaderContext {
  content: PageContent;
  /** Canonical origin, without a trailing slash. */
  siteUrl: string;
  /** Page views for /analytics; null when the counter cannot be reached. */
  pageViews: (day: string) => Promise<PageViews[] | null>;
  now: Date;
  /** Where "Edit this page" points: the content folder in the source repository, ending in `/`. */
  editBaseUrl?: string;
  /** Verifies drafts' preview links on this host (contracts/preview-token.ts); null or absent: no drafts shown. */
  previewSecret?: string | null;
  /** Set in a whole-site preview session (contracts/site-preview.ts): `content` is then the preview's. */
  preview?: PreviewBanner | null;
}

/**
 * What a loader reads. No cookies: a page is the same for every visitor, so the shared cache in front of the Worker,
 * which answers before the Worker runs and keys by URL alone (no `Vary`), can never give one visitor's page to another.
 */
export interface LoaderArgs {
  url: URL;
  /** The route pattern's `:param` values. */
  params: Record<string, string>;
  context: LoaderContext;
}

/** A page to render, or a permanent redirect. */
export type Loaded = { status: number; meta: PageMeta; body: PageBody } | { redirect: string };

/**
 * Reads what the page needs and answers it or a redirect. SSR and the page-data API both call it, so a server render
 * and a client navigation cannot disagree.
 */
export type Loader = (args: LoaderArgs) => Promise<Loaded>;

/** A page component: it gets the body of its own kind of page. */
export type PageComponent<K extends PageKind> = ComponentType<{ data: BodyOf<K> }>;
