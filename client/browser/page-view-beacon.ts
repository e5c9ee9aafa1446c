/** Counts a page view (path only), unless the visitor asks not to be tracked. */
import { PAGE_VIEW_API_PATH } from '../../contracts/routes.ts';
import { apiFetch } from './api-fetch.ts';

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

export function sendPageView(path: string): void {
  if (optedOut()) return;
  apiFetch(PAGE_VIEW_API_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path }),
    keepalive: true,
  }).catch(() => {
    // A lost page view is not worth bothering the reader about.
  });
}
