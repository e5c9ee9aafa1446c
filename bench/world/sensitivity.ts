/** The conclusions the tables support, each from intervals over seeds, and each assumed input halved and doubled (booleans flipped). Pure. */
import type { Day } from './day.ts';
import type { Sizes } from './inputs.ts';
import { tInterval } from './interval.ts';
import type { Params } from './params.ts';

export type Verdict = 'yes' | 'no' | 'unsure';
/** A level's days, one per seed. */
export type Levels = Map<number, Day[]>;

/** Documented Free plan limits: 100,000 Worker requests a day, 100,000 KV reads a day. */
export const FREE_PLAN = {
  requests: 100_000,
  kvReads: 100_000,
  source: 'https://developers.cloudflare.com/workers/platform/limits/, https://developers.cloudflare.com/kv/platform/limits/',
};

export const quantile = (values: readonly number[], q: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** Yes when the interval of `values` lies at or below 0, no when above, else unsure. */
export function atMostZero(values: readonly number[]): Verdict {
  const { low, high } = tInterval(values);
  return high <= 0 ? 'yes' : low > 0 ? 'no' : 'unsure';
}
const every = (verdicts: Verdict[]): Verdict => (verdicts.includes('no') ? 'no' : verdicts.includes('unsure') ? 'unsure' : 'yes');
const days = (levels: Levels, visits: number) => levels.get(visits) ?? [];
const latency = (q: number, visits: number) => (levels: Levels) =>
  atMostZero(days(levels, visits).map((d) => quantile(d.worker, q) - quantile(d.static, q)));

export const CONCLUSIONS: { name: string; verdict: (levels: Levels, p: Params) => Verdict }[] = [
  { name: 'Worker p95 <= static p95 at 1,000 visits', verdict: latency(0.95, 1000) },
  { name: 'Worker p99 <= static p99 at 1,000 visits', verdict: latency(0.99, 1000) },
  { name: 'Worker p95 <= static p95 at 10,000 visits', verdict: latency(0.95, 10_000) },
  { name: 'Worker p99 <= static p99 at 10,000 visits', verdict: latency(0.99, 10_000) },
  { name: 'Worker p99 <= static p99 at 1,000,000 visits', verdict: latency(0.99, 1e6) },
  {
    name: 'fresh everywhere within 90 s',
    verdict: (levels) => every([...levels.values()].map((ds) => atMostZero(ds.map((d) => d.freshMaxS - 90)))),
  },
  {
    name: 'fresh everywhere before the static host',
    verdict: (levels, p) =>
      every([...levels.values()].map((ds) => atMostZero(ds.map((d) => d.freshMaxS - p.staticHost.rebuildS - p.staticHost.deployS)))),
  },
  {
    name: 'KV reads within the Free plan at 1,000,000 visits',
    verdict: (levels) => atMostZero(days(levels, 1e6).map((d) => d.kvReadsPerDay - FREE_PLAN.kvReads)),
  },
  {
    name: 'Worker requests within the Free plan at 1,000,000 visits',
    verdict: (levels) => atMostZero(days(levels, 1e6).map((d) => d.invocationsPerDay - FREE_PLAN.requests)),
  },
];

export interface Variant {
  input: string;
  change: string;
  params: Params;
  sizes: Sizes;
}

/** Each assumed input halved and doubled, booleans flipped; measured inputs (cold CPU, index size) too. */
export function variants(p: Params, sizes: Sizes): Variant[] {
  const scaled = (input: string, vary: (k: number) => { params?: Partial<Params>; sizes?: Partial<Sizes> }): Variant[] =>
    (
      [
        ['halved', 0.5],
        ['doubled', 2],
      ] as const
    ).map(([change, k]) => {
      const v = vary(k);
      return { input, change, params: { ...p, ...v.params }, sizes: { ...sizes, ...v.sizes } };
    });
  return [
    ...scaled('traffic mix: article page loads a visit', (k) => ({ params: { mix: { ...p.mix, article: p.mix.article * k } } })),
    ...scaled('KV latency fit: published p95 and p99', (k) => ({ params: { kv: { ...p.kv, p95: p.kv.p95 * k, p99: p.kv.p99 * k } } })),
    ...scaled('eviction time (so the hit shares)', (k) => ({ params: { evictionS: p.evictionS * k } })),
    {
      input: 'loopback tiered like a visitor request',
      change: p.loopbackTiered ? 'off' : 'on',
      params: { ...p, loopbackTiered: !p.loopbackTiered },
      sizes,
    },
    ...scaled("static host's rebuild", (k) => ({ params: { staticHost: { ...p.staticHost, rebuildS: p.staticHost.rebuildS * k } } })),
    ...scaled('cold-isolate CPU (measured)', (k) => ({
      sizes: { coldArticle: { ...sizes.coldArticle, cpuMs: sizes.coldArticle.cpuMs * k } },
    })),
    ...scaled('index size (measured)', (k) => ({ sizes: { indexBytes: sizes.indexBytes * k } })),
    ...scaled('deploys a day', (k) => ({ params: { deploysPerDay: p.deploysPerDay * k } })),
    ...scaled('publishes a day', (k) => ({ params: { publishesPerDay: p.publishesPerDay * k } })),
    ...scaled('cookie share', (k) => ({ params: { cookieShare: Math.min(1, p.cookieShare * k) } })),
    ...scaled('round trip to the upper tier', (k) => ({
      params: { regions: p.regions.map((r) => ({ ...r, upperTierRttMs: r.upperTierRttMs * k })) },
    })),
    ...scaled('isolate idle time', (k) => ({ params: { isolateIdleS: p.isolateIdleS * k } })),
    ...[0.5, 0.9].map((nearShare) => ({
      input: "KV's near share (reads its caches answer)",
      change: `${p.kv.nearShare} → ${nearShare}`,
      params: { ...p, kv: { ...p.kv, nearShare } },
      sizes,
    })),
  ];
}
