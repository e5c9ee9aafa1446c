/**
 * One day of the site at one traffic level, one seed: visitors' page loads through Workers Cache to the Worker and its
 * pieces, the same loads from the static host, the day's publishes through the purge queue. Pure (seeded).
 */
import { seededRandom } from '../../tools/seeded-random.ts';
import { type Kind, piece, regionCaches, siteUrls } from './cache-tiers.ts';
import type { Sizes } from './inputs.ts';
import { farRead, fitKv } from './kv-fit.ts';
import type { Params } from './params.ts';
import { purgeDay } from './purge-bucket.ts';

export interface Day {
  /** Time to first byte at the data centre of each page load (home, article, index), ms: the Worker design, the static host. */
  worker: number[];
  static: number[];
  /** Seconds from a publish's index write until its pages are new, per publish and region: the median and the latest. */
  freshP50S: number;
  freshMaxS: number;
  kvReadsPerDay: number;
  invocationsPerDay: number;
  purgeRequestsPerPublish: number;
}

const PAGE_LOADS = new Set<Kind>(['home', 'article', 'index']);
const DAY_MS = 86_400_000;

function pick(sums: readonly number[], random: () => number): number {
  const target = random() * sums[sums.length - 1]!;
  const at = sums.findIndex((sum) => sum > target);
  return at < 0 ? sums.length - 1 : at;
}
const cumulative = (weights: readonly number[]) => weights.map((_, i) => weights.slice(0, i + 1).reduce((a, b) => a + b, 0));
const quantile = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** `sampleCap` bounds the requests drawn; counts are scaled up to the day's. */
export function simulateDay(p: Params, sizes: Sizes, visitsPerDay: number, seed: number, sampleCap = 40_000): Day {
  const random = seededRandom(seed);
  const fit = fitKv(p.kv.p95, p.kv.p99, p.kv.nearShare);
  const urls = siteUrls(p, sizes.entries);
  const weight = p.regions.reduce((a, r) => a + r.weight, 0);
  const caches = p.regions.map((r) => regionCaches(p, sizes, urls, r, (visitsPerDay * r.weight) / weight / r.dataCentres / 86_400));
  const pieces = new Map(urls.flatMap((u) => u.stages.flat()).map((name) => [name, piece(name, p, sizes)]));
  const [regionSums, urlSums] = [cumulative(p.regions.map((r) => r.weight)), cumulative(urls.map((u) => u.share))];
  const requests = visitsPerDay * urlSums[urlSums.length - 1]!;
  const drawn = Math.min(Math.round(requests), sampleCap);
  const day: Day = {
    worker: [],
    static: [],
    freshP50S: 0,
    freshMaxS: 0,
    kvReadsPerDay: 0,
    invocationsPerDay: 0,
    purgeRequestsPerPublish: 0,
  };
  let [kvReads, runs] = [0, 0];

  const readPiece = (name: string, hit: number): number => {
    const found = random() < hit;
    if (p.loopbackTiered && found) return p.cacheHitMs;
    kvReads++;
    return found ? 1 : farRead(fit, random) + pieces.get(name)!.bytes / p.kv.bytesPerMs;
  };
  for (let n = 0; n < drawn; n++) {
    const [r, i] = [pick(regionSums, random), pick(urlSums, random)];
    const [url, cache, region] = [urls[i]!, caches[r]!, p.regions[r]!];
    const cookie = p.varyCookie && random() < p.cookieShare;
    let ms = p.cacheHitMs;
    if (cookie || random() >= cache.lower[i]!) {
      ms += region.upperTierRttMs + p.cacheHitMs;
      if (cookie || random() >= cache.upper[i]!) {
        runs++;
        ms += random() < cache.warm ? p.warmRunMs : sizes.coldArticle.cpuMs;
        ms += sizes.indexBytes / p.parseBytesPerMs;
        for (const stage of url.stages) ms += Math.max(...stage.map((name) => readPiece(name, cache.pieceHit.get(name)!)));
      }
    }
    if (!PAGE_LOADS.has(url.kind)) continue;
    day.worker.push(ms);
    day.static.push(random() < cache.staticHit[i]! ? p.cacheHitMs : farRead(fit, random));
  }
  const scale = requests / drawn;
  day.kvReadsPerDay = kvReads * scale;
  // Every page shown sends a page view, and every visit asks for an XSRF token: the Worker, uncached.
  day.invocationsPerDay = runs * scale + visitsPerDay * (1 + p.mix.pageData + 1);

  const publishAt = Array.from({ length: p.publishesPerDay }, () => random() * DAY_MS).sort((a, b) => a - b);
  const { publishes, requests: purges } = purgeDay(publishAt);
  day.purgeRequestsPerPublish = purges / Math.max(1, publishes.length);
  const fresh = publishes.flatMap(({ at, first, pagesAgain }) =>
    p.regions.map((region, r) => {
      // After the first purge, the next request for a purged page runs the Worker, which reads the index: from KV, which
      // may still give the old one until the write has shown there. Then old pages are kept until the later purge.
      const regionRate = (visitsPerDay * region.weight) / weight / 86_400;
      const rate = regionRate * (p.mix.home + p.mix.index + p.mix.search) + caches[r]!.runsPerS;
      const readAt = first - (Math.log(1 - random()) / rate) * 1000;
      const stale = readAt < at + random() * p.kv.lagMaxS * 1000;
      return ((stale ? pagesAgain : first) - at + p.purgeReachMs) / 1000;
    }),
  );
  if (fresh.length > 0) [day.freshP50S, day.freshMaxS] = [quantile(fresh, 0.5), quantile(fresh, 1)];
  return day;
}
