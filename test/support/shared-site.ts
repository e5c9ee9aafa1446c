/**
 * Vitest globalSetup of the built-site tests: one Worker with the fixture site published, on a
 * loopback port, shared by every browser test that only reads the site (`startSite()` without
 * options, browser.ts), so the site is published once a run instead of once a file. Its URL
 * reaches the test files as `inject('sharedSite')`; it stops when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { standInForOtherHosts } from './other-hosts.ts';
import { startPublishedWorker } from './worker-runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Worker's origin, e.g. `http://127.0.0.1:41234/`. */
    sharedSite: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const worker = await startPublishedWorker({ listen: true, outbound: standInForOtherHosts });
  project.provide('sharedSite', worker.url.href);
  return () => worker.dispose();
}
