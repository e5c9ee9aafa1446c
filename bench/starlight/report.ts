/** The Starlight comparison's table and its verdicts against the targets (bench/README.md). Pure. */
import { kb } from '../../scripts/client-weight.ts';
import { table, verdict } from '../lib/report.ts';
import { median } from '../lib/stats.ts';
import { COMPARED_PAGES, type ComparisonRow } from './comparison.ts';
import { STARLIGHT_VERSIONS } from './install.ts';

/** Our article's first load at most 85 KB and our TBT 0 ms; and on each page our LCP no later than Starlight's. */
export const STARLIGHT_TARGETS = { articleKb: 85, tbtMs: 0 } as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (values: number[], format: (n: number) => string) =>
  values.length > 1 ? `${format(Math.min(...values))}–${format(Math.max(...values))}` : format(values[0] ?? Number.NaN);

export function starlightTable(rows: ComparisonRow[]): string {
  return table(
    [
      'page',
      'site',
      'path',
      'LCP median',
      'LCP range',
      'TBT median (range)',
      'JS KB',
      'total KB',
      'score',
      'observed LCP',
      'observed TBT (range)',
    ],
    rows.map((r) => [
      r.page,
      r.site,
      r.path,
      seconds(r.median.lcpMs),
      range(
        r.runs.map((f) => f.lcpMs),
        seconds,
      ),
      `${Math.round(r.median.tbtMs)} ms (${range(
        r.runs.map((f) => f.tbtMs),
        (ms) => `${Math.round(ms)}`,
      )})`,
      kb(r.median.jsBytes),
      kb(r.median.totalBytes),
      r.median.score,
      seconds(r.observedMedian.lcpMs),
      `${Math.round(r.observedMedian.tbtMs)} ms (${range(
        r.observedRuns.map((f) => f.tbtMs),
        (ms) => `${Math.round(ms)}`,
      )})`,
    ]),
  );
}

/** One line per target, each ending in meets or MISSES. */
export function starlightVerdicts(rows: ComparisonRow[]): string[] {
  const find = (page: string, site: string) => rows.find((r) => r.page === page && r.site === site)!;
  const lcp = COMPARED_PAGES.map(({ page }) => ({ page, ours: find(page, 'this site').median, theirs: find(page, 'Starlight').median }));
  const article = find('article', 'this site').median;
  const ours = rows.filter((r) => r.site === 'this site');
  return [
    `- LCP no later than Starlight's on each page: ${lcp.map((l) => `${l.page} ${seconds(l.ours.lcpMs)} vs ${seconds(l.theirs.lcpMs)}`).join(', ')}: ${verdict(lcp.every((l) => l.ours.lcpMs <= l.theirs.lcpMs))}`,
    `- TBT ${STARLIGHT_TARGETS.tbtMs} ms: ${ours.map((r) => `${r.page} ${Math.round(r.median.tbtMs)} ms`).join(', ')}: ${verdict(ours.every((r) => r.median.tbtMs <= STARLIGHT_TARGETS.tbtMs))}`,
    `- observed with devtools throttling (no verdict: the issue's targets name the simulated figures): TBT ${ours.map((r) => `${r.page} ${Math.round(r.observedMedian.tbtMs)} ms vs ${Math.round(find(r.page, 'Starlight').observedMedian.tbtMs)} ms`).join(', ')}; LCP ${ours.map((r) => `${r.page} ${seconds(r.observedMedian.lcpMs)} vs ${seconds(find(r.page, 'Starlight').observedMedian.lcpMs)}`).join(', ')}`,
    `- article first load ≤ ${STARLIGHT_TARGETS.articleKb} KB: ${kb(article.totalBytes)} KB (${kb(article.jsBytes)} KB JS): ${verdict(article.totalBytes <= STARLIGHT_TARGETS.articleKb * 1000)}`,
  ];
}

/**
 * How fast the host was during the simulated runs, by Lighthouse's benchmark index (median and
 * range over every run of both sites). The simulated TBT depends on it: Lantern counts a task
 * of this host as blocking from 12.5 ms (50 ms at its 4× slowdown).
 */
export function hostSpeed(rows: ComparisonRow[]): string {
  const indexes = rows.flatMap((r) => r.runs.map((f) => f.benchmarkIndex)).filter((n) => Number.isFinite(n));
  if (!indexes.length) return "Lighthouse's benchmark index of this host: not reported.";
  return (
    `Lighthouse's benchmark index of this host (its CPU speed; it warns below 1000): median ${Math.round(median(indexes))}, range ${range(indexes, (n) => `${Math.round(n)}`)}. ` +
    'The simulation takes each task as 4× its length here, so a busy host raises the simulated TBT of both sites.'
  );
}

/** The section as printed: heading, table, the load average and host speed around the runs, verdicts. */
export function starlightReport(rows: ComparisonRow[], runs: number, load: number[]): string {
  return [
    `\n### Against Astro Starlight (astro ${STARLIGHT_VERSIONS.astro}, @astrojs/starlight ${STARLIGHT_VERSIONS['@astrojs/starlight']}; Lighthouse mobile, median of ${runs}, interleaved, one gzip proxy in front of both; "observed": the same with devtools throttling)\n`,
    starlightTable(rows),
    `\nLoad average (1 min) at start and end: ${load.map((l) => l.toFixed(2)).join(', ')}. ${hostSpeed(rows)}`,
    '',
    ...starlightVerdicts(rows),
  ].join('\n');
}
