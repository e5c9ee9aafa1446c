/**
 * React's part of the browser bundle, loaded at the visitor's first intent: hydrates the page, then runs the router.
 * I/O: the DOM under #root, history, fetches of page JSON (through the router).
 */
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import type { PagePayload } from '../contracts/page-payload.ts';
import { App } from './App.tsx';
import { announce } from './browser/announce.ts';
import { applyHead } from './browser/head.ts';
import { installRouter } from './browser/router.ts';
import { HYDRATION_START_MARK } from './paint-first.ts';
import { loadRouteModule } from './route-table.ts';

export interface HydrateHooks {
  /** What a page shown by the router needs after it renders (diagrams, contents highlight). */
  enhance(): void;
  /** Counts a page view of a page shown by the router. */
  countView(payload: PagePayload, path: string): void;
}

interface ShownPage {
  payload: PagePayload;
  path: string;
}

function ClientApp({ initial, onHydrated }: { initial: ShownPage; onHydrated: (show: (page: ShownPage) => void) => void }) {
  const [page, setPage] = useState(initial);
  // Effects run once hydration has committed: the router may take over, and tests and styles
  // can wait for the attribute.
  useEffect(() => {
    onHydrated(setPage);
    document.documentElement.dataset.hydrated = '';
  }, [onHydrated]);
  return <App data={page.payload.data} path={page.path} />;
}

/**
 * Hydrates #root from `payload`; resolves when the route's chunk is in and hydration has begun. Hydration runs as a
 * transition, in slices that yield to the browser; the router takes over links once it has committed.
 */
export async function hydrateApp(root: HTMLElement, payload: PagePayload, hooks: HydrateHooks): Promise<void> {
  // A lazy route's chunk first: hydration must render what the server rendered.
  await loadRouteModule(payload.data.kind);
  const onHydrated = (show: (page: ShownPage) => void) =>
    installRouter({
      build: payload.build,
      render(next, path) {
        flushSync(() => show({ payload: next, path }));
        applyHead(next.meta);
      },
      afterNavigate(next, path, kind) {
        hooks.enhance();
        if (kind === 'refresh') return;
        announce(document.title);
        hooks.countView(next, path);
      },
    });
  performance.mark(HYDRATION_START_MARK);
  const initial = { payload, path: new URL(payload.meta.url).pathname };
  startTransition(() => {
    hydrateRoot(root, <ClientApp initial={initial} onHydrated={onHydrated} />, {
      onRecoverableError(error) {
        console.error('Hydration problem', error);
      },
    });
  });
}
