/** A figure over seeds: its mean and 95 % t-interval (Student's t, n − 1 degrees of freedom). Pure. */
export interface Interval {
  mean: number;
  low: number;
  high: number;
}

/** t at 0.975 for 1 to 30 degrees of freedom; beyond, the normal's 1.96. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tInterval(values: readonly number[]): Interval {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, low: mean, high: mean };
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (T975[n - 2] ?? 1.96) * (sd / Math.sqrt(n));
  return { mean, low: mean - half, high: mean + half };
}
