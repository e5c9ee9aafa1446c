/**
 * A page's HTML asked for ahead of a click (hover, focus, touch) or by the click itself, kept for the router
 * (browser/page-fetch.ts) to take once. I/O: fetches of /api/_analog/page-html/….
 */
import { pageHtmlApiPath } from '../../contracts/page-fragment.ts';

const PREFETCH_TTL_MS = 30_000;
const PREFETCH_LIMIT = 40;
const prefetched = new Map<string, { at: number; response: Promise<Response> }>();

export const pageKey = (url: URL): string => url.pathname + url.search;

/**
 * Same-origin credentials (fetch's default, said because it matters): the page's cookies go with the request, so a
 * navigation in a preview session gets the preview's page.
 */
export const requestPageHtml = (url: URL, signal?: AbortSignal): Promise<Response> =>
  fetch(pageHtmlApiPath(url.pathname) + url.search, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: signal ?? null,
  });

/** Starts loading a page ahead of a likely click; the click then renders from it. */
export function prefetchPage(url: URL): void {
  const key = pageKey(url);
  const cached = prefetched.get(key);
  if (cached && Date.now() - cached.at < PREFETCH_TTL_MS) return;
  const response = requestPageHtml(url);
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
