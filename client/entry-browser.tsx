/**
 * Browser entry, imported once the page has painted (paint-first.ts calls its `start`): plain code for navigation,
 * search, copy buttons and diagrams, and the page view. No React. I/O: reads the page's facts; listeners, fetches.
 */
import type { PageFragment } from '../contracts/page-fragment.ts';
import { PAYLOAD_ELEMENT_ID, type PageFacts, type PageKind } from '../contracts/page-payload.ts';
import { announce } from './browser/announce.ts';
import { copyFrom, installCopyButtons } from './browser/copy-buttons.ts';
import { installPreloadErrorHandler, renderDiagrams } from './browser/diagrams.ts';
import { sendPageView } from './browser/page-view-beacon.ts';
import { followLink, installRouter } from './browser/router.ts';
import { installInPageScrollMemory } from './browser/scroll-memory.ts';
import { installSearchBox } from './browser/search-box.ts';
import { installSearchShortcut } from './browser/search-shortcut.ts';
import { initTocHighlight } from './browser/toc-highlight.ts';
import './styles.css';

/** Runs after every render of a page: the parts of article HTML that need the browser. */
function enhance(): void {
  void renderDiagrams();
  initTocHighlight();
}

/** Pages that exist are counted; error and not-found pages are not. */
function countView(kind: PageKind, path: string): void {
  if (kind !== 'notFound' && kind !== 'error' && kind !== 'unavailable') sendPageView(path);
}

/**
 * Wires the page; `held` is what was clicked between the first paint and now (a same-host link
 * or a copy button, paint-first.ts), done now, once.
 */
export function start(held?: Element): void {
  const payloadElement = document.getElementById(PAYLOAD_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!payloadElement || !root) return;
  const facts = JSON.parse(payloadElement.textContent ?? '{}') as PageFacts;
  // The page as served, kept for a later back to it: taken before diagrams change it.
  const served: PageFragment = { build: facts.build, status: 200, kind: facts.kind, meta: facts.meta, html: root.innerHTML };
  installPreloadErrorHandler();
  installCopyButtons();
  installSearchShortcut();
  installSearchBox();
  installInPageScrollMemory();
  installRouter(
    {
      build: facts.build,
      afterNavigate(fragment, path, kind) {
        enhance();
        if (kind === 'refresh') return;
        announce(document.title);
        countView(fragment.kind, path);
      },
    },
    served,
  );
  enhance();
  countView(facts.kind, location.pathname);
  document.documentElement.dataset.enhanced = '';
  if (held instanceof HTMLAnchorElement) followLink(held);
  else if (held instanceof HTMLButtonElement) void copyFrom(held);
}
