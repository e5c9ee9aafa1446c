/** The tables `npm run bench` prints (markdown, as bench/README.md carries them), its targets and verdict words. Pure. */
import { kb } from '../../scripts/client-weight.ts';
import type { LighthouseRun } from './lighthouse.ts';
import { CATEGORIES } from './lighthouse.ts';
import type { Measurement } from './load.ts';
import { type CacheShare, reactShare } from './page-cache-share.ts';
import type { SiteRun, TargetName } from './site-run.ts';
import type { BundleWeight, PageWeight, StartupTiming } from './weight.ts';

/** The benchmark's targets (bench/README.md, Targets). */
export const TARGETS = {
  articleToFloor: 0.8,
  latencyGrowth: 1.3,
  articleKb: 100,
  navigationKb: 20,
  lighthouse: 100,
  /**
   * KV reads of a cold isolate's first request, at every size (docs/performance.md, Work per request): an article reads
   * the root, its shard directory, its shard and its entry; an index the root, its list's directory and the chunks
   * holding its 20 rows (content-defined, 16 rows on average).
   */
  articleColdReads: 4,
  indexColdReads: 8,
} as const;

/** A markdown table, its columns padded to their widest cell. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

/** A message for a table cell: on one line, cut at `max` characters. */
export function oneLine(text: string, max = 240): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const ratio = (n: number) => fixed(n, 2);
const LABELS: Record<TargetName, string> = {
  article: 'article SSR',
  edge: "article SSR, from the data centre's cache (isolate cache off)",
  rendered: 'article SSR, rendered every time (both caches off)',
  index: 'news index SSR',
  json: 'page-data JSON',
  floor: 'floor: static file, same bytes',
};

function targetRow(run: SiteRun, name: TargetName, path: string): string[] {
  const m = run.results.get(name)!;
  const floor = run.results.get('floor')!;
  return [
    LABELS[name],
    path,
    fixed(m.rps),
    fixed(m.p50),
    fixed(m.p99),
    fixed(m.mean, 1),
    ratio(m.rps / floor.rps),
    m.failures ? `${m.failures} FAILED` : '0',
  ];
}

export function throughputTable(run: SiteRun): string {
  const { articlePath, indexPath, articleBytes } = run.site;
  const paths: Record<TargetName, string> = {
    article: articlePath,
    edge: articlePath,
    rendered: articlePath,
    index: indexPath,
    json: `/api/_analog/pages${articlePath}`,
    floor: `/bench-floor (${articleBytes} B)`,
  };
  return table(
    ['target', 'path', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', '÷ floor', 'errors'],
    (['article', 'edge', 'rendered', 'index', 'json', 'floor'] as const).map((name) => targetRow(run, name, paths[name])),
  );
}

/** Where page requests were answered from, with both page caches and with the data centre's alone. */
export function cacheShareTable(shares: { both: CacheShare; edgeOnly: CacheShare }): string {
  const row = (label: string, s: CacheShare) => [
    label,
    `${s.requests} (${s.pages} pages)`,
    String(s.isolate),
    String(s.edge),
    String(s.rendered),
    String(s.uncacheable),
    `${(reactShare(s) * 100).toFixed(1)} %`,
  ];
  return table(
    ['caches', 'requests', 'isolate', 'data centre', 'rendered', 'never kept', 'reached React'],
    [row('isolate + data centre', shares.both), row('data centre only (every request a new isolate)', shares.edgeOnly)],
  );
}

/**
 * Failed requests over all of a run's targets, and a failed publish: `0`, or `N FAILED` (with the publish's error),
 * which no figure of its row can be trusted with.
 */
function errorCount(run: Pick<SiteRun, 'results' | 'error'>): string {
  const failed = [...run.results.values()].reduce((sum, m) => sum + m.failures, 0) + (run.error ? 1 : 0);
  return failed ? `${failed} FAILED${run.error ? `: ${oneLine(run.error)}` : ''}` : '0';
}

export function sizeTable(runs: SiteRun[]): string {
  return table(
    [
      'entries',
      'index HTML',
      'index req/s',
      'index p50/p99 ms',
      'article req/s',
      'article p50/p99 ms',
      'article rendered req/s',
      'JSON req/s',
      'floor req/s',
      'article ÷ floor',
      'rendered ÷ floor',
      'KV reads index cold',
      'article cold',
      'article warm',
      'index warm',
      'errors',
    ],
    runs.map((run) => {
      const missing = { rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, mean: Number.NaN, requests: 0, failures: 0 };
      const r = (name: TargetName) => run.results.get(name) ?? missing;
      const pp = (m: Measurement) => `${fixed(m.p50)} / ${fixed(m.p99)}`;
      return [
        run.label,
        Number.isFinite(run.indexBytes) ? `${kb(run.indexBytes)} KB` : '–',
        fixed(r('index').rps),
        pp(r('index')),
        fixed(r('article').rps),
        pp(r('article')),
        fixed(r('rendered').rps),
        fixed(r('json').rps),
        fixed(r('floor').rps),
        ratio(r('article').rps / r('floor').rps),
        ratio(r('rendered').rps / r('floor').rps),
        fixed(run.kv.indexCold),
        fixed(run.kv.articleCold),
        fixed(run.kv.articleWarm),
        fixed(run.kv.indexWarm),
        errorCount(run),
      ];
    }),
  );
}

/** Mean latency at the largest size over that at the smallest, per target; NaN when either is missing. */
export function latencyGrowth(runs: readonly Pick<SiteRun, 'results'>[], name: TargetName): number {
  const mean = (run: Pick<SiteRun, 'results'> | undefined) => run?.results.get(name)?.mean ?? Number.NaN;
  return mean(runs.at(-1)) / mean(runs[0]);
}

export function uploadTable(run: SiteRun): string {
  const { firstMs, firstWritten, secondMs, secondWritten } = run.site.upload;
  return table(
    ['entries', 'first upload', 'entries written', 'second upload (nothing changed)', 'entries written', 'second ÷ first'],
    [
      [
        run.label,
        `${fixed(firstMs / 1000, 1)} s`,
        fixed(firstWritten),
        `${fixed(secondMs / 1000, 2)} s`,
        fixed(secondWritten),
        ratio(secondMs / firstMs),
      ],
    ],
  );
}

export function weightTables(bundle: BundleWeight, evaluationMs: number, startup: StartupTiming, pages: PageWeight[]): string {
  const bundleTable = table(
    [
      'Worker bundle (dist/worker/index.js)',
      'raw',
      'gzip -9',
      'script evaluation (V8)',
      'start: new Miniflare → ready',
      'same, empty Worker',
      'difference',
      'first /news after ready',
    ],
    [
      [
        'wrangler deploy --dry-run --outdir',
        `${kb(bundle.raw)} KB`,
        `${kb(bundle.gzip)} KB`,
        `${fixed(evaluationMs)} ms`,
        `${fixed(startup.siteReady)} ms`,
        `${fixed(startup.baselineReady)} ms`,
        `${fixed(startup.siteReady - startup.baselineReady)} ms`,
        `${fixed(startup.siteFirstResponse, 1)} ms (empty Worker ${fixed(startup.baselineFirstResponse, 1)} ms)`,
      ],
    ],
  );
  const pageTable = table(
    [
      'page (first load, gzip -9 KB)',
      'path',
      'HTML (CSS inline)',
      'CSS files',
      'JS',
      'HTML+CSS+JS',
      '+ font (woff2)',
      'next navigation (JSON)',
    ],
    pages.map((p) => [p.label, p.path, kb(p.html), kb(p.css), kb(p.js), kb(p.total), kb(p.total + p.fonts), kb(p.nextNavigation)]),
  );
  return `${bundleTable}\n\n${pageTable}`;
}

export function lighthouseTable(runs: LighthouseRun[]): string {
  return table(
    ['page', 'preset', ...CATEGORIES.map((c) => c)],
    runs.map((run) => [
      run.path,
      run.preset,
      ...CATEGORIES.map((c) =>
        run.offlineAdjusted[c] !== run.scores[c] ? `${run.scores[c]} (${run.offlineAdjusted[c]} online*)` : String(run.scores[c]),
      ),
    ]),
  );
}

/** Every audit that did not pass, once per (category, audit), with where it failed. */
export function lighthouseFindings(runs: LighthouseRun[]): string[] {
  const seen = new Map<string, { title: string; where: string[]; failsOnlyOffline: boolean; displayValue?: string }>();
  for (const run of runs) {
    for (const f of run.findings) {
      const key = `${f.category}: ${f.id}`;
      const item = seen.get(key) ?? {
        title: f.title,
        where: [],
        failsOnlyOffline: true,
        ...(f.displayValue ? { displayValue: f.displayValue } : {}),
      };
      item.where.push(`${run.path} ${run.preset}`);
      item.failsOnlyOffline &&= f.failsOnlyOffline;
      seen.set(key, item);
    }
  }
  return [...seen].map(
    ([key, f]) =>
      `${key} (${f.title}${f.displayValue ? `, ${f.displayValue}` : ''})${f.failsOnlyOffline ? ' [fails only offline: every URL needs the internet]' : ''}: ${f.where.join(', ')}`,
  );
}

export const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
