/**
 * Same-host navigation without reloads, for the links browser/links.ts follows: swaps in the server's HTML of the
 * next page (browser/page-fetch.ts). I/O: #root, the head, history, scroll, fetches.
 */
import type { PageFragment } from '../../contracts/page-fragment.ts';
import { holdBackRest } from './first-screen.ts';
import { applyHead } from './head.ts';
import { type Fetched, fetchPage, forgetShown, keepShown, shownPage } from './page-fetch.ts';
import { rememberScroll, type ScrollState } from './scroll-memory.ts';
import { SEARCH_BOX_SELECTOR } from './search-box-input.ts';

export interface RouterHooks {
  /** The client build this bundle is (the served page's payload names it). */
  build: string;
  /**
   * Runs after each navigation has been rendered and scrolled; `refresh` when it showed the
   * same page again (contracts/page-refresh.ts), which is no new page view.
   */
  afterNavigate(fragment: PageFragment, path: string, kind: 'navigate' | 'refresh'): void;
  /** Runs just before the next page replaces the one on screen. */
  beforeSwap(): void;
  /** The page on screen when the entry ran, as served. */
  served: { url: URL; fragment: PageFragment };
  /** The path and query now on screen. */
  shown(path: string): void;
}

export interface NavigateOptions {
  push: boolean;
  scrollY?: number;
  /** The same page shown again with fresh data. */
  refresh?: boolean;
}

let current: AbortController | undefined;
let started = false;

/** Shows the page at `url`: from memory for back and forward, else its HTML from the server. */
export async function navigate(url: URL, hooks: RouterHooks, { push, scrollY, refresh = false }: NavigateOptions): Promise<void> {
  if (!started) keepShown(hooks.served.url, hooks.served.fragment);
  started = true;
  // Fresh data for the page on screen: what was shown before may have changed too.
  if (refresh) forgetShown();
  current?.abort();
  const controller = new AbortController();
  current = controller;
  document.documentElement.dataset.navigating = '';
  // Where the reader leaves this page, recorded while its HTML is on the way (the main thread
  // waits for the network then), in a task of its own: a history call costs milliseconds on a
  // phone, and the task of the click, or of the entry following a held tap, stays short. Timers
  // run in order: it runs before the swap's task below.
  if (push) setTimeout(rememberScroll, 0);

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
  const atTop = push && !finalUrl.hash;
  // Parsed (inert), with the head set, in a task before the swap's, so that neither grows into
  // a long one. A page shown from its top comes in two frames (first-screen.ts); one scrolled to
  // a #hash or to where the reader left needs all of its height at once.
  const next = parse(fetched.fragment.html);
  const putBackRest = atTop ? holdBackRest(next) : undefined;
  applyHead(fetched.fragment.meta);
  await nextTask();
  if (controller.signal.aborted) return;

  // History with the swap, so the URL never names a page not yet shown, but before it, while
  // the page on screen is still laid out: after it, the history step would make the browser
  // lay the new page out at once, in this task.
  if (push) history.pushState({ scrollY: 0 } satisfies ScrollState, '', finalUrl);
  else if (finalUrl.href !== location.href) history.replaceState(history.state, '', finalUrl);
  hooks.shown(finalUrl.pathname + finalUrl.search);

  if (atTop) window.scrollTo({ top: 0, behavior: 'instant' });
  hooks.beforeSwap();
  const typing = swapIn(next);
  keepShown(finalUrl, fetched.fragment);
  if (!atTop) restoreScroll(finalUrl, push ? undefined : scrollY);
  // The rest of the page after its first frame. Then, after the frame of the whole page, focus,
  // which needs the layout a frame brings (forced, it would hold that frame back), its
  // enhancements and its count.
  if (putBackRest) {
    await nextFrame();
    putBackRest();
  }
  await nextFrame();
  if (push && !typing && current === controller) focusHeading();
  hooks.afterNavigate(fetched.fragment, finalUrl.pathname, refresh ? 'refresh' : 'navigate');
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** A task after the next frame has been drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/**
 * Puts the page in; true when the reader was typing in the search box: the new page's box gets what they typed and
 * the focus, and an input event asks for its results (search-box.ts, loaded by then or by that event).
 */
function swapIn(next: DocumentFragment): boolean {
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root to render into');
  const old = document.activeElement?.closest<HTMLInputElement>(SEARCH_BOX_SELECTOR);
  const caret = old?.selectionStart ?? null;
  root.replaceChildren(next);
  const box = document.querySelector<HTMLInputElement>(SEARCH_BOX_SELECTOR);
  if (!old || !box) return false;
  box.value = old.value;
  box.focus({ preventScroll: true });
  if (caret !== null) box.setSelectionRange(caret, caret);
  if (box.value.trim()) box.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

function restoreScroll(url: URL, scrollY: number | undefined): void {
  // 'instant': a page change is not an in-page scroll, whatever CSS scroll-behavior says.
  if (scrollY !== undefined) {
    // Blocks away from the screen have estimated heights until rendered (styles.css, content-visibility): for this
    // scroll the page is laid out whole, so that scrollY lands where the reader left, and each block keeps its height
    // once a frame has been drawn with it.
    const root = document.documentElement;
    root.dataset.restoringScroll = '';
    window.scrollTo({ top: scrollY, behavior: 'instant' });
    void nextFrame().then(() => delete root.dataset.restoringScroll);
    return;
  }
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView({ behavior: 'instant' });
  else window.scrollTo({ top: 0, behavior: 'instant' });
}

function focusHeading(): void {
  document.getElementById('page-heading')?.focus({ preventScroll: true });
}
