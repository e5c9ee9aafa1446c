/**
 * Page loaders: for a URL (and the visitor's cookies), the data and metadata the page is
 * rendered from, its status, or a redirect. Both the SSR route and the page-data API call
 * `loadPage`, so the two always agree.
 */
import type { EntryCard, PageBody, PageMeta, PagePayload, PageViews } from '../client/page-data.ts';
import { articlePath, matchRoute } from '../client/routes.ts';
import { ContentError, type ContentReader } from './content-reader.ts';
import type { Manifest, ManifestEntry } from './kv-schema.ts';
import * as metaFor from './page-meta.ts';
import { setupAppUrl } from './setup-link.ts';
import { themeFromCookieHeader } from './theme.ts';

export interface LoaderContext {
  content: ContentReader;
  /** Canonical origin, without a trailing slash. */
  siteUrl: string;
  /** Page views for /analytics; null when the counter cannot be reached. */
  pageViews: (day: string) => Promise<PageViews[] | null>;
  now: Date;
}

export type LoadResult = { type: 'page'; status: number; payload: PagePayload } | { type: 'redirect'; location: string };

interface Loaded {
  status: number;
  meta: PageMeta;
  body: PageBody;
}

const LATEST_NEWS_ON_HOME = 3;

export async function loadPage(url: URL, cookieHeader: string | null, ctx: LoaderContext): Promise<LoadResult> {
  const theme = themeFromCookieHeader(cookieHeader);
  const year = ctx.now.getUTCFullYear();
  let loaded: Loaded | { redirect: string };
  try {
    loaded = await loadRoute(url, ctx);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    loaded = error.kind === 'unpublished'
      ? { status: 503, meta: metaFor.messageMeta(ctx.siteUrl, url.pathname, 'Not published yet', error.message), body: { kind: 'notFound', heading: 'Nothing published yet', message: 'The site is up, but no content has been published to it yet. Please come back soon.' } }
      : { status: 500, meta: metaFor.messageMeta(ctx.siteUrl, url.pathname, 'Error', error.message), body: { kind: 'error', cause: error.message } };
  }
  if ('redirect' in loaded) return { type: 'redirect', location: loaded.redirect };
  return { type: 'page', status: loaded.status, payload: { meta: loaded.meta, data: { ...loaded.body, theme, year } } };
}

async function loadRoute(url: URL, ctx: LoaderContext): Promise<Loaded | { redirect: string }> {
  const match = matchRoute(url.pathname);
  const { siteUrl, content } = ctx;
  switch (match?.name) {
    case 'home': {
      const manifest = await content.manifest();
      return { status: 200, meta: metaFor.homeMeta(siteUrl), body: { kind: 'home', latestNews: newsCards(manifest).slice(0, LATEST_NEWS_ON_HOME) } };
    }
    case 'newsIndex':
      return { status: 200, meta: metaFor.newsIndexMeta(siteUrl), body: { kind: 'newsIndex', entries: newsCards(await content.manifest()) } };
    case 'guideIndex':
      return { status: 200, meta: metaFor.guideIndexMeta(siteUrl), body: { kind: 'guideIndex', entries: guideCards(await content.manifest()) } };
    case 'newsArticle':
    case 'guideArticle':
      return loadArticle(match.name === 'newsArticle' ? 'news' : 'guide', match.params.slug ?? '', ctx);
    case 'setup': {
      const result = setupAppUrl(url.searchParams.get('link'));
      return { status: result.problem ? 400 : 200, meta: metaFor.setupMeta(siteUrl), body: { kind: 'setup', link: result.appUrl ? url.searchParams.get('link') : null, ...result } };
    }
    case 'analytics': {
      const day = ctx.now.toISOString().slice(0, 10);
      return { status: 200, meta: metaFor.analyticsMeta(siteUrl), body: { kind: 'analytics', day, pages: await ctx.pageViews(day) } };
    }
    case undefined:
      return notFound(siteUrl, url.pathname, 'Page not found', `There is no page at ${url.pathname}.`);
  }
}

async function loadArticle(section: 'news' | 'guide', slug: string, ctx: LoaderContext): Promise<Loaded | { redirect: string }> {
  const manifest = await ctx.content.manifest();
  const found = findEntry(manifest, slug);
  if (!found) return notFound(ctx.siteUrl, `/${section}/${slug}`, 'No Content Found', `No article is published at /${section}/${slug}.`);
  const canonical = articlePath(sectionOf(found), found.slug);
  if (canonical !== `/${section}/${slug}`) return { redirect: canonical };

  const stored = await ctx.content.entry(found.key);
  return {
    status: 200,
    meta: metaFor.articleMeta(ctx.siteUrl, found, canonical),
    body: {
      kind: 'article',
      article: {
        section,
        slug: found.slug,
        title: found.title,
        description: found.description,
        type: found.type,
        date: found.date,
        html: stored.html,
        toc: stored.toc,
        hasDiagrams: stored.hasDiagrams,
      },
    },
  };
}

/** By exact slug; else by slug in another letter case; else by the content file's basename. */
export function findEntry(manifest: Manifest, slug: string): ManifestEntry | undefined {
  const lower = slug.toLowerCase();
  return (
    manifest.entries.find((e) => e.slug === slug) ??
    manifest.entries.find((e) => e.slug.toLowerCase() === lower) ??
    manifest.entries.find((e) => e.file.replace(/\.md$/, '').toLowerCase() === lower)
  );
}

/** News lives under /news; guides and untyped pages (features, sponsor) under /guide. */
export const sectionOf = (entry: ManifestEntry): 'news' | 'guide' => (entry.type === 'news' ? 'news' : 'guide');

function card(entry: ManifestEntry): EntryCard {
  return { slug: entry.slug, title: entry.title, description: entry.description, date: entry.date, href: articlePath(sectionOf(entry), entry.slug) };
}

/** News, newest first (the manifest stores entries in display order: no sorting here). */
export const newsCards = (manifest: Manifest): EntryCard[] => manifest.entries.filter((e) => e.type === 'news').map(card);

/** Typed guides only, alphabetically by title (display order, as stored). */
export const guideCards = (manifest: Manifest): EntryCard[] => manifest.entries.filter((e) => e.type === 'guide').map(card);

function notFound(siteUrl: string, path: string, heading: string, message: string): Loaded {
  return { status: 404, meta: metaFor.messageMeta(siteUrl, path, heading, message), body: { kind: 'notFound', heading, message } };
}
