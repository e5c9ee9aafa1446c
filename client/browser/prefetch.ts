/**
 * A page's HTML asked for ahead of a click (in view, hover, focus, touch) or by the click itself, kept for the router
 * (browser/page-fetch.ts) to take once. I/O: fetches of /api/_analog/page-html/….
 */
import { pageHtmlApiPath } from '../../contracts/page-fragment.ts';

const PREFETCH_TTL_MS = 30_000;
const PREFETCH_LIMIT = 40;
const prefetched = new Map<string, { at: number; response: Promise<Response> }>();

export const pageKey = (url: URL): string => url.pathname + url.search;

/**
 * Same-origin credentials by default (fetch's default, said because it matters): the page's cookies go with the
 * request, so a navigation in a preview session gets the preview's page.
 */
export const requestPageHtml = (url: URL, signal?: AbortSignal, credentials: RequestCredentials = 'same-origin'): Promise<Response> =>
  fetch(pageHtmlApiPath(url.pathname) + url.search, {
    headers: { Accept: 'application/json' },
    credentials,
    signal: signal ?? null,
  });

/**
 * Starts loading a page ahead of a likely click; the click then renders from it. `credentials` 'omit' for a page the
 * reader may never open: no cookie of theirs (the theme's) goes with it, so it is every visitor's request.
 */
export function prefetchPage(url: URL, credentials?: RequestCredentials): void {
  const cached = prefetched.get(pageKey(url));
  if (cached && Date.now() - cached.at < PREFETCH_TTL_MS) return;
  keepPrefetched(url, requestPageHtml(url, undefined, credentials));
}

/** Keeps a request for `url`'s HTML (as requestPageHtml makes it) for the click to take, also one the page's bootstrap made. */
export function keepPrefetched(url: URL, response: Promise<Response>): void {
  const key = pageKey(url);
  response.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), response });
  if (prefetched.size > PREFETCH_LIMIT) prefetched.delete(prefetched.keys().next().value as string);
}

/** The fresh prefetched answer for `url`, once; undefined when there is none. */
export function takePrefetched(url: URL): Promise<Response> | undefined {
  const key = pageKey(url);
  const cached = prefetched.get(key);
  prefetched.delete(key);
  return cached && Date.now() - cached.at < PREFETCH_TTL_MS ? cached.response : undefined;
}

/** Forgets every prefetched page: the content changed (live preview). */
export const forgetPrefetched = (): void => prefetched.clear();
