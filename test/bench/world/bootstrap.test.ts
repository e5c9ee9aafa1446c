/** The paired bootstrap tells a real difference of percentiles from chance, and only paired samples. Unit. */
import { expect, test } from 'vitest';
import { shareAbove } from '../../../bench/world/bootstrap.ts';
import { logNormal, randomFor } from '../../../bench/world/sampling.ts';

const draw = (seed: number, n: number, median: number) => {
  const random = randomFor(seed);
  return Float64Array.from({ length: n }, () => logNormal(random, median, 1));
};

test('a sample above another on every request is above it in every resample; the same sample never', () => {
  const b = draw(1, 2000, 100);
  expect(
    shareAbove(
      b.map((v) => v + 10),
      b,
      95,
      randomFor(2),
    ),
  ).toBe(1);
  expect(shareAbove(b, b, 99, randomFor(2))).toBe(0);
});

test('two draws of one distribution are not told apart; a 20 % longer tail is', () => {
  const [a, b] = [draw(3, 5000, 100), draw(4, 5000, 100)];
  const even = shareAbove(a, b, 95, randomFor(5));
  expect(even).toBeGreaterThan(0.025);
  expect(even).toBeLessThan(0.975);
  expect(
    shareAbove(
      a.map((v) => v * 1.2),
      b,
      95,
      randomFor(5),
    ),
  ).toBeGreaterThanOrEqual(0.975);
});

test('samples of different lengths are no pair', () => {
  expect(() => shareAbove([1, 2], [1], 95, randomFor(1))).toThrow('paired samples of 2 and 1 requests');
});
