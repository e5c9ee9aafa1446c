/**
 * Browser entry, imported once the page has painted (paint-first.ts calls its `start`): plain code for links and
 * in-place navigation, copy buttons and the page view; what only some pages or the search box need comes in chunks.
 * No React. I/O: reads the page's facts; listeners, fetches, chunk imports.
 */
import type { PageFragment } from '../contracts/page-fragment.ts';
import { PAYLOAD_ELEMENT_ID, type PageFacts, type PageKind } from '../contracts/page-payload.ts';
import { PREVIEW_PARAM } from '../contracts/preview-token.ts';
import { PREVIEW_PATH_PREFIX } from '../contracts/routes.ts';
import { announce } from './browser/announce.ts';
import { copyFrom, installCopyButtons } from './browser/copy-buttons.ts';
import { fetchAheadInView } from './browser/fetch-ahead.ts';
import { followLink, installLinks } from './browser/links.ts';
import { sendPageView } from './browser/page-view-beacon.ts';
import { keepPrefetched } from './browser/prefetch.ts';
import { installInPageScrollMemory } from './browser/scroll-memory.ts';
import { installSearchShortcut } from './browser/search-shortcut.ts';
// The heading font's two faces, subset at build time (scripts/build/heading-font.ts).
import 'virtual:heading-font.css';
import './styles.css';

let toc: typeof import('./browser/toc-highlight.ts') | undefined;

/**
 * Runs after every render of a page: the parts of article HTML that need the browser, each a chunk loaded only for
 * a page that has them. The contents highlight waits for the first scroll: until then no heading is passed.
 */
function enhance(): void {
  if (document.querySelector('[data-diagram]:not([data-diagram-state])'))
    void import('./browser/diagrams.ts').then((m) => m?.renderDiagrams());
  if (toc) toc.initTocHighlight();
  else if (document.querySelector('.toc a[href^="#"]')) {
    if (window.scrollY > 0) void loadToc();
    else addEventListener('scroll', () => void loadToc(), { once: true, passive: true });
  }
}

async function loadToc(): Promise<void> {
  toc ??= await import('./browser/toc-highlight.ts');
  toc?.initTocHighlight();
}

/** Keeps a failed chunk import (`vite:preloadError`) from throwing: the import resolves empty and the page stays as served. */
function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => event.preventDefault());
}

/**
 * Pages that exist are counted; error and not-found pages are not, nor a draft opened through its preview link: a
 * reviewer, not a visitor, of a page the count would refuse as unknown.
 */
function countView(kind: PageKind, path: string): void {
  if (new URLSearchParams(location.search).has(PREVIEW_PARAM)) return;
  if (kind !== 'notFound' && kind !== 'error' && kind !== 'unavailable') sendPageView(path);
}

/**
 * A whole-site preview's page (its own path, worker/preview/): in-place navigation, search-as-you-type and the page
 * view would ask the public API, so its links load whole pages, its search box submits, and no view is counted.
 */
const inSitePreview = (): boolean => location.pathname.startsWith(PREVIEW_PATH_PREFIX);

/**
 * Wires the page; `held` is what was clicked between the first paint and now (a same-host link
 * or a copy button, paint-first.ts), done now, once; `heldPage`, the request for a held link's HTML.
 */
export function start(held?: Element, heldPage?: Promise<Response>): void {
  const payloadElement = document.getElementById(PAYLOAD_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!payloadElement || !root) return;
  const facts = JSON.parse(payloadElement.textContent ?? '{}') as PageFacts;
  // The page as served, kept for a later back to it: taken before diagrams change it.
  const served: PageFragment = { build: facts.build, status: 200, kind: facts.kind, meta: facts.meta, html: root.innerHTML };
  // The held link's HTML, asked for at the tap: kept before the links' own prefetch (of the focused link) asks again.
  if (held instanceof HTMLAnchorElement && heldPage) keepPrefetched(new URL(held.href), heldPage);
  installPreloadErrorHandler();
  installCopyButtons();
  installInPageScrollMemory();
  const preview = inSitePreview();
  if (!preview) {
    installSearchShortcut();
    installLinks(
      {
        build: facts.build,
        // The old page's headings leave: no observer to run for them in the new page's first frame.
        beforeSwap: () => toc?.stopTocHighlight(),
        afterNavigate(fragment, path, kind) {
          enhance();
          fetchAheadInView();
          if (kind === 'refresh') return;
          announce(document.title);
          countView(fragment.kind, path);
        },
      },
      served,
    );
  }
  if (held instanceof HTMLAnchorElement) followLink(held);
  // The rest in a task of its own: a held tap is on its way first, and neither task grows into a long one on a phone.
  setTimeout(() => {
    enhance();
    if (!preview) countView(facts.kind, location.pathname);
    document.documentElement.dataset.enhanced = '';
    // A held tap on a link leaves this page: the next one fetches ahead once it is shown.
    if (held instanceof HTMLAnchorElement) return;
    if (!preview) fetchAheadInView();
    if (held instanceof HTMLButtonElement) void copyFrom(held);
  }, 0);
}
