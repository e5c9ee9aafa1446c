import { describe, expect, it } from 'vitest';
import { anyRead, fitKv, probit } from '../../../bench/world/kv-fit.ts';
import { seededRandom } from '../../../tools/seeded-random.ts';

const percentile = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.floor(q * values.length)]!;

describe('the KV latency fit', () => {
  it('inverts the normal distribution', () => {
    expect(probit(0.975)).toBeCloseTo(1.96, 2);
    expect(probit(0.5)).toBeCloseTo(0, 6);
  });

  it('gives reads whose p95 and p99 are the published ones', () => {
    const fit = fitKv(50, 250, 0.8);
    const random = seededRandom(7);
    const reads = Array.from({ length: 200_000 }, () => anyRead(fit, random));
    expect(percentile(reads, 0.95) / 50).toBeCloseTo(1, 1);
    expect(percentile(reads, 0.99) / 250).toBeCloseTo(1, 1);
  });

  it('moves with the published figures', () => {
    expect(fitKv(100, 500, 0.8).median).toBeCloseTo(2 * fitKv(50, 250, 0.8).median, 6);
  });
});
