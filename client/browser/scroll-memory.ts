/**
 * Where the reader was, kept in the history entry (`history.state.scrollY`), so that the
 * router can scroll back there on back/forward. The entry installs the in-page part from the
 * first paint on: a #hash link followed before the router is installed still records the spot it
 * left, and the router, installed later, finds it.
 *
 * I/O: history.state; a click listener on the document.
 */
export interface ScrollState {
  scrollY?: number;
}

/** Records the current scroll position in the current history entry. */
export function rememberScroll(): void {
  history.replaceState({ ...(history.state ?? {}), scrollY: window.scrollY } satisfies ScrollState, '');
}

/** A link to a #hash of the page on screen: the browser scrolls to it without a load. */
export function isInPageHashLink(url: URL): boolean {
  return url.origin === location.origin && url.pathname === location.pathname && url.search === location.search && url.hash !== '';
}

/** Before the browser follows a link to a #hash of this page, records where the reader was. */
export function installInPageScrollMemory(): void {
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor?.href || event.defaultPrevented || event.button !== 0) return;
    if (isInPageHashLink(new URL(anchor.href, location.href))) rememberScroll();
  });
}
