/**
 * KV's read latency: a share of reads answered near the data centre in 1 ms, the rest log-normal, fitted so that the
 * mixture's p95 and p99 are the published ones. Pure (draws take the generator).
 */
export interface KvFit {
  nearShare: number;
  median: number;
  sigma: number;
}

/** Abramowitz and Stegun 7.1.26 (error below 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return Math.sign(x) * y;
}
export const normalCdf = (z: number): number => 0.5 * (1 + erf(z / Math.SQRT2));

/** The standard normal's quantile, by bisection. */
export function probit(p: number): number {
  let [low, high] = [-10, 10];
  for (let i = 0; i < 60; i++) [low, high] = normalCdf((low + high) / 2) < p ? [(low + high) / 2, high] : [low, (low + high) / 2];
  return (low + high) / 2;
}

export function fitKv(p95: number, p99: number, nearShare: number): KvFit {
  const [z95, z99] = [probit(1 - 0.05 / (1 - nearShare)), probit(1 - 0.01 / (1 - nearShare))];
  const sigma = Math.log(p99 / p95) / (z99 - z95);
  return { nearShare, median: p95 / Math.exp(sigma * z95), sigma };
}

/** A standard normal draw (Box–Muller). */
const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** A read that KV's caches near the data centre do not answer. */
export const farRead = (fit: KvFit, random: () => number): number => fit.median * Math.exp(fit.sigma * normal(random));

/** Any read, as the published figures count them. */
export const anyRead = (fit: KvFit, random: () => number): number => (random() < fit.nearShare ? 1 : farRead(fit, random));
