/**
 * The KV latency the model gives reads that leave a data centre, against the figures Cloudflare published for Europe,
 * Asia, Africa and the Middle East (changelog 2025-08-22: p95 about 50 ms, p99 about 250 ms). Pure.
 */
import type { Region } from './cities.ts';
import type { Node } from './network.ts';
import type { WorldParams } from './params.ts';
import { cumulative, logNormal, percentile, pick, randomFor } from './sampling.ts';

export const PUBLISHED_KV = { p95: 50, p99: 250, regions: ['Europe', 'Asia', 'Africa', 'Middle East'] as Region[] };

/**
 * `samples` reads at the binding, from the data centres of `regions` weighted by their visitors: the data centre's cache
 * answers `calibrationLocalHitShare` of them; of the others, the regional tier `calibrationRegionalHitShare`, the
 * central store the rest. The changelog gives neither share: both are estimates.
 */
export function kvReadLatencies(nodes: readonly Node[], params: WorldParams, regions: readonly Region[], samples = 50_000): Float64Array {
  const random = randomFor(params.seed);
  const chosen = nodes.filter((n) => regions.includes(n.region));
  const perRegion = new Map<Region, number>();
  for (const n of chosen) perRegion.set(n.region, (perRegion.get(n.region) ?? 0) + 1);
  const sums = cumulative(chosen.map((n) => params.regionWeights[n.region] / perRegion.get(n.region)!));
  const { kv } = params;
  const out = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const node = chosen[pick(sums, random)]!;
    const toTier = node.toHubMs + kv.tierServiceMs;
    if (random() < kv.calibrationLocalHitShare) {
      out[i] = kv.localHitMs;
      continue;
    }
    out[i] =
      random() < kv.calibrationRegionalHitShare ? toTier : toTier + node.hubToStoreMs + logNormal(random, kv.storeMedianMs, kv.storeSigma);
  }
  return out;
}

export function kvReadPercentiles(nodes: readonly Node[], params: WorldParams, regions = PUBLISHED_KV.regions, samples = 50_000) {
  const latencies = kvReadLatencies(nodes, params, regions, samples);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/**
 * The store's median and sigma on a grid that bring p95 and p99 nearest the published ones (relative error): how the
 * defaults of params.ts were found (`npx node bench/world/run.ts --calibrate`).
 */
export function fitStore(nodes: readonly Node[], params: WorldParams): { storeMedianMs: number; storeSigma: number } {
  let best = { storeMedianMs: params.kv.storeMedianMs, storeSigma: params.kv.storeSigma, error: Number.POSITIVE_INFINITY };
  for (let median = 2; median <= 80; median += 2) {
    for (let sigma = 0.4; sigma <= 2.4; sigma += 0.1) {
      const trial = { ...params, kv: { ...params.kv, storeMedianMs: median, storeSigma: sigma } };
      const { p95, p99 } = kvReadPercentiles(nodes, trial, PUBLISHED_KV.regions, 10_000);
      const error = Math.abs(p95 / PUBLISHED_KV.p95 - 1) + Math.abs(p99 / PUBLISHED_KV.p99 - 1);
      if (error < best.error) best = { storeMedianMs: median, storeSigma: Math.round(sigma * 100) / 100, error };
    }
  }
  return { storeMedianMs: best.storeMedianMs, storeSigma: best.storeSigma };
}
