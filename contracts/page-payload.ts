/**
 * What every page is rendered from: one type for the page-data API's JSON and the Worker's render, so the two agree.
 * Types only, and the id of the element that carries the payload.
 */
import type { TocItem } from './kv-values.ts';

/** One piece of a search snippet: `mark` pieces are the words the query matched. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  title: string;
  href: string;
  description: string;
  section: 'news' | 'guide';
  date: string | null;
  snippet: SnippetPart[];
}

/** A theme the reader chose with the toggle (the `theme` cookie); without one, the system's. */
export type Theme = 'dark' | 'light';

export interface PageMeta {
  /** The document title. */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  ogType: 'website' | 'article';
  /** og:image: the page's social card, or the site card (contracts/social-card.ts). */
  image: PageImage;
  /** schema.org data, serialised into a JSON-LD script. */
  jsonLd: Record<string, unknown>;
  /** Set on pages that should not be indexed (errors, analytics). */
  noindex?: boolean;
}

export interface PageImage {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface EntryCard {
  slug: string;
  title: string;
  description: string;
  /** ISO date, news only. */
  date: string | null;
  href: string;
}

export interface ArticleView {
  section: 'news' | 'guide';
  slug: string;
  title: string;
  description: string;
  /** 'guide' | 'news', or null for untyped pages (features, sponsor): no breadcrumb. */
  type: 'guide' | 'news' | null;
  date: string | null;
  html: string;
  toc: TocItem[];
  hasDiagrams: boolean;
  /** Estimated at upload time (about 220 words a minute), at least 1; 0 without words (a new draft): then not shown. */
  readingMinutes: number;
  /** YYYY-MM-DD of the file's last edit after publication (git history); null when never edited since. */
  updated: string | null;
  /** The content file in the source repository's editor; null when not configured. */
  editUrl: string | null;
  /** Set only on a draft shown through its preview link (contracts/preview-token.ts): when the link expires, ISO. */
  draft?: { expires: string };
  /** The neighbours in the article's own list (guides by title, news newest first); none for untyped pages. */
  previous: ArticleLink | null;
  next: ArticleLink | null;
}

/** Which page of an index is shown (INDEX_PAGE_SIZE cards each), and the pages around it. */
export interface IndexPager {
  /** From 1. */
  page: number;
  pageCount: number;
  /** Hrefs of the neighbouring pages; null at either end. */
  previous: string | null;
  next: string | null;
}

/** A link to another page, with its title: article neighbours, 404 suggestions. */
export interface ArticleLink {
  title: string;
  href: string;
}

export interface PageViews {
  path: string;
  today: number;
  allTime: number;
}

export type PageBody =
  | { kind: 'home'; latestNews: EntryCard[] }
  | { kind: 'newsIndex'; entries: EntryCard[]; pager: IndexPager }
  | { kind: 'guideIndex'; entries: EntryCard[]; pager: IndexPager }
  | { kind: 'article'; article: ArticleView }
  | { kind: 'setup'; appUrl: string | null; problem: string | null }
  | { kind: 'analytics'; day: string; pages: PageViews[] | null }
  | { kind: 'search'; query: string; results: SearchHit[] }
  | { kind: 'notFound'; heading: string; message: string; suggestions: ArticleLink[] }
  | { kind: 'error'; cause: string }
  /** Content cannot be served right now (nothing published yet, or KV down or holding no valid manifest, with nothing held). */
  | { kind: 'unavailable'; heading: string; message: string };

export type PageKind = PageBody['kind'];
/** The body of one kind of page. */
export type BodyOf<K extends PageKind> = Extract<PageBody, { kind: K }>;

/** A whole-site preview session (contracts/site-preview.ts): which preview, and until when (ISO). */
export interface PreviewBanner {
  name: string;
  expires: string;
}

/** Every page also carries the server's year (for the footer) and, in a preview session, the preview. */
export type PageData = PageBody & { year: number; preview?: PreviewBanner };

/** The page-data API's answer, and what SSR renders from. */
export interface PagePayload {
  meta: PageMeta;
  data: PageData;
  /**
   * The client build this payload was made for. A tab opened before a deploy runs the old
   * bundle: when a navigation brings a payload of another build, it loads that page in full
   * instead of rendering data its code may not understand.
   */
  build: string;
}

/**
 * What a served page embeds for the browser's entry: no page data, which the HTML already shows (the page-data
 * API answers it in full).
 */
export interface PageFacts {
  build: string;
  kind: PageKind;
  meta: PageMeta;
}

export const pageFacts = ({ build, data, meta }: PagePayload): PageFacts => ({ build, kind: data.kind, meta });

/** The id of the <script> holding a server-rendered page's facts (the browser's entry reads them). */
export const PAYLOAD_ELEMENT_ID = 'page-payload';
