/**
 * The site's cacheable requests with the pieces a miss reads, and per region each cache's hit share, which follows from
 * the traffic, the eviction time and how often a copy changes (publishes, deploys). Pure.
 */
import type { Sizes } from './inputs.ts';
import type { Params, Region } from './params.ts';

export type Kind = 'home' | 'index' | 'article' | 'pageData' | 'search';
/** One URL: its share of a visit's requests, the pieces the Worker reads for it stage by stage, its changes a day. */
export interface Url {
  kind: Kind;
  share: number;
  stages: string[][];
  changesPerDay: number;
}

/**
 * The share of requests that find a copy, for requests arriving at `rate` a second (Poisson), a copy kept `keepS` after
 * its last request and emptied `changes` times a second: the previous request came within keepS, and no change since.
 */
export function hitShare(rate: number, keepS: number, changes: number): number {
  const total = rate + changes;
  return total > 0 ? (rate / total) * (1 - Math.exp(-total * keepS)) : 0;
}

const zipf = (n: number, s: number) => {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
};

export function siteUrls(p: Params, entries: number): Url[] {
  const { publishesPerDay: publishes, deploysPerDay: deploys, pieces } = p;
  const lists = [['index'], ['list:0']];
  const list = (i: number) => `list:${Math.floor(i / pieces.listChunkEntries)}`;
  const docChunks = Math.ceil(entries / pieces.docChunkEntries);
  const shards = (q: number) =>
    Array.from({ length: pieces.shardsPerQuery }, (_, j) => `shard:${(q * pieces.shardsPerQuery + j) % pieces.searchShards}`);
  // An article's page shows its neighbours: a publish changes it when it changes the article or one of its two neighbours.
  const articles = (kind: 'article' | 'pageData') =>
    zipf(entries, p.zipf).map((w, i) => ({
      kind,
      share: p.mix[kind] * w,
      stages: [['index'], [`entry:${i}`, list(i)]],
      changesPerDay: Math.min(1, 3 / entries) * publishes + deploys,
    }));
  return [
    { kind: 'home', share: p.mix.home, stages: lists, changesPerDay: publishes + deploys },
    { kind: 'index', share: p.mix.index, stages: lists, changesPerDay: publishes + deploys },
    ...articles('article'),
    ...articles('pageData'),
    ...zipf(p.queries, p.zipf).map((w, q) => ({
      kind: 'search' as const,
      share: p.mix.search * w,
      stages: [['index'], ['root'], shards(q), [`doc:${q % docChunks}`]],
      changesPerDay: publishes + deploys,
    })),
  ];
}

/** A piece's changes a day (a changed piece has a new name: its old copy is never asked for again) and its bytes. */
export function piece(name: string, p: Params, sizes: Sizes): { changesPerDay: number; bytes: number } {
  const [kind = ''] = name.split(':');
  const changed = (entriesPerPiece: number) => Math.min(1, entriesPerPiece / sizes.entries) * p.publishesPerDay + p.deploysPerDay;
  const { pieceBytes: b, indexBytes } = sizes;
  const table: Record<string, [number, number]> = {
    index: [p.publishesPerDay + p.deploysPerDay, indexBytes],
    entry: [changed(1), b.entry],
    list: [changed(p.pieces.listChunkEntries), b.listChunk],
    root: [p.publishesPerDay + p.deploysPerDay, b.searchRoot],
    shard: [p.publishesPerDay + p.deploysPerDay, b.searchShard],
    doc: [changed(p.pieces.docChunkEntries), b.docChunk],
  };
  const [changesPerDay, bytes] = table[kind]!;
  return { changesPerDay, bytes };
}

/** One region's caches: per URL its lower-tier, upper-tier and static hit shares; per piece its hit share where the Worker runs. */
export interface RegionCaches {
  lower: Float64Array;
  upper: Float64Array;
  staticHit: Float64Array;
  pieceHit: Map<string, number>;
  /** Share of the Worker's runs that find a warm isolate, and its runs a second (at the region's upper tier). */
  warm: number;
  runsPerS: number;
}

export function regionCaches(p: Params, sizes: Sizes, urls: readonly Url[], region: Region, visitsPerDcS: number): RegionCaches {
  const [lower, upper, staticHit] = [0, 0, 0].map(() => new Float64Array(urls.length)) as [Float64Array, Float64Array, Float64Array];
  const shared = p.varyCookie ? 1 - p.cookieShare : 1;
  const pieceRuns = new Map<string, number>();
  let runsPerS = 0;
  urls.forEach((url, i) => {
    const [rate, changes] = [visitsPerDcS * url.share, url.changesPerDay / 86_400];
    lower[i] = hitShare(rate * shared, p.evictionS, changes);
    const upperRate = region.dataCentres * rate * shared * (1 - lower[i]!);
    upper[i] = hitShare(upperRate, p.evictionS, changes);
    staticHit[i] = hitShare(rate, p.evictionS, changes);
    const runs = upperRate * (1 - upper[i]!) + region.dataCentres * rate * (1 - shared);
    runsPerS += runs;
    for (const name of url.stages.flat()) pieceRuns.set(name, (pieceRuns.get(name) ?? 0) + runs);
  });
  // Tiered: the loopback is kept where the Worker runs as long as a page is. Not: KV's own cache, the index for its cacheTtl.
  const keep = (name: string) => (p.loopbackTiered || name !== 'index' ? p.evictionS : Math.min(p.evictionS, p.kv.indexCacheTtlS));
  const pieceHit = new Map(
    [...pieceRuns].map(([name, runs]) => [name, hitShare(runs, keep(name), piece(name, p, sizes).changesPerDay / 86_400)]),
  );
  // The upper tier's own data centre runs the Worker for its visitors' page views and XSRF tokens too.
  const ownRuns = visitsPerDcS * (1 + p.mix.pageData + 1);
  const warm = hitShare(runsPerS + ownRuns, p.isolateIdleS, p.deploysPerDay / 86_400);
  return { lower, upper, staticHit, pieceHit, warm, runsPerS };
}
