/** The world model's tables as markdown: headline per traffic level, purges in bursts, sensitivity, parameters. Pure. */
import type { Day } from './day.ts';
import type { Sizes } from './inputs.ts';
import { type Interval, tInterval } from './interval.ts';
import { PARAMS, type Params, SOURCES } from './params.ts';
import { CONCLUSIONS, FREE_PLAN, type Levels, quantile, type Verdict } from './sensitivity.ts';

const round = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));
const show = ({ mean, low, high }: Interval) => `${round(mean)} (${round(low)}–${round(high)})`;
const over = (days: Day[], figure: (d: Day) => number) => show(tInterval(days.map(figure)));
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** One traffic level: the Worker as the site is, with Vary: Cookie, and the static host, over the same seeds. */
export function headline(visits: number, worker: Day[], vary: Day[], p: Params): string {
  const staticFresh = p.staticHost.rebuildS + p.staticHost.deployS;
  const ttfb = (days: Day[], pick: (d: Day) => number[]) =>
    [0.5, 0.95, 0.99].map((q) => over(days, (d) => quantile(pick(d), q))).join(' / ');
  const ratio = (days: Day[]) => [0.5, 0.95, 0.99].map((q) => over(days, (d) => quantile(d.worker, q) / quantile(d.static, q))).join(' / ');
  const free = (days: Day[], figure: (d: Day) => number, limit: number) =>
    `${over(days, figure)} (${round(tInterval(days.map(figure)).mean / limit)}×)`;
  const row = (name: string, days: Day[]) => [
    name,
    ttfb(days, (d) => d.worker),
    ratio(days),
    `${over(days, (d) => d.freshP50S)} / ${over(days, (d) => d.freshMaxS)}`,
    free(days, (d) => d.kvReadsPerDay, FREE_PLAN.kvReads),
    free(days, (d) => d.invocationsPerDay, FREE_PLAN.requests),
  ];
  return table(
    [
      'design',
      'page load TTFB p50 / p95 / p99 ms',
      '÷ static p50 / p95 / p99',
      'fresh p50 / max s',
      'KV reads a day (÷ Free)',
      'Worker requests a day (÷ Free)',
    ],
    [
      row('Worker, one copy for all (the site)', worker),
      row('Worker, Vary: Cookie', vary),
      [
        'static host (Workers Static Assets)',
        ttfb(worker, (d) => d.static),
        '1',
        `${staticFresh} / ${staticFresh}`,
        '0 (free)',
        `${round(visits * (2 + p.mix.pageData))} (page views, tokens)`,
      ],
    ],
  ).concat(`\n\n${visits.toLocaleString('en')} visits a day, ${worker.length} seeds; each figure the mean (95 % t-interval over seeds).`);
}

export function burstTable(rows: { gapS: number; count: number; perPublish: number; firstS: number; againS: number }[]): string {
  return table(
    ['publishes, seconds apart', 'purge requests a publish', 'latest first purge after its publish, s', 'latest later pages purge, s'],
    rows.map((r) => [`${r.count}, ${r.gapS} s`, round(r.perPublish), round(r.firstS), round(r.againS)]),
  );
}

export function sensitivityTable(base: Verdict[], rows: { input: string; change: string; verdicts: Verdict[] }[]): string {
  const cell = (v: Verdict, i: number) => (v === base[i] ? v : `**${v} (flips)**`);
  return table(
    ['input', 'change', ...CONCLUSIONS.map((c) => c.name)],
    [['headline', '–', ...base], ...rows.map((r) => [r.input, r.change, ...r.verdicts.map(cell)])],
  );
}

export const verdicts = (levels: Levels, p: Params): Verdict[] => CONCLUSIONS.map((c) => c.verdict(levels, p));

export function parameterTable(sizes: Sizes, inputs: string): string {
  const rows = (Object.keys(PARAMS) as (keyof Params)[]).map((key) => [
    key,
    `\`${JSON.stringify(PARAMS[key]).replaceAll('|', '/')}\``,
    SOURCES[key],
  ]);
  return table(['parameter', 'value', 'source'], [...rows, ['sizes', `\`${JSON.stringify(sizes)}\``, `measured: ${inputs}`]]);
}
