/** The world model's tables, markdown: before, after and the static host with their ratios, after's variants and its bound, and the latency targets over several days. Pure. */
import { REGIONS } from './cities.ts';
import { type DesignMetrics, freshness, freshnessAfterUpload, type Latency, notFreshAtProbeEnd, percentiles, usage } from './metrics.ts';
import { type Design, MAIN_DESIGNS } from './params.ts';
import { randomFor } from './sampling.ts';
import { type Check, firstVisitRatios, type Limits, regionsWorse, regionsWorseBeyondChance, targetChecks } from './targets.ts';

export const DESIGN_LABELS: Record<Design, string> = {
  before: 'before: the Worker, 2 KV round trips, no cache in front',
  after: 'after: Workers Cache in front of the pages and the manifest, purges at 0, 65 (the manifest) and 71 s',
  static: 'static host (Workers Static Assets)',
  afterPurgeOnce: 'after, one purge, at once',
  afterTwoPurges: 'after, two purges of pages and manifest, at 0 and 65 s',
  afterShortTtl: 'after with s-maxage=30, stale-while-revalidate=300, no purge',
  afterCookieOnApi: 'after, with the XSRF cookie at Path=/api/_analog (on page HTML, page data and search)',
  afterCookieAtRoot: 'after, with the XSRF cookie at Path=/ (on page loads too)',
  afterManifestFromKv: 'after, the manifest read from KV (cacheTtl 30 s) instead of through Workers Cache',
  afterPlaced: 'after, the Worker placed at FRA: every run there',
  afterFreeStart: 'bound: after, its cold isolate free (no start-up, no first-request set-up)',
};

export const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : '–');
const s = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '> probe');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) && Number.isFinite(b) ? (a / b).toFixed(2) : '–');
const ratios = (a: number[], b: number[]) => a.map((x, i) => ratio(x, b[i]!)).join(' / ');
const three = (p: { p50: number; p95: number; p99: number }) => [p.p50, p.p95, p.p99];
const slash = (values: number[], f: (v: number) => string = ms) => values.map(f).join(' / ');
export const pct = (share: number) => `${(100 * share).toFixed(1)} %`;
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function ttfbTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const [a, af] = [three(percentiles(anchor.pageTtfb)), three(percentiles(anchor.firstVisitTtfb))];
  return table(
    ['design', 'p50 / p95 / p99 ms', '÷ static', 'first visit of a page in a region: p50 / p95 / p99 ms', '÷ static'],
    runs.map((m) => {
      const [p, f] = [three(percentiles(m.pageTtfb)), three(percentiles(m.firstVisitTtfb))];
      return [DESIGN_LABELS[m.design], slash(p), ratios(p, a), slash(f), ratios(f, af)];
    }),
  );
}

function regionTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const others = runs.filter((m) => m !== anchor);
  return table(
    ['region', 'page loads', ...runs.map((m) => `${m.design} p50 / p95 / p99 ms`), ...others.map((m) => `${m.design} ÷ static p95 / p99`)],
    REGIONS.map((region) => {
      const p = (m: DesignMetrics) => three(percentiles(m.byRegion.get(region)!));
      const a = p(anchor);
      return [
        region,
        anchor.byRegion.get(region)!.length,
        ...runs.map((m) => slash(p(m))),
        ...others.map((m) => ratios(p(m).slice(1), a.slice(1))),
      ];
    }),
  );
}

function freshnessTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const a = freshness(anchor);
  return table(
    [
      'design',
      'from the publish: p50 / p99 / max s',
      "from the upload's end: p99 / max s",
      "pairs of publish and data centre still old at the probe's end",
      'pairs that served an old page after the new one',
      'such answers',
      'stale answers per 1,000',
      '÷ static p50 / p99 / max',
    ],
    runs.map((m) => {
      const [f, u] = [freshness(m), freshnessAfterUpload(m)];
      return [
        DESIGN_LABELS[m.design],
        slash([f.p50, f.p99, f.max], s),
        m.design === 'static' ? '–' : slash([u.p99, u.max], s),
        notFreshAtProbeEnd(m),
        m.oldAfterFreshAt.size,
        m.oldAfterFresh,
        ((1000 * m.staleAnswers) / Math.max(1, m.pageAnswers)).toFixed(1),
        ratios([f.p50, f.p99, f.max], [a.p50, a.p99, a.max]),
      ];
    }),
  );
}

function usageTable(runs: DesignMetrics[], anchor: DesignMetrics, limits: Limits): string {
  const a = usage(anchor);
  const n = (v: number) => v.toFixed(0);
  const ofLimit = (v: number, limit: number) => `${v.toLocaleString('en')} (${((100 * v) / limit).toFixed(1)} %)`;
  return table(
    [
      'design',
      'page and page-data requests answered without the Worker',
      'per 1,000 page views: Worker invocations / KV reads / DO requests',
      'Worker runs with 2+ KV round trips in sequence (most)',
      `busiest second: invocations / KV reads (no per-second limit documented) / DO requests (÷ ${limits.doRequestsPerSecondPerObject.toLocaleString('en')}/s per object)`,
      'per day: invocations / KV reads (÷ Free plan)',
      '÷ static: invocations / KV reads',
    ],
    runs.map((m) => {
      const u = usage(m);
      return [
        DESIGN_LABELS[m.design],
        pct(u.withoutWorkerShare),
        slash([u.invocationsPer1000, u.kvReadsPer1000, u.doPer1000], n),
        `${u.twoTripRuns.toLocaleString('en')} of ${u.workerRuns.toLocaleString('en')} (${u.mostTrips})`,
        `${u.peakInvocations} / ${u.peakKvReads} / ${ofLimit(u.peakDo, limits.doRequestsPerSecondPerObject)}`,
        `${ofLimit(u.invocationsPerDay, limits.freeWorkerRequestsPerDay)} / ${ofLimit(u.kvReadsPerDay, limits.freeKvReadsPerDay)}`,
        ratios([u.invocationsPer1000, u.kvReadsPer1000], [a.invocationsPer1000, a.kvReadsPer1000]),
      ];
    }),
  );
}

function variantTable(runs: DesignMetrics[], anchor: DesignMetrics): string {
  const firstStatic = three(percentiles(anchor.firstVisitTtfb));
  return table(
    [
      'variant',
      'page loads p50 / p95 / p99 ms',
      "regions whose p95 or p99 is worse than the static host's",
      'first visit p50 / p95 / p99 ms (÷ static)',
      'fresh everywhere from the publish: p50 / p99 / max s',
      "pairs of publish and data centre still old at the probe's end",
      'pairs that served an old page after the new one',
      'without the Worker',
      'Worker invocations / 1,000 page views',
    ],
    runs.map((m) => {
      const u = usage(m);
      const f = freshness(m);
      return [
        DESIGN_LABELS[m.design],
        slash(three(percentiles(m.pageTtfb))),
        regionsWorse(m, anchor).length,
        `${slash(three(percentiles(m.firstVisitTtfb)))} (${ratios(three(percentiles(m.firstVisitTtfb)), firstStatic)})`,
        slash([f.p50, f.p99, f.max], s),
        notFreshAtProbeEnd(m),
        m.oldAfterFreshAt.size,
        pct(u.withoutWorkerShare),
        u.invocationsPer1000.toFixed(0),
      ];
    }),
  );
}

/** Several days' page loads as one sample per design: what is left of a difference once chance has had its say. */
export interface PooledDays {
  seeds: string;
  anchor: Latency;
  /** The static host again on other KV draws, and the designs, each pooled over the same days. */
  control: Latency;
  designs: { design: Design; latency: Latency }[];
}

/** The bootstrap's own seed: the same draws for every design, so that their verdicts differ by their samples alone. */
const BOOTSTRAP_SEED = 7;

export function pooledTable({ seeds, anchor, control, designs }: PooledDays): string {
  const rows: [string, Latency][] = [
    ...designs.map(({ design, latency }): [string, Latency] => [DESIGN_LABELS[design], latency]),
    ['the static host against itself (the same visits, other KV draws)', control],
  ];
  return [
    `The latency targets over ${seeds}, each design's page loads pooled (the tables above are of one day):`,
    '',
    table(
      [
        'design',
        "regions whose p95 or p99 is worse than the static host's",
        'of them beyond chance (paired bootstrap, 97.5 %)',
        'first visit p50 / p95 / p99 ÷ static',
      ],
      rows.map(([label, latency]) => [
        label,
        `${regionsWorse(latency, anchor).length} of ${REGIONS.length}`,
        regionsWorseBeyondChance(latency, anchor, randomFor(BOOTSTRAP_SEED)).join(', ') || 'none',
        firstVisitRatios(latency, anchor)
          .map((r) => r.toFixed(2))
          .join(' / '),
      ]),
    ),
  ].join('\n');
}

const checkLine = (c: Check) =>
  `- ${c.met ? 'met' : '**not met**'}: ${c.target}: ${c.figures}${c.met ? '' : `. Depends on ${c.dependsOn}.`}`;

/** The tables of one traffic level, then the targets that apply to it (`control`: the static host on other KV draws). */
export function levelReport(visits: number, runs: DesignMetrics[], limits: Limits, probeS: number, control?: Latency): string {
  const main = MAIN_DESIGNS.map((d) => runs.find((m) => m.design === d)!);
  const anchor = main.find((m) => m.design === 'static')!;
  const variants = runs.filter((m) => m.design === 'after' || !MAIN_DESIGNS.includes(m.design));
  const checks = targetChecks(visits, runs, limits, control);
  return [
    `### ${visits.toLocaleString('en')} visits a day`,
    '',
    'Time to first byte at the data centre, page loads (home, article, index):',
    '',
    ttfbTable(main, anchor),
    '',
    'By region, page loads:',
    '',
    regionTable(main, anchor),
    '',
    `Freshness: seconds until every answer a publish changed (article, its page HTML and page data, home, index) is new at a data centre, over every data centre and publish (probed for ${probeS} s):`,
    '',
    freshnessTable(main, anchor),
    '',
    'Work, against the documented limits:',
    '',
    usageTable(main, anchor, limits),
    '',
    'Variants of after, one change each, then a bound (what after would give if its cold start cost nothing):',
    '',
    variantTable(variants, anchor),
    '',
    ...(checks.length > 0 ? ['Targets (after):', '', ...checks.map(checkLine), ''] : []),
  ].join('\n');
}
