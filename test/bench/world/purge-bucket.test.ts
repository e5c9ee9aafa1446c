import { describe, expect, it } from 'vitest';
import { purgeDay } from '../../../bench/world/purge-bucket.ts';
import { PURGES_AGAIN } from '../../../contracts/edge-cache.ts';

describe('publishes through the purge queue and bucket', () => {
  it('a lone publish purges at once and again when PURGES_AGAIN says', () => {
    const { publishes, requests } = purgeDay([0]);
    expect(publishes[0]).toMatchObject({ first: 0, pagesAgain: PURGES_AGAIN.pagesAfterSeconds * 1000 });
    expect(requests).toBe(8);
  });

  it('publishes faster than the bucket refills wait for it: the later purge comes late', () => {
    const { publishes } = purgeDay(Array.from({ length: 10 }, (_, k) => k * 10_000));
    const late = Math.max(...publishes.map((p) => p.pagesAgain - p.at));
    expect(late).toBeGreaterThan(90_000);
    const spaced = purgeDay(Array.from({ length: 10 }, (_, k) => k * 120_000)).publishes;
    expect(Math.max(...spaced.map((p) => p.pagesAgain - p.at))).toBe(PURGES_AGAIN.pagesAfterSeconds * 1000);
  });
});
