/**
 * Fetches ahead, once the page is idle, the pages of the links in view (browser/fetch-ahead-rules.ts says which and how
 * many), so that a tap on one renders from memory. I/O: an IntersectionObserver, an idle callback, page-HTML fetches.
 */
import { FETCH_AHEAD_LIMIT, type LinkInView, mayFetchAhead, pagesToFetchAhead } from './fetch-ahead-rules.ts';
import { navigableUrl } from './links.ts';
import { pageKey, prefetchPage } from './prefetch.ts';

/** The longest the fetches wait for an idle moment after the page is shown. */
const IDLE_TIMEOUT_MS = 2000;

let stop: (() => void) | undefined;

const whenIdle = (task: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
};

/**
 * Starts watching the links of the page now shown, and stops watching the previous page's. Their requests carry no
 * cookie and their answers are every visitor's, so the cache in front of the Worker answers them.
 */
export function fetchAheadInView(): void {
  stop?.();
  stop = undefined;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!mayFetchAhead(connection) || typeof IntersectionObserver !== 'function') return;
  const shown = pageKey(new URL(location.href));
  const asked = new Set<string>();
  const urls = new Map<string, URL>();
  const observer = new IntersectionObserver((entries) => {
    const inView: LinkInView[] = [];
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const url = navigableUrl(entry.target as HTMLAnchorElement);
      if (!url) continue;
      urls.set(pageKey(url), url);
      inView.push({ page: pageKey(url), inMain: entry.target.closest('main') !== null });
    }
    for (const page of pagesToFetchAhead(inView, shown, asked, FETCH_AHEAD_LIMIT - asked.size)) {
      asked.add(page);
      pending.push(urls.get(page)!);
    }
    if (asked.size >= FETCH_AHEAD_LIMIT) observer.disconnect();
    if (!draining) fetchNext();
  });
  // One request a task: a fetch call costs milliseconds on a phone, five of them in one task would be a long one.
  const pending: URL[] = [];
  let draining: ReturnType<typeof setTimeout> | undefined;
  const fetchNext = () => {
    draining = undefined;
    const url = pending.shift();
    if (!url) return;
    prefetchPage(url, 'omit');
    if (pending.length) draining = setTimeout(fetchNext, 0);
  };
  const cancelIdle = whenIdle(() => {
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) observer.observe(anchor);
  });
  stop = () => {
    cancelIdle();
    observer.disconnect();
    clearTimeout(draining);
    pending.length = 0;
  };
}
