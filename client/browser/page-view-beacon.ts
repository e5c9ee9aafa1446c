/** Counts a page view (path only), unless the visitor asks not to be tracked. I/O: a request, in idle time. */
import { PAGE_VIEW_API_PATH } from '../../contracts/routes.ts';
import { apiFetch } from './api-fetch.ts';

/** The longest a count waits for an idle moment: a busy page still counts its view. */
const PAGE_VIEW_IDLE_TIMEOUT_MS = 2000;

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: PAGE_VIEW_IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
}

/**
 * Posts the view in the browser's first idle moment (at most 2 s later), not with the entry's own task;
 * nothing under Do Not Track or Global Privacy Control.
 */
export function sendPageView(path: string): void {
  if (optedOut()) return;
  whenIdle(() => {
    apiFetch(PAGE_VIEW_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path }),
      keepalive: true,
    }).catch(() => {
      // A lost page view is not worth bothering the reader about.
    });
  });
}
