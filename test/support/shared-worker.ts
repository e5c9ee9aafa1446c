/**
 * The run's shared Worker (shared-site.ts), with the fixture site published: for tests that only read the site.
 * I/O: HTTP to its loopback port.
 */
import { inject } from 'vitest';
import type { LocalWorker } from '../../tools/local-worker.ts';

/** What a test may do with the shared Worker: request it. */
export type SiteWorker = Pick<LocalWorker, 'url' | 'fetch'>;

/** The shared Worker, requested over its loopback port like any HTTP client would. */
export function sharedWorker(): SiteWorker {
  const url = new URL(inject('sharedSite'));
  return { url, fetch: (path, init) => fetch(new URL(path, url), init) };
}
