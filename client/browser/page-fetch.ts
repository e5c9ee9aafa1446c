/**
 * The next page's HTML for the router: fetched on a click or ahead of it (hover, focus, touch), and pages shown kept
 * for back and forward. I/O: fetches of /api/_analog/page-html/….
 */
import { PAGE_HTML_API_PREFIX, type PageFragment, pageHtmlApiPath } from '../../contracts/page-fragment.ts';

export interface Fetched {
  fragment: PageFragment;
  /** The page URL after redirects (e.g. /guide/dsx → /guide/DSX). */
  url: URL;
}

const PREFETCH_TTL_MS = 30_000;
const PREFETCH_LIMIT = 40;
const SHOWN_LIMIT = 30;
const prefetched = new Map<string, { at: number; response: Promise<Fetched> }>();
const shownPages = new Map<string, PageFragment>();

const keyOf = (url: URL): string => url.pathname + url.search;

/** Starts loading a page ahead of a likely click; the click then renders from memory. */
export function prefetchPage(url: URL): void {
  const key = keyOf(url);
  const cached = prefetched.get(key);
  if (cached && Date.now() - cached.at < PREFETCH_TTL_MS) return;
  const response = requestPage(url, undefined);
  response.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), response });
  if (prefetched.size > PREFETCH_LIMIT) prefetched.delete(prefetched.keys().next().value as string);
}

/** The page, from a prefetch when there is a fresh one; rejects when `signal` aborts. */
export function fetchPage(url: URL, signal: AbortSignal): Promise<Fetched> {
  const key = keyOf(url);
  const cached = prefetched.get(key);
  prefetched.delete(key);
  if (cached && Date.now() - cached.at < PREFETCH_TTL_MS) {
    // Still abortable: a newer click must win even over a prefetched page.
    return Promise.race([
      cached.response,
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    ]);
  }
  return requestPage(url, signal);
}

async function requestPage(url: URL, signal: AbortSignal | undefined): Promise<Fetched> {
  // Same-origin credentials (fetch's default, said because it matters): the page's cookies go with the
  // request, so a navigation in a preview session gets the preview's page.
  const response = await fetch(pageHtmlApiPath(url.pathname) + url.search, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error(`page HTML answered ${response.status} ${type}`);
  const fragment = (await response.json()) as PageFragment;
  const apiUrl = new URL(response.url || url.href, location.href);
  const pagePath = apiUrl.pathname.startsWith(PAGE_HTML_API_PREFIX)
    ? apiUrl.pathname.slice(PAGE_HTML_API_PREFIX.length) || '/'
    : url.pathname;
  return { fragment, url: new URL(pagePath + apiUrl.search, location.href) };
}

/** Keeps a page as shown, for a later back or forward to it. */
export function keepShown(url: URL, fragment: PageFragment): void {
  const key = keyOf(url);
  shownPages.delete(key);
  shownPages.set(key, fragment);
  if (shownPages.size > SHOWN_LIMIT) shownPages.delete(shownPages.keys().next().value as string);
}

export const shownPage = (url: URL): PageFragment | undefined => shownPages.get(keyOf(url));

/** Forgets every kept page: the content changed (live preview). */
export function forgetPages(): void {
  prefetched.clear();
  shownPages.clear();
}
