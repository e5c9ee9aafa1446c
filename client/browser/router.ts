/**
 * Same-host navigation without reloads and without React: swaps in the server's HTML of the next page
 * (browser/page-fetch.ts); a refresh event shows the page again. I/O: #root, history, listeners, fetches.
 */
import type { PageFragment } from '../../contracts/page-fragment.ts';
import { REFRESH_EVENT, type RefreshDetail } from '../../contracts/page-refresh.ts';
import { isPagePath } from '../route-patterns.ts';
import { applyHead } from './head.ts';
import { type Fetched, fetchPage, forgetPages, keepShown, prefetchPage, shownPage } from './page-fetch.ts';
import { isInPageHashLink, rememberScroll, type ScrollState } from './scroll-memory.ts';
import { carrySearchBox } from './search-box.ts';

export interface RouterHooks {
  /** The client build this bundle is (the served page's payload names it). */
  build: string;
  /**
   * Runs after each navigation has been rendered and scrolled; `refresh` when it showed the
   * same page again (contracts/page-refresh.ts), which is no new page view.
   */
  afterNavigate(fragment: PageFragment, path: string, kind: 'navigate' | 'refresh'): void;
}

let current: AbortController | undefined;
/** Path and query of the page on screen: a history step that keeps them only moves to a #hash. */
let shown = '';
let routerHooks: RouterHooks | undefined;

/** A link we navigate ourselves, or null when the browser should handle the click. */
export function navigableUrl(anchor: HTMLAnchorElement, event?: MouseEvent): URL | null {
  if (event && (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))
    return null;
  if (anchor.hasAttribute('download')) return null;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return null;
  if (!anchor.href) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (!isPagePath(url.pathname)) return null;
  return url;
}

/** Follows a link clicked before the router ran (paint-first.ts held it): in place when we can. */
export function followLink(anchor: HTMLAnchorElement): void {
  const url = navigableUrl(anchor);
  if (!url || !routerHooks) location.assign(anchor.href);
  else if (isInPageHashLink(url)) {
    rememberScroll();
    location.hash = url.hash;
  } else void navigate(url, routerHooks, { push: true });
}

/** The page on screen, as served, is the first one kept for back and forward. */
export function installRouter(hooks: RouterHooks, served: PageFragment): void {
  routerHooks = hooks;
  history.scrollRestoration = 'manual';
  shown = location.pathname + location.search;
  keepShown(new URL(location.href), served);

  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor) return;
    const url = navigableUrl(anchor, event);
    if (!url) return;
    // Same page, other #hash: the browser scrolls by itself without a load (the entry's
    // scroll-memory.ts has recorded the spot left); back comes here.
    if (isInPageHashLink(url)) return;
    event.preventDefault();
    void navigate(url, hooks, { push: true });
  });

  const warm = (anchor: Element | null | undefined) => {
    const url = anchor instanceof HTMLAnchorElement ? navigableUrl(anchor) : null;
    if (url && url.pathname + url.search !== location.pathname + location.search) prefetchPage(url);
  };
  const warmTarget = (event: Event) => warm((event.target as Element | null)?.closest?.('a'));
  document.addEventListener('pointerover', warmTarget, { passive: true });
  document.addEventListener('focusin', warmTarget);
  document.addEventListener('touchstart', warmTarget, { passive: true });
  // The link under the pointer or focused when this runs had its pointerover before it.
  warm([...document.querySelectorAll('a:hover')].at(-1));
  warm(document.activeElement?.closest('a'));

  window.addEventListener('popstate', (event) => {
    const state = (event.state ?? {}) as ScrollState;
    // An in-page #link (the browser fires popstate for it too), or back/forward between two
    // spots of this page: nothing to load, only somewhere to scroll.
    if (location.pathname + location.search === shown) {
      scrollWithinPage(new URL(location.href), state.scrollY);
      return;
    }
    void navigate(new URL(location.href), hooks, { push: false, scrollY: state.scrollY ?? 0 });
  });

  // Fresh data for the page on screen, where the reader is: a reload would lose the scroll
  // position and the page's state. Cancelling tells the sender not to reload.
  window.addEventListener(REFRESH_EVENT, (event) => {
    event.preventDefault();
    forgetPages();
    const url = new URL((event as CustomEvent<RefreshDetail | null>).detail?.to ?? location.pathname + location.search, location.href);
    url.hash = location.hash;
    void navigate(url, hooks, { push: false, scrollY: window.scrollY, refresh: true });
  });
}

async function navigate(
  url: URL,
  hooks: RouterHooks,
  { push, scrollY, refresh = false }: { push: boolean; scrollY?: number; refresh?: boolean },
): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  document.documentElement.dataset.navigating = '';

  let fetched: Fetched;
  try {
    // Back and forward show the page as it was shown, without asking the server again.
    const kept = push || refresh ? undefined : shownPage(url);
    fetched = kept ? { fragment: kept, url } : await fetchPage(url, controller.signal);
    if (fetched.fragment.build !== hooks.build)
      throw new Error(`the page is for client build ${fetched.fragment.build}, this tab runs ${hooks.build}`);
  } catch (error) {
    if (controller.signal.aborted) return; // a newer navigation took over
    console.warn('Client navigation failed, loading the page normally.', error);
    location.assign(url.href);
    return;
  } finally {
    if (current === controller) delete document.documentElement.dataset.navigating;
  }
  if (controller.signal.aborted) return;

  const finalUrl = new URL(fetched.url.pathname + fetched.url.search + url.hash, location.href);
  // Parsed in a task of its own, inert until it is swapped in: parsing and showing a long page
  // in one task would keep a tap waiting.
  const next = parse(fetched.fragment.html);
  await nextTask();
  if (controller.signal.aborted) return;

  // History and scroll first, while the page on screen is still laid out: done after the swap,
  // each would make the browser lay the new page out at once, in this task.
  if (push) rememberScroll();
  applyHead(fetched.fragment.meta);
  if (push) history.pushState({ scrollY: 0 } satisfies ScrollState, '', finalUrl);
  else if (finalUrl.href !== location.href) history.replaceState(history.state, '', finalUrl);
  shown = finalUrl.pathname + finalUrl.search;
  const atTop = push && !finalUrl.hash;
  if (atTop) window.scrollTo({ top: 0, behavior: 'instant' });
  const typing = swapIn(next);
  keepShown(finalUrl, fetched.fragment);
  if (!atTop) restoreScroll(finalUrl, push ? undefined : scrollY);
  if (push && !typing) requestAnimationFrame(focusHeading);
  // The page's enhancements and its count in a task of their own too.
  const { fragment } = fetched;
  setTimeout(() => hooks.afterNavigate(fragment, finalUrl.pathname, refresh ? 'refresh' : 'navigate'), 0);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Puts the page in; true when the reader was typing in the search box, which keeps focus. */
function swapIn(next: DocumentFragment): boolean {
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root to render into');
  return carrySearchBox(() => root.replaceChildren(next));
}

function restoreScroll(url: URL, scrollY: number | undefined): void {
  // 'instant': a page change is not an in-page scroll, whatever CSS scroll-behavior says.
  if (scrollY !== undefined) {
    window.scrollTo({ top: scrollY, behavior: 'instant' });
    return;
  }
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView({ behavior: 'instant' });
  else window.scrollTo({ top: 0, behavior: 'instant' });
}

function scrollWithinPage(url: URL, scrollY: number | undefined): void {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo({ top: scrollY ?? 0 });
}

function focusHeading(): void {
  document.getElementById('page-heading')?.focus({ preventScroll: true });
}
