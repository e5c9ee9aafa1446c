/**
 * Browser entry: hydrates the server-rendered page from the payload embedded in it (once a
 * split page's own chunk is in), then takes over same-host navigation and wires the page's
 * interactive parts.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '../contracts/page-payload.ts';
import { App } from './App.tsx';
import { announce } from './browser/announce.ts';
import { installCopyButtons } from './browser/copy-buttons.ts';
import { installPreloadErrorHandler, renderDiagrams } from './browser/diagrams.ts';
import { applyHead } from './browser/head.ts';
import { sendPageView } from './browser/page-view-beacon.ts';
import { installRouter } from './browser/router.ts';
import { installThemeToggle } from './browser/theme-toggle.ts';
import { initTocHighlight } from './browser/toc-highlight.ts';
import { HYDRATION_START_MARK } from './paint-first.ts';
import { loadRouteModule } from './route-table.ts';
import './styles.css';

type Setter = (page: { payload: PagePayload; path: string }) => void;
let showPage: Setter = () => {};

function ClientApp({ initial }: { initial: { payload: PagePayload; path: string } }) {
  const [page, setPage] = useState(initial);
  showPage = setPage;
  // Marks the page interactive (effects run after hydration): tests and styles can wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return <App data={page.payload.data} path={page.path} />;
}

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
  // A lazy route's chunk first (the <head> preloads it): hydration must render synchronously
  // what the server rendered. No top-level await: the chunk imports this module, which must
  // have finished evaluating for it to run.
  loadRouteModule(payload.data.kind).then(
    () => start(root, payload),
    (error: unknown) => console.warn('The page script could not load; the page stays as served.', error),
  );
}

function start(root: HTMLElement, payload: PagePayload): void {
  performance.mark(HYDRATION_START_MARK);
  hydrateRoot(root, <ClientApp initial={{ payload, path: new URL(payload.meta.url).pathname }} />, {
    onRecoverableError(error) {
      console.error('Hydration problem', error);
    },
  });
  installPreloadErrorHandler();
  installCopyButtons();
  installThemeToggle();
  installRouter({
    build: payload.build,
    render(next, path) {
      flushSync(() => showPage({ payload: next, path }));
      applyHead(next.meta);
    },
    afterNavigate(next, path, kind) {
      enhance();
      if (kind === 'refresh') return;
      announce(document.title);
      countView(next, path);
    },
  });
  enhance();
  countView(payload, location.pathname);
}
