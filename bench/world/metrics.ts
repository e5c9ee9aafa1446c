/** What a run of one design collects, and the figures the report takes from it. Pure. */
import { REGIONS, type Region } from './cities.ts';
import type { Design } from './params.ts';
import { percentile } from './sampling.ts';

export interface DesignMetrics {
  design: Design;
  visits: number;
  /** Page-view beacons sent: a page load or an in-place navigation each. */
  pageViews: number;
  /** Time to first byte at the data centre of page loads (home, article, index), ms; and by region. */
  pageTtfb: number[];
  byRegion: Map<Region, number[]>;
  /** The same, for the first load of each version of a page in each region. */
  firstVisitTtfb: number[];
  /** Page, page-HTML and page-data requests answered without running the Worker (of `pageAnswers`). */
  withoutWorker: number;
  /** Worker runs by their KV round trips in sequence: 0, 1, 2, 3 or more. */
  kvRounds: Int32Array;
  /** Per second of the day. */
  invocations: Int32Array;
  kvReads: Int32Array;
  doRequests: Int32Array;
  /**
   * Per publish, per data centre: seconds from the publish until every answer there that the publish changed (its
   * article's page, page HTML and page data, the home page, the index) is new (NaN: not within the probe).
   */
  freshAt: Float64Array[];
  /** Seconds from a publish to its manifest write, and to the upload's end (then, or after its last purge). */
  manifestWriteS: number;
  uploadEndS: number;
  /**
   * Page, page-HTML and page-data answers; those older than the page's latest published version; those given after the
   * data centre had the new one, and at which (publish, data centre).
   */
  pageAnswers: number;
  staleAnswers: number;
  oldAfterFresh: number;
  oldAfterFreshAt: Set<number>;
}

const SECONDS = 86_400;
export const secondOf = (ms: number): number => Math.min(SECONDS - 1, Math.floor(ms / 1000));

export function emptyMetrics(
  design: Design,
  visits: number,
  publishes: number,
  dataCentres: number,
  { manifestWriteS, uploadEndS }: { manifestWriteS: number; uploadEndS: number },
): DesignMetrics {
  return {
    design,
    visits,
    pageViews: 0,
    pageTtfb: [],
    byRegion: new Map(REGIONS.map((r) => [r, []])),
    firstVisitTtfb: [],
    withoutWorker: 0,
    kvRounds: new Int32Array(4),
    invocations: new Int32Array(SECONDS),
    kvReads: new Int32Array(SECONDS),
    doRequests: new Int32Array(SECONDS),
    freshAt: Array.from({ length: publishes }, () => new Float64Array(dataCentres).fill(Number.NaN)),
    manifestWriteS,
    uploadEndS,
    pageAnswers: 0,
    staleAnswers: 0,
    oldAfterFresh: 0,
    oldAfterFreshAt: new Set(),
  };
}

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

export const percentiles = (values: ArrayLike<number>): Percentiles => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
});

/** What the latency figures read: page loads, by region, and first visits. */
export type Latency = Pick<DesignMetrics, 'pageTtfb' | 'byRegion' | 'firstVisitTtfb'>;

/** The latency of several days of one design as one sample: each day's page loads and first visits together. */
export function pooledLatency(days: readonly Latency[]): Latency {
  const byRegion = new Map(REGIONS.map((r) => [r, days.flatMap((d) => d.byRegion.get(r) ?? [])]));
  return { pageTtfb: days.flatMap((d) => d.pageTtfb), byRegion, firstVisitTtfb: days.flatMap((d) => d.firstVisitTtfb) };
}

const sum = (values: Int32Array) => values.reduce((a, b) => a + b, 0);
const max = (values: Int32Array) => values.reduce((a, b) => Math.max(a, b), 0);

/** Per 1,000 page views (their beacons included), at the busiest second, and the share answered without the Worker. */
export function usage(m: DesignMetrics) {
  const perPageViews = (values: Int32Array) => (sum(values) * 1000) / Math.max(1, m.pageViews);
  const runs = sum(m.kvRounds);
  return {
    withoutWorkerShare: m.withoutWorker / Math.max(1, m.pageAnswers),
    invocationsPer1000: perPageViews(m.invocations),
    kvReadsPer1000: perPageViews(m.kvReads),
    doPer1000: perPageViews(m.doRequests),
    invocationsPerDay: sum(m.invocations),
    kvReadsPerDay: sum(m.kvReads),
    peakInvocations: max(m.invocations),
    peakKvReads: max(m.kvReads),
    peakDo: max(m.doRequests),
    /** Worker runs, and those with two KV round trips in sequence or more; the most any made. */
    workerRuns: runs,
    twoTripRuns: runs - m.kvRounds[0]! - m.kvRounds[1]!,
    mostTrips: m.kvRounds.reduce((most, n, trips) => (n > 0 ? trips : most), 0),
  };
}

/** Seconds until each data centre serves the new page, over every publish; a data centre never fresh in the probe counts as Infinity. */
export function freshness(m: DesignMetrics): Percentiles & { max: number } {
  const all = m.freshAt.flatMap((row) => Array.from(row, (s) => (Number.isNaN(s) ? Number.POSITIVE_INFINITY : s)));
  return { ...percentiles(all), max: all.reduce((a, b) => Math.max(a, b), 0) };
}

/** Pairs of publish and data centre still not fresh when the probe ends. */
export const notFreshAtProbeEnd = (m: DesignMetrics): number => m.freshAt.reduce((n, row) => n + row.filter(Number.isNaN).length, 0);

/** The same from a moment of the upload (seconds after the publish's start) rather than the publish's start. */
function freshnessAfter(m: DesignMetrics, fromS: number): Percentiles & { max: number } {
  const f = freshness(m);
  // A data centre that had the new page before that moment (a cold one, say) counts as 0.
  const less = (s: number) => Math.max(0, s - fromS);
  return { p50: less(f.p50), p95: less(f.p95), p99: less(f.p99), max: less(f.max) };
}
/** From the upload's end: its manifest write, or its last purge when a cache is in front. */
export const freshnessAfterUpload = (m: DesignMetrics) => freshnessAfter(m, m.uploadEndS);
/** From the manifest write. */
export const freshnessAfterWrite = (m: DesignMetrics) => freshnessAfter(m, m.manifestWriteS);
