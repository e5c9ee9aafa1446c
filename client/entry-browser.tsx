/**
 * Browser entry, imported once the page has painted: wires what article HTML needs, counts the view, and loads React
 * (hydrate-app.tsx) at the visitor's first intent. No React of its own. I/O: reads the payload; listeners, fetches.
 */
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '../contracts/page-payload.ts';
import { installCopyButtons } from './browser/copy-buttons.ts';
import { installPreloadErrorHandler, renderDiagrams } from './browser/diagrams.ts';
import { onFirstIntent } from './browser/first-intent.ts';
import { sendPageView } from './browser/page-view-beacon.ts';
import { installInPageScrollMemory } from './browser/scroll-memory.ts';
import { installSearchShortcut } from './browser/search-shortcut.ts';
import { initTocHighlight } from './browser/toc-highlight.ts';
import './styles.css';

/** Runs after every render of a page: the parts of article HTML that need the browser. */
function enhance(): void {
  void renderDiagrams();
  initTocHighlight();
}

/** Pages that exist are counted; error and not-found pages are not. */
function countView(payload: PagePayload, path: string): void {
  if (payload.data.kind !== 'notFound' && payload.data.kind !== 'error' && payload.data.kind !== 'unavailable') sendPageView(path);
}

const payloadElement = document.getElementById(PAYLOAD_ELEMENT_ID);
const root = document.getElementById('root');
if (payloadElement && root) {
  const payload = JSON.parse(payloadElement.textContent ?? '{}') as PagePayload;
  installPreloadErrorHandler();
  installCopyButtons();
  installSearchShortcut();
  installInPageScrollMemory();
  enhance();
  countView(payload, location.pathname);
  document.documentElement.dataset.enhanced = '';
  onFirstIntent(() => {
    import('./hydrate-app.tsx')
      .then(({ hydrateApp }) => hydrateApp(root, payload, { enhance, countView }))
      .catch((error: unknown) => console.warn('The page script could not load; the page stays as served.', error));
  });
}
