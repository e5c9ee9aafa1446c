/** The world model's tables, markdown, each design beside the static host with their ratio. Pure. */
import { REGIONS } from './cities.ts';
import { type DesignMetrics, freshness, percentiles, usage } from './metrics.ts';
import type { Design } from './params.ts';

export const DESIGN_LABELS: Record<Design, string> = {
  today: "today's Worker (measured)",
  workersCache: 'Worker + Workers Cache, purge 65 s after the manifest',
  workersCacheEarlyPurge: 'Worker + Workers Cache, purge at once',
  static: 'static host (Workers Static Assets)',
};

export interface Limits {
  doRequestsPerSecondPerObject: number;
  freeWorkerRequestsPerDay: number;
  freeKvReadsPerDay: number;
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : '–');
const s = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : `> probe`);
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) && Number.isFinite(b) ? `${(a / b).toFixed(2)}` : '–');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function ttfbTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const a = percentiles(anchor.pageTtfb);
  const af = percentiles(anchor.firstVisitTtfb);
  return table(
    [
      'design',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'first visit of a page in a region: p50 / p95 ms',
      '÷ static p50 / p95 / p99',
      '÷ static, first visit p50 / p95',
    ],
    runs.map((m) => {
      const p = percentiles(m.pageTtfb);
      const f = percentiles(m.firstVisitTtfb);
      return [
        DESIGN_LABELS[m.design],
        ms(p.p50),
        ms(p.p95),
        ms(p.p99),
        `${ms(f.p50)} / ${ms(f.p95)}`,
        `${ratio(p.p50, a.p50)} / ${ratio(p.p95, a.p95)} / ${ratio(p.p99, a.p99)}`,
        `${ratio(f.p50, af.p50)} / ${ratio(f.p95, af.p95)}`,
      ];
    }),
  );
}

function regionTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const others = runs.filter((m) => m !== anchor);
  return table(
    [
      'region',
      'page loads',
      ...others.map((m) => `${m.design} p50 / p95 ms`),
      'static p50 / p95 ms',
      ...others.map((m) => `${m.design} ÷ static p95`),
    ],
    REGIONS.map((region) => {
      const a = percentiles(anchor.byRegion.get(region)!);
      const p = others.map((m) => percentiles(m.byRegion.get(region)!));
      return [
        region,
        anchor.byRegion.get(region)!.length,
        ...p.map((x) => `${ms(x.p50)} / ${ms(x.p95)}`),
        `${ms(a.p50)} / ${ms(a.p95)}`,
        ...p.map((x) => ratio(x.p95, a.p95)),
      ];
    }),
  );
}

function freshnessTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const a = freshness(anchor);
  return table(
    [
      'design',
      'p50 s',
      'p99 s',
      'max s',
      'stale answers per 1,000 page answers',
      'old page after the data centre had the new one',
      '÷ static p50 / p99 / max',
    ],
    runs.map((m) => {
      const f = freshness(m);
      return [
        DESIGN_LABELS[m.design],
        s(f.p50),
        s(f.p99),
        s(f.max),
        ((1000 * m.staleAnswers) / Math.max(1, m.pageAnswers)).toFixed(1),
        m.oldAfterFresh,
        `${ratio(f.p50, a.p50)} / ${ratio(f.p99, a.p99)} / ${ratio(f.max, a.max)}`,
      ];
    }),
  );
}

function usageTable(runs: DesignMetrics[], anchor: DesignMetrics, limits: Limits): string {
  const a = usage(anchor);
  return table(
    [
      'design',
      'Worker invocations / 1,000 visits',
      'KV reads / 1,000 visits',
      'DO requests / 1,000 visits',
      'busiest second: invocations / KV reads / DO',
      'per day: invocations / KV reads',
      '÷ static: invocations / KV reads',
    ],
    runs.map((m) => {
      const u = usage(m);
      return [
        DESIGN_LABELS[m.design],
        u.invocationsPer1000.toFixed(0),
        u.kvReadsPer1000.toFixed(0),
        u.doPer1000.toFixed(0),
        `${u.peakInvocations} / ${u.peakKvReads} / ${u.peakDo} (DO ${((100 * u.peakDo) / limits.doRequestsPerSecondPerObject).toFixed(1)} % of its limit)`,
        `${u.invocationsPerDay.toLocaleString('en')} (${((100 * u.invocationsPerDay) / limits.freeWorkerRequestsPerDay).toFixed(0)} % of Free) / ${u.kvReadsPerDay.toLocaleString('en')} (${((100 * u.kvReadsPerDay) / limits.freeKvReadsPerDay).toFixed(0)} % of Free)`,
        `${ratio(u.invocationsPer1000, a.invocationsPer1000)} / ${ratio(u.kvReadsPer1000, a.kvReadsPer1000)}`,
      ];
    }),
  );
}

/** The four tables of one traffic level. */
export function levelReport(visits: number, runs: DesignMetrics[], limits: Limits): string {
  const anchor = runs.find((m) => m.design === 'static')!;
  return [
    `### ${visits.toLocaleString('en')} visits a day`,
    '',
    'Time to first byte at the data centre, page loads (home, article, index):',
    '',
    ttfbTable(runs, anchor),
    '',
    'By region, page loads:',
    '',
    regionTable(runs, anchor),
    '',
    'Freshness: seconds from a publish until a data centre serves the new page, over every data centre and publish:',
    '',
    freshnessTable(runs, anchor),
    '',
    'Usage, against the documented limits:',
    '',
    usageTable(runs, anchor, limits),
    '',
  ].join('\n');
}
