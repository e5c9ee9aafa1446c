/**
 * The benchmark's target lines (bench/README.md, Targets), each judged only on figures that were measured: a figure
 * missing, zero or NaN, or a run with errors, fails the target instead of meeting it. Pure.
 */
import { kb } from '../../scripts/client-weight.ts';
import type { LighthouseRun } from './lighthouse.ts';
import type { Measurement } from './load.ts';
import { latencyGrowth, TARGETS, verdict } from './report.ts';
import type { SiteRun, TargetName, UploadTiming } from './site-run.ts';
import type { PageWeight } from './weight.ts';

/** What a target line judges: figures (nothing when zero), counts (zero a result), and the errors behind them. */
export interface Judged {
  /** Throughput, latency, bytes, times, scores: zero means nothing was measured. */
  figures: readonly (number | undefined)[];
  /** Reads or writes counted, for which zero is an answer. */
  counts?: readonly (number | undefined)[];
  /** Failed requests of the runs that measured them. */
  errors: number;
}

const measured = (n: number | undefined, zeroIsAnswer: boolean) => n !== undefined && Number.isFinite(n) && (zeroIsAnswer || n !== 0);

/** "fails: N errors" or "fails: no figure" when the figures cannot be trusted, else `verdict(ok)`. */
export function judge({ figures, counts = [], errors }: Judged, ok: boolean): string {
  if (errors > 0) return `fails: ${errors.toLocaleString('en')} error${errors === 1 ? '' : 's'}`;
  const whole = figures.every((n) => measured(n, false)) && counts.every((n) => measured(n, true));
  return whole && figures.length + counts.length > 0 ? verdict(ok) : 'fails: no figure';
}

/** The parts of a site's run the target lines read. */
export type RunFigures = Pick<SiteRun, 'label' | 'results' | 'kv' | 'error'>;

const result = (run: RunFigures, name: TargetName): Measurement | undefined => run.results.get(name);
/** Failed requests of the named targets, and each failed publish (a size that was never measured). */
const failures = (runs: readonly RunFigures[], names: TargetName[]) =>
  runs.reduce((sum, run) => sum + (run.error ? 1 : 0) + names.reduce((n, name) => n + (result(run, name)?.failures ?? 0), 0), 0);
const two = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

/** Article SSR requests a second ÷ the static floor's, on real content and at each size. */
export function floorLine(real: RunFigures, bySize: readonly RunFigures[]): string {
  const runs = [real, ...bySize];
  const ratio = (run: RunFigures) => (result(run, 'article')?.rps ?? Number.NaN) / (result(run, 'floor')?.rps ?? Number.NaN);
  const judged = {
    figures: runs.flatMap((r) => [result(r, 'article')?.rps, result(r, 'floor')?.rps]),
    errors: failures(runs, ['article', 'floor']),
  };
  const figures = `${two(ratio(real))} on content/, ${bySize.map((r) => `${two(ratio(r))} at ${r.label}`).join(', ')}`;
  return `- article SSR ÷ floor ≥ ${TARGETS.articleToFloor}: ${figures}: ${judge(
    judged,
    runs.every((r) => ratio(r) >= TARGETS.articleToFloor),
  )}`;
}

/** Mean latency at the largest size ÷ at the smallest, of the index and the article. */
export function latencyLine(bySize: readonly RunFigures[]): string {
  const ends = bySize.length > 0 ? [bySize[0]!, bySize.at(-1)!] : [];
  const [index, article] = [latencyGrowth(bySize, 'index'), latencyGrowth(bySize, 'article')];
  const judged = {
    figures: ends.flatMap((r) => (['index', 'article'] as const).flatMap((n) => [result(r, n)?.mean, result(r, n)?.rps])),
    errors: failures(ends, ['index', 'article']),
  };
  const ok = index <= TARGETS.latencyGrowth && article <= TARGETS.latencyGrowth;
  return `- latency at ${ends[1]?.label} within ${TARGETS.latencyGrowth}× of ${ends[0]?.label}: index ${two(index)}×, article ${two(article)}×: ${judge(judged, ok)}`;
}

/** KV reads counted at the binding: a cold request within its bound and the same request again none, at every size. */
export function kvReadsLine(bySize: readonly RunFigures[]): string {
  const ok = bySize.every(
    (r) =>
      r.kv.indexCold <= TARGETS.indexColdReads &&
      r.kv.articleCold <= TARGETS.articleColdReads &&
      r.kv.articleWarm === 0 &&
      r.kv.indexWarm === 0,
  );
  // A cold request reads at least once: zero there is a request that never ran.
  const judged = {
    figures: bySize.flatMap((r) => [r.kv.indexCold, r.kv.articleCold]),
    counts: bySize.flatMap((r) => [r.kv.articleWarm, r.kv.indexWarm]),
    errors: failures(bySize, []),
  };
  const figures = bySize.map((r) => `${r.kv.indexCold}/${r.kv.articleCold} at ${r.label}`).join(', ');
  return `- KV reads: index ≤ ${TARGETS.indexColdReads} and article ≤ ${TARGETS.articleColdReads} cold (${figures}), 0 again, at every size: ${judge(judged, ok)}`;
}

/** The second upload of unchanged content writes no entry. */
export function uploadLine(upload: UploadTiming): string {
  const judged = { figures: [upload.firstMs, upload.secondMs, upload.firstWritten], counts: [upload.secondWritten], errors: 0 };
  return `- upload: second run writes 0 entries in ${two(upload.secondMs / upload.firstMs)} of the first's time: ${judge(judged, upload.secondWritten === 0)}`;
}

/** An article's first load and the next navigation's page data, gzip. */
export function weightLines(article: PageWeight): string[] {
  const first = article.total + article.fonts;
  const firstJudged = { figures: [article.total, article.fonts], errors: 0 };
  const nextJudged = { figures: [article.nextNavigation], errors: 0 };
  return [
    `- article first load < ${TARGETS.articleKb} KB gzip: ${kb(article.total)} KB (${kb(first)} KB with the font): ${judge(firstJudged, first < TARGETS.articleKb * 1000)}`,
    `- next navigation < ${TARGETS.navigationKb} KB gzip: ${kb(article.nextNavigation)} KB: ${judge(nextJudged, article.nextNavigation < TARGETS.navigationKb * 1000)}`,
  ];
}

/** Every Lighthouse category of every page at the target score. */
export function lighthouseLine(runs: readonly LighthouseRun[]): string {
  const scores = runs.flatMap((r) => Object.values(r.scores));
  return `- Lighthouse ${TARGETS.lighthouse} in every category: ${judge(
    { figures: scores, errors: 0 },
    scores.every((s) => s >= TARGETS.lighthouse),
  )}`;
}
