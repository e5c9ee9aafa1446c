/**
 * Page views counted through the Worker's own endpoint (a POST with the XSRF pair), so that
 * /analytics shows its table and chart whatever ran before.
 */

import type { LocalWorker } from '../../tools/local-worker.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../worker/http/xsrf.ts';

export async function countPageViews(worker: Pick<LocalWorker, 'fetch'>, paths: readonly string[]): Promise<void> {
  const token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
  for (const path of paths) {
    const res = await worker.fetch('/api/_analog/analytics/hits', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
      body: JSON.stringify({ path }),
    });
    if (res.status !== 204) throw new Error(`page view of ${path} not counted: ${res.status}`);
  }
}
