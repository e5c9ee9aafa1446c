/**
 * A cold isolate's first article request: the KV bytes and reads it cost (counted at the binding by the KV probe) and the
 * isolate's CPU time (sampled through workerd's inspector), each in a workerd of its own. I/O: workerd runtimes, HTTP.
 */
import { freeLoopbackPort } from '../../tools/loopback-server.ts';
import { startRuntime } from '../lib/runtime.ts';
import { inspectWorker } from '../lib/worker-inspector.ts';
import type { ScaleSite } from './site.ts';

export interface ColdSample {
  bytesRead: number;
  reads: number;
  cpuMs: number;
  /** A non-2xx answer or a failed request. */
  failed: boolean;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}

/** Time of the samples in which the isolate was not idle: its JavaScript, the collector and V8's own work. */
export function busyMs(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  return profile.samples.reduce((sum, id, i) => sum + (idle.has(id) ? 0 : (profile.timeDeltas[i] ?? 0)), 0) / 1000;
}

/** The article on a fresh workerd, its body read to the end: whether it answered 2xx. */
async function firstArticle(url: URL, path: string): Promise<boolean> {
  try {
    const response = await fetch(new URL(path, url), { redirect: 'manual' });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** KV bytes and reads of one cold isolate's first article request. */
async function coldReads(site: ScaleSite): Promise<Pick<ColdSample, 'bytesRead' | 'reads' | 'failed'>> {
  const runtime = await startRuntime(site.scenario, { probeKv: true });
  try {
    const ok = await firstArticle(runtime.url, site.articlePath);
    return { bytesRead: runtime.kvProbe.bytesRead(), reads: runtime.kvProbe.reads(), failed: !ok };
  } finally {
    await runtime.dispose();
  }
}

/** CPU time of one cold isolate's first article request, sampled every 100 µs (no probe in this isolate). */
async function coldCpu(site: ScaleSite): Promise<{ cpuMs: number; failed: boolean }> {
  const port = await freeLoopbackPort();
  const runtime = await startRuntime(site.scenario, { inspectorPort: port });
  try {
    const inspector = await inspectWorker(port);
    try {
      await inspector.send('Profiler.enable');
      await inspector.send('Profiler.setSamplingInterval', { interval: 100 });
      await inspector.send('Profiler.start');
      const ok = await firstArticle(runtime.url, site.articlePath);
      const { profile } = (await inspector.send('Profiler.stop')) as { profile: Parameters<typeof busyMs>[0] };
      return { cpuMs: busyMs(profile), failed: !ok };
    } finally {
      inspector.close();
    }
  } finally {
    await runtime.dispose();
  }
}

/**
 * `isolates` cold samples of each site, the sites taking turns within each round so that other work on the machine
 * falls on every size alike. A sample whose runtime would not start counts as failed.
 */
export async function measureCold(
  sites: readonly ScaleSite[],
  isolates: number,
  log: (line: string) => void,
): Promise<Map<ScaleSite, ColdSample[]>> {
  const samples = new Map(sites.map((site) => [site, [] as ColdSample[]]));
  for (let round = 0; round < isolates; round++) {
    for (const site of sites) {
      let sample: ColdSample;
      try {
        const reads = await coldReads(site);
        const cpu = await coldCpu(site);
        sample = { ...reads, cpuMs: cpu.cpuMs, failed: reads.failed || cpu.failed };
      } catch (error) {
        log(`${site.entries.toLocaleString('en')}: cold isolate ${round + 1} failed: ${error instanceof Error ? error.message : error}`);
        sample = { bytesRead: Number.NaN, reads: Number.NaN, cpuMs: Number.NaN, failed: true };
      }
      samples.get(site)!.push(sample);
    }
    log(`cold isolates: round ${round + 1} of ${isolates} done`);
  }
  return samples;
}
