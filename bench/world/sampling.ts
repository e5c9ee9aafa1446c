/** Seeded draws the model needs: normal, log-normal, a weighted pick, percentiles. Pure (given the generator). */
import { seededRandom } from '../../tools/seeded-random.ts';

export type Random = () => number;
export const randomFor = (seed: number): Random => seededRandom(seed);

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export const logNormal = (random: Random, median: number, sigma: number): number => median * Math.exp(sigma * normal(random));

/** The z of a standard normal at the 95th percentile: a log-normal's sigma from its median and p95. */
export const Z95 = 1.6449;

/** Cumulative weights, for `pick`. */
export function cumulative(weights: readonly number[]): Float64Array {
  const sums = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((w, i) => {
    total += w;
    sums[i] = total;
  });
  return sums;
}

/** An index drawn with probability proportional to its weight. */
export function pick(sums: Float64Array, random: Random): number {
  const target = random() * sums[sums.length - 1]!;
  let low = 0;
  let high = sums.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sums[mid]! > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The p-th percentile (0–100, nearest rank) of unsorted values; NaN for none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
