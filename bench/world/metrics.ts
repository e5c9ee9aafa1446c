/** What a run of one design collects, and the figures the report takes from it. Pure. */
import { REGIONS, type Region } from './cities.ts';
import type { Design } from './params.ts';
import { percentile } from './sampling.ts';

export interface DesignMetrics {
  design: Design;
  visits: number;
  /** Time to first byte at the data centre of page loads (home, article, index), ms; and by region. */
  pageTtfb: number[];
  byRegion: Map<Region, number[]>;
  /** The same, for the first load of each version of a page in each region. */
  firstVisitTtfb: number[];
  /** Per second of the day. */
  invocations: Int32Array;
  kvReads: Int32Array;
  doRequests: Int32Array;
  /** Per publish, per data centre: seconds from the publish until a request there gets the new page (NaN: not within the probe). */
  freshAt: Float64Array[];
  /** Answers of a page older than its latest published version, and those given after the data centre had the new one. */
  pageAnswers: number;
  staleAnswers: number;
  oldAfterFresh: number;
}

const SECONDS = 86_400;
export const secondOf = (ms: number): number => Math.min(SECONDS - 1, Math.floor(ms / 1000));

export function emptyMetrics(design: Design, visits: number, publishes: number, dataCentres: number): DesignMetrics {
  return {
    design,
    visits,
    pageTtfb: [],
    byRegion: new Map(REGIONS.map((r) => [r, []])),
    firstVisitTtfb: [],
    invocations: new Int32Array(SECONDS),
    kvReads: new Int32Array(SECONDS),
    doRequests: new Int32Array(SECONDS),
    freshAt: Array.from({ length: publishes }, () => new Float64Array(dataCentres).fill(Number.NaN)),
    pageAnswers: 0,
    staleAnswers: 0,
    oldAfterFresh: 0,
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

const sum = (values: Int32Array) => values.reduce((a, b) => a + b, 0);
const max = (values: Int32Array) => values.reduce((a, b) => Math.max(a, b), 0);

/** Per 1,000 visits and at the busiest second. */
export function usage(m: DesignMetrics) {
  const per1000 = (values: Int32Array) => (sum(values) * 1000) / m.visits;
  return {
    invocationsPer1000: per1000(m.invocations),
    kvReadsPer1000: per1000(m.kvReads),
    doPer1000: per1000(m.doRequests),
    invocationsPerDay: sum(m.invocations),
    kvReadsPerDay: sum(m.kvReads),
    peakInvocations: max(m.invocations),
    peakKvReads: max(m.kvReads),
    peakDo: max(m.doRequests),
  };
}

/** Seconds until each data centre serves the new page, over every publish; a data centre never fresh in the probe counts as Infinity. */
export function freshness(m: DesignMetrics): Percentiles & { max: number } {
  const all = m.freshAt.flatMap((row) => Array.from(row, (s) => (Number.isNaN(s) ? Number.POSITIVE_INFINITY : s)));
  return { ...percentiles(all), max: all.reduce((a, b) => Math.max(a, b), 0) };
}
