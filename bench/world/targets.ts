/** The design's targets, each checked on the after design's figures of one traffic level: met or not, with them. Pure. */
import { shareAbove } from './bootstrap.ts';
import { REGIONS } from './cities.ts';
import { type DesignMetrics, freshnessAfterUpload, freshnessAfterWrite, type Latency, percentiles, usage } from './metrics.ts';
import type { Random } from './sampling.ts';

export interface Limits {
  doRequestsPerSecondPerObject: number;
  freeWorkerRequestsPerDay: number;
  freeKvReadsPerDay: number;
}

export interface Check {
  target: string;
  met: boolean;
  figures: string;
  /** The parameters a figure that misses the target rests on. */
  dependsOn: string;
}

const f = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : '∞');
const MISSES =
  "how often a data centre misses both tiers (traffic, the hubs' places) and what a miss costs: the Worker at the upper tier, its isolate's start-up (measured on this machine) and idle life (300 s, an estimate), KV at the hub once per publish (calibrated)";

/** The regions where `design`'s page loads have a worse p95 or p99 than `anchor`'s: each with both pairs of figures. */
export function regionsWorse(design: Latency, anchor: Latency): string[] {
  return REGIONS.flatMap((region) => {
    const [a, s] = [percentiles(design.byRegion.get(region)!), percentiles(anchor.byRegion.get(region)!)];
    return a.p95 > s.p95 || a.p99 > s.p99 ? [`${region} ${f(a.p95)} / ${f(a.p99)} against ${f(s.p95)} / ${f(s.p99)}`] : [];
  });
}

/** A share of resamples above which a higher percentile is no accident: one side of a 95 % interval. */
const BEYOND_CHANCE = 0.975;

/**
 * The regions where `design`'s p95 or p99 is above `anchor`'s beyond chance: in at least 97.5 % of paired resamples of
 * the region's page loads (the same visits in both).
 */
export function regionsWorseBeyondChance(design: Latency, anchor: Latency, random: Random): string[] {
  return REGIONS.filter((region) =>
    [95, 99].some((p) => shareAbove(design.byRegion.get(region)!, anchor.byRegion.get(region)!, p, random) >= BEYOND_CHANCE),
  );
}

/** First visits' p50, p95 and p99 over the anchor's. */
export const firstVisitRatios = (design: Latency, anchor: Latency): number[] => {
  const [first, firstStatic] = [percentiles(design.firstVisitTtfb), percentiles(anchor.firstVisitTtfb)];
  return (['p50', 'p95', 'p99'] as const).map((p) => first[p] / firstStatic[p]);
};
const times = (ratios: number[]) => ratios.map((r) => `${r.toFixed(2)}×`).join(' / ');

/**
 * The latency targets. `control` is the static host again on the same visits with other draws of KV's latency: the same
 * checks applied to it against the anchor say how much of a miss is chance, as a design no worse than the anchor's
 * would fare.
 */
function latencyChecks(after: DesignMetrics, anchor: DesignMetrics, control: Latency | undefined): Check[] {
  const worse = regionsWorse(after, anchor);
  const [first, firstStatic] = [percentiles(after.firstVisitTtfb), percentiles(anchor.firstVisitTtfb)];
  const chance = (figure: (control: Latency) => string) =>
    control ? `; the static host against itself (the same visits, other KV draws): ${figure(control)}` : '';
  return [
    {
      target: "p95 and p99 at the data centre no worse than the static host's in every region",
      met: worse.length === 0,
      figures: `${worse.length === 0 ? 'every region' : `worse in ${worse.length} of ${REGIONS.length} (p95 / p99 ms): ${worse.join('; ')}`}${chance((c) => `worse in ${regionsWorse(c, anchor).length} of ${REGIONS.length}`)}`,
      dependsOn: MISSES,
    },
    {
      target: "first visit of a page in a region within 1.2× the static host's",
      met: firstVisitRatios(after, anchor).every((r) => r <= 1.2),
      figures: `p50 / p95 / p99 ${f(first.p50)} / ${f(first.p95)} / ${f(first.p99)} ms against ${f(firstStatic.p50)} / ${f(firstStatic.p95)} / ${f(firstStatic.p99)} ms: ${times(firstVisitRatios(after, anchor))}${chance((c) => times(firstVisitRatios(c, anchor)))}`,
      dependsOn: MISSES,
    },
  ];
}

function publishChecks(after: DesignMetrics): Check[] {
  const u = usage(after);
  const fresh = freshnessAfterUpload(after);
  const written = freshnessAfterWrite(after);
  return [
    {
      target: 'at most one KV round trip on a request that misses every cache',
      met: u.mostTrips <= 1,
      figures: `${u.twoTripRuns} of ${u.workerRuns} Worker runs made two or more (most: ${u.mostTrips})`,
      dependsOn: 'what the Worker reads on a miss (worker-profile.json): the manifest, which carries the entries and the search index',
    },
    {
      target:
        "publish visible at every data centre within 60 s of the upload's end at p99, and no data centre serving the old page after the new one",
      met: fresh.p99 <= 60 && after.oldAfterFreshAt.size === 0,
      figures: `from the upload's end (its last purge) p99 ${f(fresh.p99)} s, max ${f(fresh.max)} s; from its manifest write p99 ${f(written.p99)} s, max ${f(written.max)} s; ${after.oldAfterFreshAt.size} (publish, data centre) pairs served the old page after the new one`,
      dependsOn:
        "KV's propagation (30 s cacheTtl at the data centre and the regional tier) and the isolate's 5 s memo: a data centre that refills its cache with the old manifest before the purges again keeps it, and old pages, until the last, 71 s after the manifest write",
    },
  ];
}

/** The traffic levels the latency targets are set for. */
export const LATENCY_LEVELS: readonly number[] = [1_000, 10_000];

/** Targets of the traffic level (`control`: see latencyChecks): latency and publishing at 1,000 and 10,000 visits, the Worker's share at 10,000, the busiest second at 1,000,000. */
export function targetChecks(visits: number, runs: DesignMetrics[], limits: Limits, control?: Latency): Check[] {
  const after = runs.find((m) => m.design === 'after');
  const anchor = runs.find((m) => m.design === 'static');
  if (!after || !anchor) return [];
  const u = usage(after);
  const checks: Check[] = [];
  if (LATENCY_LEVELS.includes(visits)) checks.push(...latencyChecks(after, anchor, control), ...publishChecks(after));
  if (visits === 10_000)
    checks.push({
      target: 'at least 90 % of page and page-data requests answered without running the Worker',
      met: u.withoutWorkerShare >= 0.9,
      figures: `${(100 * u.withoutWorkerShare).toFixed(1)} %`,
      dependsOn: "requests per page per data centre and per upper tier (traffic, the hubs' places) and what each publish purges (its tags)",
    });
  if (visits === 1_000_000)
    checks.push({
      target: `busiest second under each per-object limit (the page-view Durable Object: ${limits.doRequestsPerSecondPerObject.toLocaleString('en')} requests a second)`,
      met: u.peakDo < limits.doRequestsPerSecondPerObject,
      figures: `${u.peakDo} requests at the busiest second`,
      dependsOn: 'page views per visit and the daily curve (its peak)',
    });
  return checks;
}
