/**
 * Same-host links at the first paint: which clicks we navigate, and the intents (hover, focus, touch, click) that
 * start the page's HTML and the navigation chunk (browser/router.ts) together. I/O: document listeners, fetches.
 */
import type { PageFragment } from '../../contracts/page-fragment.ts';
import { REFRESH_EVENT, type RefreshDetail } from '../../contracts/page-refresh.ts';
import { isPagePath } from '../route-patterns.ts';
import { forgetPrefetched, prefetchPage } from './prefetch.ts';
import type { NavigateOptions, RouterHooks } from './router.ts';
import { isInPageHashLink, rememberScroll, type ScrollState } from './scroll-memory.ts';

type Router = typeof import('./router.ts');

let routerLoad: Promise<Router | undefined> | undefined;
let hooks: RouterHooks | undefined;
/** Path and query of the page on screen: a history step that keeps them only moves to a #hash. */
let shown = '';

/**
 * The navigation chunk, imported once: on the first intent, in parallel with the page's HTML. Undefined when it
 * could not load (a deploy since the tab opened removed it; the entry's `vite:preloadError` handler keeps Vite from
 * throwing).
 */
function loadRouter(): Promise<Router | undefined> {
  routerLoad ??= import('./router.ts').then(
    (module) => module,
    () => undefined,
  );
  return routerLoad;
}

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

/** Shows `url` in place once the chunk is there; a full load when it cannot come. Marked at once as navigating. */
function go(url: URL, options: NavigateOptions): void {
  document.documentElement.dataset.navigating = '';
  void loadRouter().then((router) => {
    if (router && hooks) void router.navigate(url, hooks, options);
    else location.assign(url.href);
  });
}

/** A click on a page link: the chunk and its HTML (unless prefetched) start now, together. */
function follow(url: URL): void {
  if (isInPageHashLink(url)) {
    rememberScroll();
    location.hash = url.hash;
    return;
  }
  void loadRouter();
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
    // The chunk first: it is the smaller, and is compiled while the page's HTML still arrives.
    void loadRouter();
    prefetchPage(url);
  };
  const warmTarget = (event: Event) => warm((event.target as Element | null)?.closest?.('a'));
  document.addEventListener('pointerover', warmTarget, { passive: true });
  document.addEventListener('focusin', warmTarget);
  document.addEventListener('touchstart', warmTarget, { passive: true });
  // On a phone the first touch (a scroll, mostly) comes well before a tap on a link: the chunk
  // is there by then.
  document.addEventListener('touchstart', () => void loadRouter(), { once: true, passive: true });
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
