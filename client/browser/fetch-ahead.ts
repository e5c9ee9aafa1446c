/**
 * Fetches ahead the pages of the links in view (browser/fetch-ahead-rules.ts says which and how many), so that a tap on
 * one renders from memory; nothing before the page has loaded. I/O: an IntersectionObserver, idle callbacks, page-HTML
 * fetches (their answers are read only by a tap).
 */
import { FETCH_AHEAD_LIMIT, mayFetchAhead, pagesToFetchAhead } from './fetch-ahead-rules.ts';
import { navigableUrl } from './links.ts';
import { pageKey, prefetchPage } from './prefetch.ts';

/** Links handed to the observer in one step: the browser checks each for intersection at its next frame. */
const OBSERVE_SLICE = 20;
/** Idle time a further step needs left (ms): a step is a slice of links, reading the links seen, or one fetch call. */
const STEP_MS = 4;
/** The longest a step waits for an idle moment; one that waited that long does one thing only. */
const IDLE_TIMEOUT_MS = 2000;

type Step = (deadline: { timeRemaining(): number }) => void;

const hasIdle = typeof requestIdleCallback === 'function';
// No idle callbacks (Safari): one thing a task.
const idle = (step: Step): number =>
  hasIdle ? requestIdleCallback(step, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(step, 50, { timeRemaining: () => 0 });
const cancelIdle = (id: number) => (hasIdle ? cancelIdleCallback(id) : clearTimeout(id));

let stop: (() => void) | undefined;

/**
 * Starts watching the links of the page now shown, once it has loaded, and stops watching the previous page's. The
 * observer's callback only notes the links that came into view; reading them into pages and each fetch call are idle
 * steps. The requests carry no cookie and their answers are every visitor's, so the cache in front of the Worker
 * answers them.
 */
export function fetchAheadInView(): void {
  stop?.();
  stop = undefined;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!mayFetchAhead(connection) || typeof IntersectionObserver !== 'function') return;
  const shown = pageKey(new URL(location.href));
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const seen: Element[] = [];
  const pending: URL[] = [];
  const asked = new Set<string>();
  const observer = new IntersectionObserver((entries) => {
    for (const { isIntersecting, target } of entries)
      if (isIntersecting) {
        observer.unobserve(target);
        seen.push(target);
      }
    schedule();
  });
  const enough = () => {
    observer.disconnect();
    links.length = 0;
  };
  let id = 0;
  const schedule = () => {
    id ||= idle(step);
  };
  const step: Step = (deadline) => {
    id = 0;
    do {
      if (links.length) for (const anchor of links.splice(0, OBSERVE_SLICE)) observer.observe(anchor);
      else if (seen.length) {
        const urls = new Map<string, URL>();
        const inView = seen.splice(0).flatMap((anchor) => {
          const url = navigableUrl(anchor as HTMLAnchorElement);
          return url ? [{ page: pageKey(url), inMain: !!anchor.closest('main'), url }] : [];
        });
        for (const { page, url } of inView) urls.set(page, url);
        for (const page of pagesToFetchAhead(inView, shown, asked, FETCH_AHEAD_LIMIT - asked.size)) {
          asked.add(page);
          pending.push(urls.get(page)!);
        }
        if (asked.size >= FETCH_AHEAD_LIMIT) enough();
      } else if (pending.length) {
        prefetchPage(pending.shift()!, 'omit');
        // A fetch call is the costliest step: the next waits for another idle moment.
        break;
      } else return;
    } while (deadline.timeRemaining() > STEP_MS);
    schedule();
  };
  // The served page's own bytes and work first: its images and fonts, its parsing and layout.
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
  stop = () => {
    removeEventListener('load', schedule);
    enough();
    pending.length = 0;
    cancelIdle(id);
  };
}
