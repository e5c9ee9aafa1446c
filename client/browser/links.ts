/**
 * Same-host links: which clicks we navigate in place (browser/router.ts), and the intents (hover, focus, touch) that
 * start the next page's HTML before the click. I/O: document listeners, fetches.
 */
import type { PageFragment } from '../../contracts/page-fragment.ts';
import { REFRESH_EVENT, type RefreshDetail } from '../../contracts/page-refresh.ts';
import { isPagePath } from '../route-patterns.ts';
import { forgetPrefetched, prefetchPage } from './prefetch.ts';
import { type NavigateOptions, navigate, type RouterHooks } from './router.ts';
import { isInPageHashLink, rememberScroll, type ScrollState } from './scroll-memory.ts';

let hooks: RouterHooks | undefined;
/** Path and query of the page on screen: a history step that keeps them only moves to a #hash. */
let shown = '';

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

/** Shows `url` in place; a full load before the links are installed. */
function go(url: URL, options: NavigateOptions): void {
  if (hooks) void navigate(url, hooks, options);
  else location.assign(url.href);
}

/** A click on a page link: its HTML, unless prefetched, starts now. */
function follow(url: URL): void {
  if (isInPageHashLink(url)) {
    rememberScroll();
    location.hash = url.hash;
    return;
  }
  prefetchPage(url);
  go(url, { push: true });
}

/** Follows a link clicked before the entry ran (paint-first.ts held it): in place when we can. */
export function followLink(anchor: HTMLAnchorElement): void {
  const url = navigableUrl(anchor);
  if (!url || !hooks) location.assign(anchor.href);
  else follow(url);
}

/** `served` is the page on screen as served, the first one the router keeps for back and forward. */
export function installLinks(routerHooks: Pick<RouterHooks, 'build' | 'afterNavigate' | 'beforeSwap'>, served: PageFragment): void {
  hooks = { ...routerHooks, served: { url: new URL(location.href), fragment: served }, shown: (path) => (shown = path) };
  history.scrollRestoration = 'manual';
  shown = location.pathname + location.search;

  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor) return;
    const url = navigableUrl(anchor, event);
    // Same page, other #hash: the browser scrolls by itself without a load (scroll-memory.ts has
    // recorded the spot left); back comes here.
    if (!url || isInPageHashLink(url)) return;
    event.preventDefault();
    follow(url);
  });

  const warm = (anchor: Element | null | undefined) => {
    const url = anchor instanceof HTMLAnchorElement ? navigableUrl(anchor) : null;
    if (!url || url.pathname + url.search === location.pathname + location.search) return;
    prefetchPage(url);
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
    if (location.pathname + location.search === shown) scrollWithinPage(new URL(location.href), state.scrollY);
    else go(new URL(location.href), { push: false, scrollY: state.scrollY ?? 0 });
  });

  // Fresh data for the page on screen, where the reader is: a reload would lose the scroll
  // position and the page's state. Cancelling tells the sender not to reload.
  window.addEventListener(REFRESH_EVENT, (event) => {
    event.preventDefault();
    forgetPrefetched();
    const url = new URL((event as CustomEvent<RefreshDetail | null>).detail?.to ?? location.pathname + location.search, location.href);
    url.hash = location.hash;
    go(url, { push: false, scrollY: window.scrollY, refresh: true });
  });
}

function scrollWithinPage(url: URL, scrollY: number | undefined): void {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo({ top: scrollY ?? 0 });
}
