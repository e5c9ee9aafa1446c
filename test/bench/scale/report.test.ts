/** The scale bench's target lines fail on a missing, zero or errored figure; its JSON has the shape the world model reads. Pure. */
import { describe, expect, test } from 'vitest';
import type { Measurement } from '../../../bench/lib/load.ts';
import { allMet, type KeyLayout, pieceBytes, type ScaleRow, scaleJson, scaleTargetLines, sizeTable } from '../../../bench/scale/report.ts';
import { keyPrefix } from '../../../bench/scale/site.ts';

const m = (rps: number, mean: number, failures = 0): Measurement => ({ rps, p50: mean, p99: mean * 2, mean, requests: rps, failures });
const layout = (entries: number): KeyLayout => ({
  manifestBytes: 100 + entries,
  prefixes: {
    manifest: { count: 1, bytes: 100 + entries, sizes: [100 + entries] },
    'entry/': { count: 3, bytes: 60, sizes: [10, 20, 30] },
    'list/': { count: 2, bytes: 8, sizes: [4, 4] },
  },
});

/** A size where every figure grows by `growth` over the 24-entry one. */
function row(entries: number, growth = 1, over: Partial<ScaleRow> = {}): ScaleRow {
  return {
    entries,
    publishMs: 1000,
    layout: layout(entries),
    cold: { cpuMs: [10 * growth, 12 * growth, 11 * growth], bytesRead: [5000 * growth], reads: [3], failures: 0 },
    warm: { article: m(100 / growth, 5 * growth), news: m(100, 5), home: m(100, 5), search: m(100, 5) },
    memory: { pages: 1000, heapMb: 20 * growth, failures: 0 },
    ...over,
  };
}

describe('scaleTargetLines', () => {
  test('meets when nothing grows; the ratios are the largest size over the smallest, the sizes between in brackets', () => {
    const lines = scaleTargetLines([row(24), row(1000), row(10000)]);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('- cold article, KV bytes read, 10,000 ÷ 24 ≤ 1.5: 1.00× (1,000 ÷ 24: 1.00×): meets');
    expect(allMet(lines)).toBe(true);
  });

  test('growth past 1.5 misses, in bytes, CPU, the warm article and memory', () => {
    const lines = scaleTargetLines([row(24), row(10000, 2)]);
    expect(lines.filter((line) => line.endsWith('MISSES'))).toHaveLength(4);
    expect(lines[1]).toBe('- cold article, CPU, 10,000 ÷ 24 ≤ 1.5: 2.00×: MISSES');
    expect(allMet(lines)).toBe(false);
  });

  test('a heap of 64 MB or more misses even when it does not grow', () => {
    const big = (entries: number) => row(entries, 1, { memory: { pages: 1000, heapMb: 70, failures: 0 } });
    expect(scaleTargetLines([big(24), big(10000)]).at(-1)).toMatch(/: MISSES$/);
  });

  test('a size that failed to publish fails every line with its error, and its row says why', () => {
    const refused = row(1000, 1, {
      error: 'KV PUT failed: 413',
      publishMs: Number.NaN,
      cold: { cpuMs: [], bytesRead: [], reads: [], failures: 0 },
      warm: {},
    });
    delete refused.memory;
    const lines = scaleTargetLines([row(24), refused]);
    for (const line of lines) expect(line).toMatch(/: fails: 1 error$/);
    expect(sizeTable([refused]).split('\n')[2]).toMatch(/\| 1: publish failed: KV PUT failed: 413 \|$/);
  });

  test('a zero, missing or errored figure fails; one size alone has no ratio', () => {
    const dead = row(10000, 1, { warm: { article: m(0, 0), news: m(100, 5, 3), home: m(100, 5), search: m(100, 5) } });
    const lines = scaleTargetLines([row(24), dead]);
    expect(lines[2]).toMatch(/^- warm article.*: fails: no figure$/);
    expect(lines[3]).toMatch(/^- warm news.*: fails: 3 errors$/);
    const noCpu = row(10000, 1, { cold: { cpuMs: [Number.NaN], bytesRead: [5000], reads: [3], failures: 1 } });
    expect(scaleTargetLines([row(24), noCpu])[1]).toMatch(/: fails: 1 error$/);
    for (const line of scaleTargetLines([row(24)])) expect(line).toMatch(/: fails: no figure$/);
  });
});

test('the JSON carries each size as the world model reads it, missing figures as null', () => {
  const refused = row(1000, 1, { error: 'refused', cold: { cpuMs: [], bytesRead: [], reads: [], failures: 0 }, warm: {} });
  delete refused.memory;
  const json = JSON.parse(JSON.stringify(scaleJson([row(24), refused], 'npm run bench -- --scale', '2026-01-01T00:00:00.000Z')));
  expect(json).toMatchObject({ measuredAt: '2026-01-01T00:00:00.000Z', command: 'npm run bench -- --scale' });
  expect(json.sizes[0]).toMatchObject({
    entries: 24,
    indexBytes: 124,
    pieceBytes: { entry: 20, listChunk: 4, searchRoot: 0, searchShard: 0, docChunk: 0 },
    coldArticle: { cpuMs: 11, bytesRead: 5000, reads: 3 },
    warm: { article: { rps: 100, meanMs: 5 } },
    memoryMb: 20,
    errors: 0,
  });
  expect(json.sizes[1]).toMatchObject({ entries: 1000, coldArticle: { cpuMs: null, bytesRead: null }, memoryMb: null, errors: 1 });
});

test('pieceBytes takes the median of each kind of piece present: the search root and record apart from the shards and chunks of a base', () => {
  const layout: KeyLayout = {
    manifestBytes: 1,
    prefixes: {
      'search/': { count: 2, bytes: 9, sizes: [4, 5] },
      [keyPrefix('search/abc/s1')]: { count: 3, bytes: 30, sizes: [8, 10, 12] },
      [keyPrefix('search/abc/d1')]: { count: 1, bytes: 7, sizes: [7] },
    },
  };
  expect(pieceBytes(layout)).toMatchObject({ searchRoot: 4.5, searchShard: 10, docChunk: 7, entry: 0 });
});
