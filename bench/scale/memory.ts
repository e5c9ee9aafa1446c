/**
 * An isolate's live JavaScript heap after it served up to 1,000 distinct pages, its caches as deployed (wrangler.toml).
 * I/O: a workerd runtime with its inspector open, HTTP.
 */

import { freeLoopbackPort } from '../../tools/loopback-server.ts';
import { startRuntime } from '../lib/runtime.ts';
import { inspectWorker, liveHeapBytes } from '../lib/worker-inspector.ts';
import type { ScaleSite } from './site.ts';

export const DISTINCT_PAGES = 1000;

export interface MemorySample {
  pages: number;
  heapMb: number;
  /** Pages that did not answer 2xx. */
  failures: number;
}

/** Requests each page once, four at a time, then reads the heap after a full collection. */
export async function measureMemory(site: ScaleSite): Promise<MemorySample> {
  const paths = site.pagePaths.slice(0, DISTINCT_PAGES);
  const port = await freeLoopbackPort();
  const runtime = await startRuntime(site.scenario, { inspectorPort: port });
  try {
    let failures = 0;
    let next = 0;
    const visitor = async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        try {
          const response = await fetch(new URL(path, runtime.url), { redirect: 'manual' });
          await response.arrayBuffer();
          if (!response.ok) failures++;
        } catch {
          failures++;
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, visitor));
    const inspector = await inspectWorker(port);
    try {
      return { pages: paths.length, heapMb: (await liveHeapBytes(inspector)) / 1e6, failures };
    } finally {
      inspector.close();
    }
  } finally {
    await runtime.dispose();
  }
}
