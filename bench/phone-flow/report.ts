/**
 * The phone flow's table (medians and ranges per page, scenario and site) and the verdicts on the targets. Pure.
 */
import { median } from '../lib/stats.ts';
import type { FlowFigures } from './flow.ts';
import type { PageName, ScenarioName } from './scenarios.ts';
import type { SiteName } from './sites.ts';

export interface FlowRow {
  site: SiteName;
  page: PageName;
  scenario: ScenarioName;
  path: string;
  runs: FlowFigures[];
  /** Runs that could not be done, with the reason. */
  failures: string[];
}

export interface HostFigures {
  /** Lighthouse's benchmark index of the host, before the runs (unthrottled). */
  benchmarkIndex: number;
  /** One-minute load average before and after. */
  load: [number, number];
}

const num = (values: (number | null)[]): number[] => values.filter((v): v is number => v !== null && Number.isFinite(v));

/** "median (min–max)" of some runs, or "–". */
function spread(values: (number | null)[], unit = '', digits = 0): string {
  const known = num(values);
  if (known.length === 0) return '–';
  const f = (v: number) => `${v.toFixed(digits)}${unit}`;
  const m = f(median(known));
  return known.length > 1 ? `${m} (${f(Math.min(...known))}–${f(Math.max(...known))})` : m;
}

const kb = (bytes: number) => bytes / 1000;

export function flowTable(rows: FlowRow[]): string {
  const header = [
    'page',
    'scenario',
    'site',
    'FCP ms',
    'LCP ms',
    'KB before input',
    'JS KB',
    'long tasks ms (max)',
    'max task 3 s after FCP ms',
    'INP per tap ms',
    'tap→h1 ms',
    'reload',
    'KB total',
    'KB ahead',
  ];
  const lines = rows.map((row) => {
    const r = row.runs;
    const taps = Math.max(0, ...r.map((run) => run.inpMs.length));
    const inp = Array.from({ length: taps }, (_, i) => spread(r.map((run) => run.inpMs[i] ?? null))).join(' / ');
    const reloads = r.filter((run) => run.reloaded).length;
    return [
      row.page,
      row.scenario,
      row.site,
      spread(r.map((x) => x.fcpMs)),
      spread(r.map((x) => x.lcpMs)),
      spread(
        r.map((x) => kb(x.bytesBeforeInput)),
        '',
        1,
      ),
      spread(
        r.map((x) => kb(x.jsBytesBeforeInput)),
        '',
        1,
      ),
      `${spread(r.map((x) => x.longTaskTotalMs))} (${spread(r.map((x) => x.longTaskMaxMs))})`,
      spread(r.map((x) => x.longTaskAfterPaintMaxMs)),
      inp || '–',
      spread(r.map((x) => x.tapToHeadingMs)),
      r.length ? `${reloads}/${r.length}` : '–',
      spread(
        r.map((x) => kb(x.bytesTotal)),
        '',
        1,
      ),
      spread(
        r.map((x) => kb(x.aheadBytesBeforeInput)),
        '',
        1,
      ),
      ...(row.failures.length ? [`failed ${row.failures.length}: ${row.failures[0]}`] : []),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < widths.length ? c.padEnd(widths[i]!) : c)).join(' | ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)].join('\n');
}

/** The issue's targets for this site, each with what the run showed. */
export function verdicts(rows: FlowRow[]): string[] {
  const ours = rows.filter((r) => r.site === 'this site');
  const runs = ours.flatMap((r) => r.runs);
  const worstTask = Math.max(0, ...runs.map((r) => r.longTaskMaxMs));
  const worstMedianTask = Math.max(0, ...ours.map((row) => median(row.runs.map((r) => r.longTaskMaxMs))));
  const runsWithTask = runs.filter((r) => r.longTaskMaxMs > 50).length;
  const worstInp = Math.max(0, ...runs.flatMap((r) => num(r.inpMs)));
  const lines = [
    ...afterPaintVerdict(ours),
    `no long task over 50 ms from the first input to 5 s after it: ${worstMedianTask <= 50 ? 'met' : 'NOT met'} by every scenario's median ` +
      `(longest ${worstMedianTask.toFixed(0)} ms); in every run: ${worstTask <= 50 ? 'met' : `NOT met, ${runsWithTask} of ${runs.length} runs had one (longest ${worstTask.toFixed(0)} ms)`}`,
    ...firstPaintTapVerdict(ours),
    `INP of every tap at most 100 ms: ${worstInp <= 100 ? 'met' : 'NOT met'} (worst ${worstInp.toFixed(0)} ms)`,
    `no same-host tap reloaded the document: ${runs.some((r) => r.reloaded) ? 'NOT met' : 'met'}`,
  ];
  // Each long task behind a miss, with what its frame ran: a reader can tell the site's code from the browser's.
  for (const row of ours)
    row.runs.forEach((run, i) => {
      for (const task of run.longTasksSeen.filter((t) => t.ms > 50))
        lines.push(`  long task, ${row.page}, ${row.scenario}, run ${i + 1}: ${task.ms} ms at +${task.afterInputMs} ms; ${task.frame}`);
      for (const task of run.longTasksBeforeInput.filter((t) => t.ms > 50))
        lines.push(
          `  long task before the input, ${row.page}, ${row.scenario}, run ${i + 1}: ${task.ms} ms at +${task.afterPaintMs} ms after the first paint; ${task.frame}`,
        );
    });
  for (const peer of ['VitePress', 'Starlight'] as const) {
    for (const row of ours.filter((r) => r.scenario !== 'copy tap' && r.scenario !== 'load only')) {
      const other = rows.find((r) => r.site === peer && r.page === row.page && r.scenario === row.scenario);
      if (!other?.runs.length) continue;
      const a = median(num(row.runs.map((r) => r.tapToHeadingMs)));
      const b = median(num(other.runs.map((r) => r.tapToHeadingMs)));
      const ok = peer === 'VitePress' ? a <= b : a < b;
      lines.push(
        `tap→h1, ${row.page}, ${row.scenario}: ${a.toFixed(0)} ms ${ok ? (peer === 'VitePress' ? '≤' : '<') : 'NOT below'} ${peer}'s ${b.toFixed(0)} ms`,
      );
    }
  }
  const shot = ours.find((r) => r.page === 'screenshot');
  const starlightShot = rows.find((r) => r.site === 'Starlight' && r.page === 'screenshot');
  if (shot?.runs.length && starlightShot?.runs.length) {
    const figure = (row: FlowRow, f: (run: FlowFigures) => number | null) => median(num(row.runs.map(f)));
    for (const [label, f, unit] of [
      ['bytes', (r: FlowFigures) => kb(r.bytesTotal), 'KB'],
      ['LCP', (r: FlowFigures) => r.lcpMs, 'ms'],
    ] as const) {
      const a = figure(shot, f);
      const b = figure(starlightShot, f);
      lines.push(`screenshot guide, ${label}: ${a.toFixed(0)} ${unit} ${a <= b ? '≤' : 'NOT ≤'} Starlight's ${b.toFixed(0)} ${unit}`);
    }
  }
  return lines;
}

const ms = (value: number | null | undefined): string => (value === null || value === undefined ? 'none' : value.toFixed(0));

/** A run's figure counts only when the run was done and the figure measured; each row's runs, then its failed runs. */
const perRun = (row: FlowRow, figure: (run: FlowFigures) => number | null | undefined): (number | null)[] => [
  ...row.runs.map((run) => figure(run) ?? null),
  ...row.failures.map(() => null),
];

/**
 * The issue's "no task over 50 ms in the first 3 s after the first paint", in every run of every scenario: each run's
 * longest task printed; fails on a run without the figure (no paint seen, or the run failed).
 */
export function afterPaintVerdict(ours: FlowRow[]): string[] {
  const rows = ours.map((row) => ({ row, values: perRun(row, (run) => run.longTaskAfterPaintMaxMs) }));
  const values = rows.flatMap((r) => r.values);
  const known = num(values);
  const over = known.filter((v) => v > 50).length;
  const verdict =
    values.length === 0
      ? 'fails: no figure (no run)'
      : known.length < values.length
        ? `fails: no figure for ${values.length - known.length} of ${values.length} runs`
        : over === 0
          ? 'met'
          : `NOT met, ${over} of ${values.length} runs had one`;
  return [
    `no long task over 50 ms in the first 3 s after the first paint, in every run: ${verdict}` +
      (known.length ? ` (longest ${Math.max(...known).toFixed(0)} ms)` : ''),
    ...rows.map(
      ({ row, values }) =>
        `  longest task in the 3 s after the first paint, ${row.page}, ${row.scenario}, per run (ms): ${values.map(ms).join(', ')}`,
    ),
  ];
}

/**
 * The issue's "a navigation tap at first paint answers within 100 ms of INP", in every run: each run's INP printed; fails
 * on a missing scenario, run or figure (a tap whose interaction was lost with its document).
 */
export function firstPaintTapVerdict(ours: FlowRow[]): string[] {
  const rows = ours.filter((row) => row.scenario === 'nav tap at first paint');
  const perRow = rows.map((row) => ({ row, values: perRun(row, (run) => run.inpMs[0]) }));
  const values = perRow.flatMap((r) => r.values);
  const known = num(values);
  const verdict =
    values.length === 0
      ? 'fails: no figure (no run)'
      : known.length < values.length
        ? `fails: no figure for ${values.length - known.length} of ${values.length} runs`
        : known.every((v) => v <= 100)
          ? 'met'
          : `NOT met, ${known.filter((v) => v > 100).length} of ${values.length} runs over`;
  return [
    `INP of the navigation tap at first paint at most 100 ms, in every run: ${verdict}` +
      (known.length ? ` (worst ${Math.max(...known).toFixed(0)} ms)` : ''),
    ...perRow.map(({ row, values }) => `  INP of the tap at first paint, ${row.page}, per run (ms): ${values.map(ms).join(', ')}`),
    // Where each went: a tap that waits behind the page's own rendering is not helped by a faster handler.
    ...rows.map(
      (row) =>
        `  its parts, ${row.page}, per run (ms, waiting for the main thread / handlers / to the next frame): ` +
        row.runs.map(({ tapParts: [parts] }) => (parts ? `${parts.delay}/${parts.handlers}/${parts.presentation}` : 'none')).join(', '),
    ),
  ];
}
