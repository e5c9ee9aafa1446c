/**
 * Whether one design's percentile is above another's beyond chance: a paired bootstrap over the same requests (index i
 * is one request in both samples: the designs replay the same visits). Pure given the generator.
 */
import { percentile, type Random } from './sampling.ts';

/** The share of `draws` resamples of the requests in which `a`'s p-th percentile (0–100) is above `b`'s. */
export function shareAbove(a: ArrayLike<number>, b: ArrayLike<number>, p: number, random: Random, draws = 200): number {
  if (a.length !== b.length) throw new Error(`paired samples of ${a.length} and ${b.length} requests`);
  const n = a.length;
  if (n === 0) return 0;
  const [ra, rb] = [new Float64Array(n), new Float64Array(n)];
  let above = 0;
  for (let d = 0; d < draws; d++) {
    for (let i = 0; i < n; i++) {
      const j = Math.floor(random() * n);
      ra[i] = a[j]!;
      rb[i] = b[j]!;
    }
    if (percentile(ra, p) > percentile(rb, p)) above++;
  }
  return above / draws;
}
