/**
 * The scale bench's figures per size, its tables, its target lines (each judged by bench/lib/target-lines.ts's rule) and
 * the JSON the world model reads (bench/README.md, Scale). Pure.
 */
import type { Measurement } from '../lib/load.ts';
import { oneLine, table } from '../lib/report.ts';
import { median } from '../lib/stats.ts';
import { judge } from '../lib/target-lines.ts';

export const SCALE_TARGETS = { growth: 1.5, memoryMb: 64 } as const;
export const WARM_NAMES = ['article', 'news', 'home', 'search'] as const;
export type WarmName = (typeof WARM_NAMES)[number];

export interface PrefixFigures {
  count: number;
  bytes: number;
  /** Every value's bytes, for medians (not written to the JSON). */
  sizes: number[];
}

/** What a publish left in KV: the manifest value's bytes and every key prefix's values. */
export interface KeyLayout {
  manifestBytes: number;
  prefixes: Record<string, PrefixFigures>;
}

export interface ScaleRow {
  entries: number;
  /** Why the publish failed: nothing else was measured. */
  error?: string;
  publishMs: number;
  layout: KeyLayout;
  cold: { cpuMs: number[]; bytesRead: number[]; reads: number[]; failures: number };
  warm: Partial<Record<WarmName, Measurement>>;
  memory?: { pages: number; heapMb: number; failures: number };
}

/**
 * The pieces a request reads, by the key prefixes that hold them: the first prefix present wins. Today's layout has one
 * search value per version under `search/`, the whole index, which is then the one "shard" a query reads.
 */
const PIECE_PREFIXES = {
  entry: ['entry/'],
  indexShard: ['index/'],
  listChunk: ['list/'],
  /** The root and its base's record (build-search.ts): their median. */
  searchRoot: ['search/'],
  searchShard: ['search/*/s'],
  docChunk: ['search/*/d'],
} as const;

export function pieceBytes(layout: KeyLayout): Record<keyof typeof PIECE_PREFIXES, number> {
  const of = (prefixes: readonly string[]) => {
    const found = prefixes.find((p) => layout.prefixes[p]);
    return found ? median(layout.prefixes[found]!.sizes) : 0;
  };
  return Object.fromEntries(Object.entries(PIECE_PREFIXES).map(([name, prefixes]) => [name, of(prefixes)])) as Record<
    keyof typeof PIECE_PREFIXES,
    number
  >;
}

const publishErrors = (row: ScaleRow) => (row.error ? 1 : 0);
const coldErrors = (row: ScaleRow) => publishErrors(row) + row.cold.failures;
const warmErrors = (row: ScaleRow, name: WarmName) => publishErrors(row) + (row.warm[name]?.failures ?? 0);
const memoryErrors = (row: ScaleRow) => publishErrors(row) + (row.memory?.failures ?? 0);

/** Failed publishes, non-2xx or failed requests of every stage of a size. */
export const rowErrors = (row: ScaleRow): number =>
  coldErrors(row) + WARM_NAMES.reduce((n, name) => n + (row.warm[name]?.failures ?? 0), 0) + (row.memory?.failures ?? 0);

const coldCpu = (row: ScaleRow) => median(row.cold.cpuMs.filter(Number.isFinite));
const coldBytes = (row: ScaleRow) => median(row.cold.bytesRead.filter(Number.isFinite));
const coldReads = (row: ScaleRow) => median(row.cold.reads.filter(Number.isFinite));

const two = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const fixed = (n: number | undefined, digits = 0) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '–');
const count = (n: number) => n.toLocaleString('en');
const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1e6).toFixed(bytes < 1e5 ? 3 : 1) : '–');
const range = (values: number[], digits = 0) => {
  const whole = values.filter(Number.isFinite);
  return whole.length ? `${fixed(Math.min(...whole), digits)}–${fixed(Math.max(...whole), digits)}` : '–';
};

/** The smallest and the largest size: the ends every ratio is taken between. */
const ends = (rows: readonly ScaleRow[]) => {
  const sorted = [...rows].sort((a, b) => a.entries - b.entries);
  return { small: sorted[0], large: sorted.length > 1 ? sorted.at(-1) : undefined, sorted };
};

/** `figure(large) ÷ figure(small)`, and the same for every size between, as "1,000 ÷ 24: 1.01×". */
function ratios(rows: readonly ScaleRow[], figure: (row: ScaleRow) => number): { end: number; text: string } {
  const { small, large, sorted } = ends(rows);
  const of = (row: ScaleRow | undefined) => (row && small ? figure(row) / figure(small) : Number.NaN);
  const between = sorted.slice(1, -1).map((row) => `${count(row.entries)} ÷ ${count(small!.entries)}: ${two(of(row))}×`);
  return { end: of(large), text: `${two(of(large))}×${between.length ? ` (${between.join(', ')})` : ''}` };
}

const endsLabel = (rows: readonly ScaleRow[]) => {
  const { small, large } = ends(rows);
  return `${large ? count(large.entries) : '–'} ÷ ${small ? count(small.entries) : '–'}`;
};

/** One line per target; each fails on a missing, zero or errored figure. */
export function scaleTargetLines(rows: readonly ScaleRow[]): string[] {
  const { small, large } = ends(rows);
  const both = [small, large].filter((r): r is ScaleRow => r !== undefined);
  const limit = SCALE_TARGETS.growth;
  const lines: string[] = [];
  for (const [what, figure] of [
    ['KV bytes read', coldBytes],
    ['CPU', coldCpu],
  ] as const) {
    const r = ratios(rows, figure);
    const judged = { figures: [small && figure(small), large && figure(large)], errors: both.reduce((n, row) => n + coldErrors(row), 0) };
    lines.push(`- cold article, ${what}, ${endsLabel(rows)} ≤ ${limit}: ${r.text}: ${judge(judged, r.end <= limit)}`);
  }
  for (const name of WARM_NAMES) {
    const latency = ratios(rows, (row) => row.warm[name]?.mean ?? Number.NaN);
    const slower = ratios(rows, (row) => 1 / (row.warm[name]?.rps ?? Number.NaN));
    const judged = {
      figures: [small, large].flatMap((row) => [row?.warm[name]?.mean, row?.warm[name]?.rps]),
      errors: both.reduce((n, row) => n + warmErrors(row, name), 0),
    };
    const ok = latency.end <= limit && slower.end <= limit;
    lines.push(`- warm ${name}, ${endsLabel(rows)} ≤ ${limit}: latency ${latency.text}, throughput⁻¹ ${slower.text}: ${judge(judged, ok)}`);
  }
  lines.push(memoryLine(rows));
  return lines;
}

/** The largest size's heap within 1.5× of the next size's (each after up to 1,000 pages), every size's under 64 MB. */
export function memoryLine(rows: readonly ScaleRow[]): string {
  const { sorted } = ends(rows);
  const [reference, largest] = sorted.length > 1 ? sorted.slice(-2) : [undefined, undefined];
  const heap = (row: ScaleRow | undefined) => row?.memory?.heapMb ?? Number.NaN;
  const growth = heap(largest) / heap(reference);
  const judged = {
    figures: sorted.length > 1 ? sorted.map((row) => row.memory?.heapMb) : [],
    errors: sorted.reduce((n, row) => n + memoryErrors(row), 0),
  };
  const ok = growth <= SCALE_TARGETS.growth && sorted.every((row) => heap(row) < SCALE_TARGETS.memoryMb);
  const each = sorted.map((row) => `${fixed(heap(row), 1)} MB at ${count(row.entries)}`).join(', ');
  const label = largest && reference ? `${count(largest.entries)} ÷ ${count(reference.entries)}` : '–';
  return `- isolate heap after ${'1,000'} distinct pages, ${label} ≤ ${SCALE_TARGETS.growth} and < ${SCALE_TARGETS.memoryMb} MB: ${two(growth)}× (${each}): ${judge(judged, ok)}`;
}

/** Whether every line met its target. */
export const allMet = (lines: readonly string[]): boolean => lines.every((line) => line.endsWith(': meets'));

export function sizeTable(rows: readonly ScaleRow[]): string {
  const warm = (row: ScaleRow, name: WarmName) => {
    const m = row.warm[name];
    return m ? `${fixed(m.rps)} / ${fixed(m.mean, 1)}` : '–';
  };
  return table(
    [
      'entries',
      'publish (or refusal) s',
      'manifest MB',
      'KV keys',
      'cold article KV MB (range)',
      'KV reads',
      'cold CPU ms (range)',
      ...WARM_NAMES.map((n) => `${n} req/s / mean ms`),
      'heap MB (pages)',
      'errors',
    ],
    rows.map((row) => {
      const keys = Object.values(row.layout.prefixes).reduce((n, p) => n + p.count, 0);
      const errors = rowErrors(row);
      return [
        count(row.entries),
        fixed(row.publishMs / 1000, 1),
        mb(row.layout.manifestBytes || Number.NaN),
        count(keys),
        `${mb(coldBytes(row))} (${range(
          row.cold.bytesRead.map((b) => b / 1e6),
          2,
        )})`,
        fixed(coldReads(row)),
        `${fixed(coldCpu(row), 1)} (${range(row.cold.cpuMs, 1)})`,
        ...WARM_NAMES.map((name) => warm(row, name)),
        row.memory ? `${fixed(row.memory.heapMb, 1)} (${row.memory.pages})` : '–',
        row.error ? `${errors}: publish failed: ${oneLine(row.error)}` : String(errors),
      ];
    }),
  );
}

/** Per key prefix: count, total and median bytes at each size. */
export function prefixTable(rows: readonly ScaleRow[]): string {
  const prefixes = [...new Set(rows.flatMap((row) => Object.keys(row.layout.prefixes)))].sort();
  return table(
    ['prefix', ...rows.map((row) => `at ${count(row.entries)}: keys, MB, median KB`)],
    prefixes.map((prefix) => [
      prefix,
      ...rows.map((row) => {
        const p = row.layout.prefixes[prefix];
        return p ? `${count(p.count)}, ${mb(p.bytes)}, ${(median(p.sizes) / 1000).toFixed(1)}` : '–';
      }),
    ]),
  );
}

/** `dist/bench/scale.json`: what the world model reads. NaN figures become null (missing). */
export function scaleJson(rows: readonly ScaleRow[], command: string, measuredAt: string): object {
  return {
    measuredAt,
    command,
    sizes: rows.map((row) => ({
      entries: row.entries,
      indexBytes: row.layout.manifestBytes,
      pieceBytes: pieceBytes(row.layout),
      prefixes: Object.fromEntries(
        Object.entries(row.layout.prefixes).map(([prefix, p]) => [
          prefix,
          { count: p.count, bytes: p.bytes, medianBytes: median(p.sizes) },
        ]),
      ),
      coldArticle: {
        cpuMs: coldCpu(row),
        cpuMsRange: [Math.min(...row.cold.cpuMs), Math.max(...row.cold.cpuMs)],
        bytesRead: coldBytes(row),
        reads: coldReads(row),
        isolates: row.cold.cpuMs.length,
      },
      warm: Object.fromEntries(
        Object.entries(row.warm).map(([name, m]) => [
          name,
          { rps: m.rps, meanMs: m.mean, p50Ms: m.p50, p99Ms: m.p99, failures: m.failures },
        ]),
      ),
      memoryMb: row.memory?.heapMb ?? null,
      memoryPages: row.memory?.pages ?? null,
      publishMs: row.publishMs,
      errors: rowErrors(row),
      ...(row.error ? { error: row.error } : {}),
    })),
  };
}
