/**
 * Vitest globalSetup: one Worker with the fixture site published, shared by the read-only browser tests
 * through `inject('sharedSite')`. I/O: workerd on a loopback port.
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
