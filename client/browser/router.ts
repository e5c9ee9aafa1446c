/**
 * Same-host navigation without reloads. A plain left click on a link to one of our routes
 * fetches the page's JSON (`/api/_analog/pages/<route>`), hands it to React, and then does
 * what a page load would: history entry, title and meta tags, scroll position, focus.
 * A page kept out of the entry chunk has its chunk loaded before it renders.
 * Anything else (new tabs, downloads, modifier keys, other hosts and schemes, non-page URLs)
 * is left to the browser, and a failed fetch (data or chunk) falls back to a normal page load.
 * A refresh event (contracts/page-refresh.ts) shows the current page again from fresh data,
 * keeping the scroll position and history.
 */
import type { PagePayload } from '../../contracts/page-payload.ts';
import { REFRESH_EVENT, type RefreshDetail } from '../../contracts/page-refresh.ts';
import { PAGE_API_PREFIX, pageApiPath } from '../../contracts/routes.ts';
import { loadRouteModule, matchRoute } from '../route-table.ts';
import { isInPageHashLink, rememberScroll, type ScrollState } from './scroll-memory.ts';

export interface RouterHooks {
  /** The client build this bundle is (the served page's payload names it). */
  build: string;
  /** Renders the payload synchronously (the DOM is updated when this returns). */
  render(payload: PagePayload, path: string): void;
  /**
   * Runs after each client-side navigation has been rendered and scrolled; `refresh` when it
   * showed the same page again (contracts/page-refresh.ts), which is no new page view.
   */
  afterNavigate(payload: PagePayload, path: string, kind: 'navigate' | 'refresh'): void;
}

const PREFETCH_TTL_MS = 30_000;
const PREFETCH_LIMIT = 40;
const prefetched = new Map<string, { at: number; response: Promise<Fetched> }>();

interface Fetched {
  payload: PagePayload;
  /** The page URL after redirects (e.g. /guide/dsx → /guide/DSX). */
  url: URL;
}

let current: AbortController | undefined;
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
  if (!matchRoute(url.pathname)) return null;
  return url;
}

export function installRouter(hooks: RouterHooks): void {
  history.scrollRestoration = 'manual';

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

  const warm = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    const url = anchor ? navigableUrl(anchor) : null;
    if (url && url.pathname + url.search !== location.pathname + location.search) prefetch(url);
  };
  document.addEventListener('pointerover', warm, { passive: true });
  document.addEventListener('focusin', warm);
  document.addEventListener('touchstart', warm, { passive: true });

  shown = location.pathname + location.search;
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
    prefetched.clear();
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
    fetched = await fetchPage(url, controller.signal);
    if (fetched.payload.build !== hooks.build)
      throw new Error(`the page is for client build ${fetched.payload.build}, this tab runs ${hooks.build}`);
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
  if (push) rememberScroll();
  // Render before touching history, so the new entry is recorded under the new title.
  hooks.render(fetched.payload, finalUrl.pathname);
  shown = finalUrl.pathname + finalUrl.search;
  if (push) history.pushState({ scrollY: 0 } satisfies ScrollState, '', finalUrl);
  else if (finalUrl.href !== location.href) history.replaceState(history.state, '', finalUrl);
  restoreScroll(finalUrl, push ? undefined : scrollY);
  if (push) focusHeading();
  hooks.afterNavigate(fetched.payload, finalUrl.pathname, refresh ? 'refresh' : 'navigate');
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

/** Starts loading a page's data ahead of a likely click; the click then renders from memory. */
export function prefetch(url: URL): void {
  const key = url.pathname + url.search;
  const cached = prefetched.get(key);
  if (cached && Date.now() - cached.at < PREFETCH_TTL_MS) return;
  const response = requestPage(url, undefined);
  response.catch(() => prefetched.delete(key));
  prefetched.set(key, { at: Date.now(), response });
  if (prefetched.size > PREFETCH_LIMIT) prefetched.delete(prefetched.keys().next().value as string);
}

function fetchPage(url: URL, signal: AbortSignal): Promise<Fetched> {
  const key = url.pathname + url.search;
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

/** The page's data, and its chunk when it is a split page: both needed before it renders. */
async function requestPage(url: URL, signal: AbortSignal | undefined): Promise<Fetched> {
  // The route names the likely page: its chunk downloads alongside the data. Only the page
  // the data names must load (a route can answer another kind, e.g. an error page).
  const match = matchRoute(url.pathname);
  if (match && 'lazy' in match.route) loadRouteModule(match.route.name).catch(() => {});
  // Same-origin credentials (fetch's default, said here because it matters): the page's cookies go
  // with the request, so a navigation in a preview session gets the preview's page.
  const response = await fetch(pageApiPath(url.pathname) + url.search, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error(`page data answered ${response.status} ${type}`);
  const payload = (await response.json()) as PagePayload;
  await loadRouteModule(payload.data.kind);
  const apiUrl = new URL(response.url || url.href, location.href);
  const pagePath = apiUrl.pathname.startsWith(PAGE_API_PREFIX) ? apiUrl.pathname.slice(PAGE_API_PREFIX.length) || '/' : url.pathname;
  return { payload, url: new URL(pagePath + apiUrl.search, location.href) };
}
