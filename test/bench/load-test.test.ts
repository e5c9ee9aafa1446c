/**
 * A short closed-loop run of the load test (bench/load-test.ts) over its request mix: it completes with its report
 * and a verdict; and the rate measured runs are paced to. Unit and workerd, autocannon.
 */
import { describe, expect, test } from 'vitest';
import { offeredRate, runLoadTest } from '../../bench/load-test.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';

test('1 s at 10 connections: a report of the run, every answer expected, and the verdict OK', async () => {
  const lines: string[] = [];
  const outcome = await runLoadTest({
    connections: 10,
    duration: 1,
    runs: 1,
    saturation: 0,
    content: await loadFixtureSite(),
    log: (line) => lines.push(line),
  });
  expect(outcome.problems, lines.join('\n')).toEqual([]);
  expect(outcome.ok).toBe(true);
  expect(lines.at(-1)).toMatch(/^OK: no errors, no timeouts, no unexpected statuses/);
  expect(outcome.offeredRps).toBeUndefined();
  const [run] = outcome.runs;
  expect(run).toEqual({
    run: 1,
    requests: expect.any(Number),
    requestsPerSecond: expect.any(Number),
    p50: expect.any(Number),
    p99: expect.any(Number),
    max: expect.any(Number),
    errors: 0,
    timeouts: 0,
    unexpected: 0,
    statuses: { '200': expect.any(Number), '204': expect.any(Number) },
    errorCodes: {},
    rssMb: expect.any(Number),
    heapMb: expect.any(Number),
  });
  // The Worker's live heap is read through workerd's inspector: a real figure, not a default.
  expect(outcome.baselineHeapMb).toBeGreaterThan(0);
  expect(run!.heapMb).toBeGreaterThan(0);
});

describe('offeredRate', () => {
  test('75% of 600 req/s is 450 req/s, all connections together', () => {
    expect(offeredRate(600, 0.75)).toBe(450);
    expect(offeredRate(1000, 1)).toBe(1000);
  });

  test('no capacity or no share is an error, not an unpaced run', () => {
    expect(() => offeredRate(0, 0.75)).toThrow(/cannot pace/);
    expect(() => offeredRate(Number.NaN, 0.75)).toThrow(/cannot pace/);
    expect(() => offeredRate(600, 0)).toThrow(/cannot pace/);
  });
});
