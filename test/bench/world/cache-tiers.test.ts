import { describe, expect, it } from 'vitest';
import { hitShare, regionCaches, siteUrls } from '../../../bench/world/cache-tiers.ts';
import { PARAMS, type Params } from '../../../bench/world/params.ts';

const SIZES = {
  entries: 24,
  indexBytes: 2400,
  pieceBytes: { entry: 5000, listChunk: 2000, searchRoot: 5000, searchShard: 20_000, docChunk: 30_000 },
  coldArticle: { cpuMs: 100, bytesRead: 50_000 },
};
const europe = PARAMS.regions.find((r) => r.name === 'Europe')!;
const caches = (p: Params, visitsPerDcS: number) => regionCaches(p, SIZES, siteUrls(p, SIZES.entries), europe, visitsPerDcS);
const home = 0;

describe('the cache tiers', () => {
  it('hit shares grow with traffic and the time a copy is kept, and fall with changes', () => {
    expect(hitShare(0, 3600, 0)).toBe(0);
    expect(hitShare(1, 3600, 0)).toBeGreaterThan(0.999);
    expect(hitShare(0.001, 3600, 0)).toBeCloseTo(1 - Math.exp(-3.6), 6);
    expect(hitShare(0.001, 7200, 0)).toBeGreaterThan(hitShare(0.001, 3600, 0));
    expect(hitShare(0.001, 3600, 0.001)).toBeLessThan(hitShare(0.001, 3600, 0));
  });

  it('the upper tier gathers the misses of the region, so it hits more than a data centre', () => {
    const c = caches(PARAMS, 1e-4);
    expect(c.upper[home]!).toBeGreaterThan(c.lower[home]!);
    expect(caches(PARAMS, 1e-3).lower[home]!).toBeGreaterThan(c.lower[home]!);
  });

  it('Vary: Cookie leaves the visitors with a cookie uncached, and the others fewer hits', () => {
    const [one, vary] = [caches(PARAMS, 1e-4), caches({ ...PARAMS, varyCookie: true }, 1e-4)];
    expect(vary.lower[home]!).toBeLessThan(one.lower[home]!);
    expect(vary.runsPerS).toBeGreaterThan(one.runsPerS);
  });

  it('without the tiered loopback the index is kept only for its KV cacheTtl', () => {
    const [tiered, direct] = [caches(PARAMS, 1e-3), caches({ ...PARAMS, loopbackTiered: false }, 1e-3)];
    expect(direct.pieceHit.get('index')!).toBeLessThan(tiered.pieceHit.get('index')!);
    expect(direct.pieceHit.get('entry:0')).toBe(tiered.pieceHit.get('entry:0'));
  });
});
