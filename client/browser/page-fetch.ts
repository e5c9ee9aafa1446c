/**
 * The next page's HTML for the router, from a prefetch (browser/prefetch.ts) or asked for now, and the pages shown
 * kept for back and forward. I/O: fetches of /api/_analog/page-html/….
 */
import { PAGE_HTML_API_PREFIX, type PageFragment } from '../../contracts/page-fragment.ts';
import { pageKey, requestPageHtml, takePrefetched } from './prefetch.ts';

export interface Fetched {
  fragment: PageFragment;
  /** The page URL after redirects (e.g. /guide/dsx → /guide/DSX). */
  url: URL;
}

const SHOWN_LIMIT = 30;
const shownPages = new Map<string, PageFragment>();

/** The page, from a prefetch when there is a fresh one; rejects when `signal` aborts. */
export async function fetchPage(url: URL, signal: AbortSignal): Promise<Fetched> {
  const prefetched = takePrefetched(url);
  // Still abortable: a newer click must win even over a prefetched page.
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  aborted.catch(() => {}); // also after the answer came: not an unhandled rejection
  const response = await Promise.race([prefetched ?? requestPageHtml(url, signal), aborted]);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error(`page HTML answered ${response.status} ${type}`);
  const fragment = (await Promise.race([response.json(), aborted])) as PageFragment;
  const apiUrl = new URL(response.url || url.href, location.href);
  const pagePath = apiUrl.pathname.startsWith(PAGE_HTML_API_PREFIX)
    ? apiUrl.pathname.slice(PAGE_HTML_API_PREFIX.length) || '/'
    : url.pathname;
  return { fragment, url: new URL(pagePath + apiUrl.search, location.href) };
}

/** Keeps a page as shown, for a later back or forward to it. */
export function keepShown(url: URL, fragment: PageFragment): void {
  const key = pageKey(url);
  shownPages.delete(key);
  shownPages.set(key, fragment);
  if (shownPages.size > SHOWN_LIMIT) shownPages.delete(shownPages.keys().next().value as string);
}

export const shownPage = (url: URL): PageFragment | undefined => shownPages.get(pageKey(url));

/** Forgets every page shown: the content changed (live preview). */
export const forgetShown = (): void => shownPages.clear();
