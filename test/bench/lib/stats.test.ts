/** The benchmarks' median: the middle value, the mean of the two middle ones for an even count. */
import { expect, test } from 'vitest';
import { median } from '../../../bench/lib/stats.ts';

test('median of odd and even counts, unsorted input left as it is, and of nothing', () => {
  const values = [5, 1, 3];
  expect(median(values)).toBe(3);
  expect(values).toEqual([5, 1, 3]);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([7])).toBe(7);
  expect(median([])).toBeNaN();
});
