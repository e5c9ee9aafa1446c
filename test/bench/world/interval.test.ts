import { describe, expect, it } from 'vitest';
import { tInterval } from '../../../bench/world/interval.ts';

describe('the interval over seeds', () => {
  it("is the mean ± Student's t times the standard error", () => {
    const { mean, low, high } = tInterval([1, 2, 3, 4, 5]);
    expect(mean).toBe(3);
    // sd = √2.5, t(4 df) = 2.776
    expect(high - mean).toBeCloseTo((2.776 * Math.sqrt(2.5)) / Math.sqrt(5), 6);
    expect(mean - low).toBeCloseTo(high - mean, 9);
  });

  it('has no width when every seed agrees', () => {
    expect(tInterval([4, 4, 4])).toEqual({ mean: 4, low: 4, high: 4 });
  });
});
