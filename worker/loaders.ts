/**
 * Page loaders: for a URL (and the visitor's cookies), the data and metadata the page is
 * rendered from, its status, or a redirect. Both the SSR route and the page-data API call
 * `loadPage`, so the two always agree.
 */
import type { ArticleLink, EntryCard, IndexPager, PageBody, PageMeta, PagePayload, PageViews } from '../client/page-data.ts';
import { articlePath, matchRoute } from '../client/routes.ts';
import { ContentError, type ContentReader } from './content-reader.ts';
import { findDraft, PREVIEW_PARAM, verifyPreview } from './draft-preview.ts';
import type { Manifest, ManifestEntry } from './kv-schema.ts';
import * as metaFor from './page-meta.ts';
import { MAX_QUERY_LENGTH } from './search-index.ts';
import { setupAppUrl } from './setup-link.ts';
import { suggestSlugs, type SlugCandidate, type Suggestion } from './suggest-slugs.ts';
import { themeFromCookieHeader } from './theme.ts';

export interface LoaderContext {
  content: ContentReader;
  /** Canonical origin, without a trailing slash. */
  siteUrl: string;
  /** Page views for /analytics; null when the counter cannot be reached. */
  pageViews: (day: string) => Promise<PageViews[] | null>;
  now: Date;
  /** Where "Edit this page" points: the content folder in the source repository, ending in `/`. */
  editBaseUrl?: string;
  /** Verifies drafts' preview links on this host (draft-preview.ts); null or absent: no drafts shown. */
  previewSecret?: string | null;
}

export type LoadResult =
  | {
      type: 'page';
      status: number;
      payload: PagePayload;
      /** Seconds to ask clients to wait before retrying (503s). */
      retryAfter?: number;
      /** Served from the last good manifest because KV failed. */
      stale: boolean;
    }
  | { type: 'redirect'; location: string };

/** How long a visitor should wait when KV is down or nothing is published. */
export const RETRY_AFTER_SECONDS = 30;

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
    loaded = contentErrorPage(error, url.pathname, ctx.siteUrl);
  }
  if ('redirect' in loaded) return { type: 'redirect', location: loaded.redirect };
  return {
    type: 'page',
    status: loaded.status,
    payload: { meta: loaded.meta, data: { ...loaded.body, theme, year } },
    ...(loaded.status === 503 ? { retryAfter: RETRY_AFTER_SECONDS } : {}),
    stale: ctx.content.stale,
  };
}

/** What a visitor sees when content cannot be read: never a blank page or a stack trace. */
function contentErrorPage(error: ContentError, path: string, siteUrl: string): Loaded {
  const unavailable = (heading: string, message: string): Loaded => ({
    status: 503,
    meta: metaFor.messageMeta(siteUrl, path, heading, message),
    body: { kind: 'unavailable', heading, message },
  });
  switch (error.kind) {
    case 'unpublished':
      return unavailable('Nothing published yet', 'The site is up, but no content has been published to it yet. Please come back soon.');
    case 'unavailable':
      return unavailable('Temporarily unavailable', 'The articles cannot be read right now. Please try again in a minute.');
    case 'unreadable':
      return { status: 500, meta: metaFor.messageMeta(siteUrl, path, 'Error', error.message), body: { kind: 'error', cause: error.message } };
  }
}

async function loadRoute(url: URL, ctx: LoaderContext): Promise<Loaded | { redirect: string }> {
  const match = matchRoute(url.pathname);
  const { siteUrl, content } = ctx;
  switch (match?.name) {
    case 'home': {
      const manifest = await content.manifest();
      return { status: 200, meta: metaFor.homeMeta(siteUrl), body: { kind: 'home', latestNews: latestNewsCards(manifest, LATEST_NEWS_ON_HOME) } };
    }
    case 'newsIndex':
    case 'guideIndex': {
      const section = match.name === 'newsIndex' ? 'news' : 'guide';
      const list = manifestIndex(await content.manifest())[section];
      const shown = indexPage(list, url.searchParams.get('page'), `/${section}`);
      if (!shown) return notFound(siteUrl, url.pathname + url.search, 'No such page', `The ${section} index has no page ${(url.searchParams.get('page') ?? '').slice(0, 12)}.`);
      const meta = section === 'news' ? metaFor.newsIndexMeta(siteUrl, shown.pager.page) : metaFor.guideIndexMeta(siteUrl, shown.pager.page);
      return { status: 200, meta, body: { kind: match.name, ...shown } };
    }
    case 'newsArticle':
    case 'guideArticle':
      return loadArticle(match.name === 'newsArticle' ? 'news' : 'guide', match.params.slug ?? '', ctx, url.searchParams.get(PREVIEW_PARAM));
    case 'setup': {
      const result = setupAppUrl(url.searchParams.get('link'));
      return { status: result.problem ? 400 : 200, meta: metaFor.setupMeta(siteUrl), body: { kind: 'setup', link: result.appUrl ? url.searchParams.get('link') : null, ...result } };
    }
    case 'search': {
      const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
      const engine = query ? await content.search() : null;
      return { status: 200, meta: metaFor.searchMeta(siteUrl, query), body: { kind: 'search', query, results: engine ? engine.search(query) : [] } };
    }
    case 'analytics': {
      const day = ctx.now.toISOString().slice(0, 10);
      return { status: 200, meta: metaFor.analyticsMeta(siteUrl), body: { kind: 'analytics', day, pages: await ctx.pageViews(day) } };
    }
    case undefined:
      return notFound(siteUrl, url.pathname, 'Page not found', `There is no page at ${url.pathname}.`, await routeSuggestions(url.pathname, ctx));
  }
}

async function loadArticle(section: 'news' | 'guide', slug: string, ctx: LoaderContext, preview: string | null = null): Promise<Loaded | { redirect: string }> {
  const manifest = await ctx.content.manifest();
  const found = findEntry(manifest, slug);
  // A draft answers only to a valid preview link; anything else gets the missing page's 404.
  if (!found && preview !== null) {
    const draft = findDraft(manifest, section, slug);
    const expires = draft && ctx.previewSecret ? await verifyPreview(ctx.previewSecret, articlePath(section, slug), preview, ctx.now) : null;
    if (draft && expires) return draftArticle(section, draft, expires, ctx);
  }
  if (!found) return notFound(ctx.siteUrl, `/${section}/${slug}`, 'No Content Found', `No article is published at /${section}/${slug}.`, suggestSlugs(slug, articleCandidates(manifest)));
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
        readingMinutes: stored.readingMinutes,
        // The day of the file's last edit after publication, as its author saw it; null if none.
        updated: found.updated?.slice(0, 10) ?? null,
        editUrl: ctx.editBaseUrl ? `${ctx.editBaseUrl}${found.type === 'news' ? 'news/' : 'guide/'}${found.file}` : null,
        ...neighbours(manifest, found),
      },
    },
  };
}

/** A draft through its preview link: the article as it will be, marked, unindexed, with no neighbours. */
async function draftArticle(section: 'news' | 'guide', draft: ManifestEntry, expires: Date, ctx: LoaderContext): Promise<Loaded> {
  const stored = await ctx.content.entry(draft.key);
  const path = articlePath(section, draft.slug);
  return {
    status: 200,
    meta: { ...metaFor.articleMeta(ctx.siteUrl, draft, path), noindex: true },
    body: {
      kind: 'article',
      article: {
        section,
        slug: draft.slug,
        title: draft.title,
        description: draft.description,
        type: draft.type,
        date: draft.date,
        html: stored.html,
        toc: stored.toc,
        hasDiagrams: stored.hasDiagrams,
        readingMinutes: stored.readingMinutes,
        updated: null,
        editUrl: ctx.editBaseUrl ? `${ctx.editBaseUrl}${draft.type === 'news' ? 'news/' : 'guide/'}${draft.file}` : null,
        previous: null,
        next: null,
        draft: { expires: expires.toISOString() },
      },
    },
  };
}

/** True for a draft shown through its preview link: private, never cached or indexed. */
export const isDraftPayload = (payload: PagePayload): boolean => payload.data.kind === 'article' && payload.data.article.draft !== undefined;

/** By exact slug; else by slug in another letter case; else by the content file's basename. */
export function findEntry(manifest: Manifest, slug: string): ManifestEntry | undefined {
  const { bySlug, byLowerSlug, byLowerName } = manifestIndex(manifest);
  const lower = slug.toLowerCase();
  return bySlug.get(slug) ?? byLowerSlug.get(lower) ?? byLowerName.get(lower);
}

/**
 * Lookups and lists derived from one manifest: made once per manifest the isolate holds (the
 * content reader keeps it for MANIFEST_TTL_SECONDS), not once per request, so an article or an
 * index page costs the same with 10 entries or 1,000. Lists keep the manifest's display order.
 */
interface ManifestIndex {
  bySlug: Map<string, ManifestEntry>;
  byLowerSlug: Map<string, ManifestEntry>;
  /** By the content file's name without `.md`, lower case. */
  byLowerName: Map<string, ManifestEntry>;
  news: ManifestEntry[];
  /** Typed guides only. */
  guide: ManifestEntry[];
  /** Where each typed entry stands in its own list. */
  position: Map<ManifestEntry, number>;
}

const manifestIndexes = new WeakMap<Manifest, ManifestIndex>();

function manifestIndex(manifest: Manifest): ManifestIndex {
  let index = manifestIndexes.get(manifest);
  if (index) return index;
  index = { bySlug: new Map(), byLowerSlug: new Map(), byLowerName: new Map(), news: [], guide: [], position: new Map() };
  // The first entry wins a key, as a search in manifest order would find it.
  const add = (map: Map<string, ManifestEntry>, key: string, entry: ManifestEntry) => map.has(key) || map.set(key, entry);
  for (const entry of manifest.entries) {
    add(index.bySlug, entry.slug, entry);
    add(index.byLowerSlug, entry.slug.toLowerCase(), entry);
    add(index.byLowerName, entry.file.replace(/\.md$/, '').toLowerCase(), entry);
    if (entry.type === null) continue;
    const list = index[entry.type];
    index.position.set(entry, list.length);
    list.push(entry);
  }
  manifestIndexes.set(manifest, index);
  return index;
}

/** News lives under /news; guides and untyped pages (features, sponsor) under /guide. */
export const sectionOf = (entry: ManifestEntry): 'news' | 'guide' => (entry.type === 'news' ? 'news' : 'guide');

function card(entry: ManifestEntry): EntryCard {
  return { slug: entry.slug, title: entry.title, description: entry.description, date: entry.date, href: articlePath(sectionOf(entry), entry.slug) };
}

/** The newest `count` news cards (the manifest stores entries in display order: no sorting here). */
const latestNewsCards = (manifest: Manifest, count: number): EntryCard[] => manifestIndex(manifest).news.slice(0, count).map(card);

/** Cards on one page of an index; more than this and the index continues on `?page=2`. */
export const INDEX_PAGE_SIZE = 20;

/**
 * The cards of page `pageParam` (absent: the first) of a list, and links to the pages around
 * it; null when there is no such page. The work is one page's cards, whatever the list's length.
 */
function indexPage(list: ManifestEntry[], pageParam: string | null, path: string): { entries: EntryCard[]; pager: IndexPager } | null {
  const pageCount = Math.max(1, Math.ceil(list.length / INDEX_PAGE_SIZE));
  const page = pageParam === null ? 1 : /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : NaN;
  if (!(page <= pageCount)) return null;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return {
    entries: list.slice((page - 1) * INDEX_PAGE_SIZE, page * INDEX_PAGE_SIZE).map(card),
    pager: { page, pageCount, previous: page > 1 ? href(page - 1) : null, next: page < pageCount ? href(page + 1) : null },
  };
}

function notFound(siteUrl: string, path: string, heading: string, message: string, suggestions: Suggestion[] = []): Loaded {
  return { status: 404, meta: metaFor.messageMeta(siteUrl, path, heading, message), body: { kind: 'notFound', heading, message, suggestions } };
}

/**
 * The entries just before and after this one in its own list, as the manifest orders it: typed
 * guides by title, news newest first. Untyped pages (features, sponsor) belong to no list.
 */
function neighbours(manifest: Manifest, entry: ManifestEntry): { previous: ArticleLink | null; next: ArticleLink | null } {
  if (entry.type === null) return { previous: null, next: null };
  const index = manifestIndex(manifest);
  const list = index[entry.type];
  const at = index.position.get(entry) ?? -1;
  const link = (e: ManifestEntry | undefined): ArticleLink | null => (e ? { title: e.title, href: articlePath(sectionOf(e), e.slug) } : null);
  return { previous: link(list[at - 1]), next: link(list[at + 1]) };
}

/** Every published article, by slug, title and content file name. */
function articleCandidates(manifest: Manifest): SlugCandidate[] {
  return manifest.entries.map((e) => ({ title: e.title, href: articlePath(sectionOf(e), e.slug), names: [e.slug, e.title], aliases: [e.file.replace(/\.md$/, '')] }));
}

/** The site's own sections, for mistyped routes such as /nwes. */
const SECTION_CANDIDATES: SlugCandidate[] = [
  { title: 'News', href: '/news', names: ['news'] },
  { title: 'Guides', href: '/guide', names: ['guide', 'guides'] },
  { title: 'SetupLinks', href: '/setup', names: ['setup', 'setup links'] },
  { title: 'Site usage', href: '/analytics', names: ['analytics'] },
];

/**
 * For an unknown route: what its last path segment comes close to (`/guides/multi-sim` →
 * Multi-Sim). A 404 stays a 404 even when the manifest cannot be read: then it suggests nothing.
 */
async function routeSuggestions(pathname: string, ctx: LoaderContext): Promise<Suggestion[]> {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  if (last === '') return [];
  let manifest: Manifest;
  try {
    manifest = await ctx.content.manifest();
  } catch (error) {
    if (error instanceof ContentError) return suggestSlugs(last, SECTION_CANDIDATES);
    throw error;
  }
  return suggestSlugs(last, [...SECTION_CANDIDATES, ...articleCandidates(manifest)]);
}
