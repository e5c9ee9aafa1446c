/**
 * A short version of `npm run load-test` (bench/load-test.ts): 50 connections for 3 s, closed
 * loop (each sends its next request as soon as it has an answer, no saturation phase) over the
 * same mix of pages, API calls, page-view POSTs, feeds and static assets. No request may err,
 * time out or get an unexpected status. The full run (200 connections, 3 × 30 s, memory) is not
 * part of `npm test`: it takes two minutes. And how the measured runs are paced.
 */
import { describe, expect, test } from 'vitest';
import { runLoadTest, thinkTimeMs } from '../../bench/load-test.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';

test('3 s at 50 connections: zero errors, zero timeouts, zero unexpected statuses', async () => {
  const lines: string[] = [];
  const outcome = await runLoadTest({
    connections: 50,
    duration: 3,
    runs: 1,
    saturation: 0,
    content: await loadFixtureSite(),
    log: (line) => lines.push(line),
  });
  expect(outcome.problems, lines.join('\n')).toEqual([]);
  const [run] = outcome.runs;
  expect(run!.requests).toBeGreaterThan(100);
  expect(run!.statuses['200']).toBeGreaterThan(0);
  expect(run!.statuses['204']).toBeGreaterThan(0);
  // The Worker's live heap is read through workerd's inspector: a real figure, not a default.
  expect(outcome.baselineHeapMb).toBeGreaterThan(1);
  expect(run!.heapMb).toBeGreaterThan(1);
}, 60_000);

describe('thinkTimeMs', () => {
  test('200 connections offering 75% of 600 req/s: each waits 444 ms, so 450 req/s in all', () => {
    expect(thinkTimeMs(200, 600, 0.75)).toBe(444);
    expect(thinkTimeMs(50, 1000, 1)).toBe(50);
  });

  test('no capacity or no share is an error, not an endless pause', () => {
    expect(() => thinkTimeMs(200, 0, 0.75)).toThrow(/cannot pace/);
    expect(() => thinkTimeMs(200, Number.NaN, 0.75)).toThrow(/cannot pace/);
    expect(() => thinkTimeMs(200, 600, 0)).toThrow(/cannot pace/);
  });
});
