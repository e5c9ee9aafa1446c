/**
 * A short closed-loop run of the load test (bench/load-test.ts) over its request mix: no error, timeout or
 * unexpected status; and how measured runs are paced. Unit and workerd, wrk.
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
});

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
