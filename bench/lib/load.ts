/**
 * autocannon against the running Worker (keep-alive, no pipelining, no Accept-Encoding), reduced to throughput and latency.
 * I/O: HTTP to the runtime.
 */
import autocannon from 'autocannon';
import { median } from './stats.ts';

export interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Where the target's server listens, when not at the `base` given to measure. */
  base?: URL;
}

export interface Measurement {
  /** Completed requests per second over the whole run. */
  rps: number;
  /** Latency percentiles and mean, ms (autocannon records whole milliseconds). */
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  /** Non-2xx answers, socket errors and timeouts: a valid run has none. */
  failures: number;
}

export interface LoadOptions {
  /** Seconds per run. */
  duration: number;
  connections: number;
}

/** One autocannon run against `target`, reduced to requests per second and latency percentiles. */
export async function measure(base: URL, target: Target, { duration, connections }: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: new URL(target.path, target.base ?? base).href,
    connections,
    duration,
    headers: target.headers ?? {},
    timeout: 10,
    // autocannon checks for the end of a run at each sample: every 100 ms, so short runs last as asked.
    sampleInt: 100,
  });
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    rps: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    requests: result['2xx'],
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Runs each target once, in order: JIT, memos and connection pools warm before measuring. */
export async function warmUp(base: URL, targets: Target[], options: LoadOptions): Promise<void> {
  for (const target of targets) {
    const m = await measure(base, target, options);
    if (m.failures > 0) throw new Error(`warm-up of ${target.name} (${target.path}) had ${m.failures} failed requests`);
  }
}

/**
 * Short runs of each target in turn, `rounds` times: every run of each target, in round order.
 * A machine busy with other work slows the targets of a round alike, so ratios taken within a
 * round stay meaningful (see ratioByRound).
 */
export async function measureRounds(
  base: URL,
  targets: Target[],
  rounds: number,
  options: LoadOptions,
): Promise<Map<string, Measurement[]>> {
  const runs = new Map<string, Measurement[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) runs.get(target.name)!.push(await measure(base, target, options));
  }
  return runs;
}

/** measureRounds, reduced to the median of each target. */
export async function measureInterleaved(
  base: URL,
  targets: Target[],
  rounds: number,
  options: LoadOptions,
): Promise<Map<string, Measurement>> {
  const runs = await measureRounds(base, targets, rounds, options);
  return new Map([...runs].map(([name, list]) => [name, medianMeasurement(list)]));
}

/**
 * The median over rounds of `of`'s figure ÷ `over`'s figure in the same round. A burst of other
 * work that spoils one target's run spoils one round's ratio, which the median drops.
 */
export function ratioByRound(runs: Map<string, Measurement[]>, of: string, over: string, field: 'rps' | 'mean' = 'rps'): number {
  const a = runs.get(of) ?? [];
  const b = runs.get(over) ?? [];
  if (a.length === 0 || a.length !== b.length) throw new Error(`ratioByRound: ${of} and ${over} need the same rounds`);
  return median(a.map((m, i) => m[field] / b[i]![field]));
}

/** Field by field median of several measurements. */
function medianMeasurement(list: Measurement[]): Measurement {
  return {
    rps: median(list.map((m) => m.rps)),
    p50: median(list.map((m) => m.p50)),
    p99: median(list.map((m) => m.p99)),
    mean: median(list.map((m) => m.mean)),
    requests: list.reduce((sum, m) => sum + m.requests, 0),
    failures: list.reduce((sum, m) => sum + m.failures, 0),
  };
}
