/** ratioByRound (bench/lib/load.ts): pure, no runtime. */
import { describe, expect, test } from 'vitest';
import { type Measurement, ratioByRound } from '../../../bench/lib/load.ts';

const run = (rps: number, mean = 1): Measurement => ({ rps, mean, p50: mean, p99: mean, requests: rps, failures: 0 });

describe('ratioByRound', () => {
  test('takes each round’s ratio, then the median: one spoiled run does not move it', () => {
    const runs = new Map([
      ['floor', [run(1000), run(500), run(1000), run(1000), run(900)]],
      // Round 2 caught the whole machine busy (both halve); round 4 caught only this target.
      ['page', [run(600), run(300), run(620), run(100), run(540)]],
    ]);
    expect(ratioByRound(runs, 'page', 'floor')).toBeCloseTo(0.6);
  });

  test('can compare latency, and refuses targets with different rounds', () => {
    const runs = new Map([
      ['small', [run(1, 2), run(1, 4)]],
      ['large', [run(1, 3), run(1, 4)]],
      ['short', [run(1)]],
    ]);
    expect(ratioByRound(runs, 'large', 'small', 'mean')).toBeCloseTo((1.5 + 1) / 2);
    expect(() => ratioByRound(runs, 'short', 'small')).toThrow(/same rounds/);
    expect(() => ratioByRound(runs, 'missing', 'small')).toThrow(/same rounds/);
  });
});
