/** The world model's inputs that are not measured (inputs.json holds those): each value with its source, or named an assumption. Data. */

export interface Region {
  name: string;
  /** Visitors' weight: internet users, millions. */
  weight: number;
  dataCentres: number;
  /** Round trip from a data centre to its region's upper tier (where a miss of both tiers runs the Worker). */
  upperTierRttMs: number;
}

export const PARAMS = {
  regions: [
    { name: 'Asia', weight: 2900, dataCentres: 90, upperTierRttMs: 40 },
    { name: 'Europe', weight: 700, dataCentres: 57, upperTierRttMs: 15 },
    { name: 'Africa', weight: 650, dataCentres: 33, upperTierRttMs: 50 },
    { name: 'Latin America', weight: 560, dataCentres: 59, upperTierRttMs: 40 },
    { name: 'North America', weight: 350, dataCentres: 59, upperTierRttMs: 30 },
    { name: 'Middle East', weight: 250, dataCentres: 21, upperTierRttMs: 30 },
    { name: 'Oceania', weight: 35, dataCentres: 11, upperTierRttMs: 30 },
  ] as Region[],
  mix: { home: 0.25, article: 0.6, index: 0.15, pageData: 0.4, search: 0.05 },
  zipf: 1,
  queries: 100,
  evictionS: 4 * 3600,
  isolateIdleS: 300,
  cacheHitMs: 1,
  warmRunMs: 2,
  kv: { p95: 50, p99: 250, nearShare: 0.8, lagMaxS: 60, indexCacheTtlS: 30, bytesPerMs: 10_000 },
  parseBytesPerMs: 550_000,
  loopbackTiered: true as boolean,
  staticHost: { rebuildS: 90, deployS: 30 },
  deploysPerDay: 1,
  publishesPerDay: 5,
  cookieShare: 0.3,
  varyCookie: false as boolean,
  purgeReachMs: 150,
  pieces: { listChunkEntries: 20, docChunkEntries: 50, searchShards: 32, shardsPerQuery: 3 },
};
/** Every assumed input; SOURCES says where each comes from. */
export type Params = typeof PARAMS;

const DOCS = 'https://developers.cloudflare.com';
/** Where each value comes from; "assumption" where nothing published or measured gives it. */
export const SOURCES: Record<keyof Params, string> = {
  regions:
    "weights: internet users by region, millions (world total from ITU Facts and Figures 2024, https://www.itu.int/itu-d/reports/statistics/facts-figures-2024/; the split is an assumption); data centres: Cloudflare's colo codes by region as listed in https://github.com/pocc/global-healthchecks/blob/main/docs/COLO_CITIES.md (2026-02-07; Oceania's 11 an assumption from https://www.cloudflare.com/network/); visits split evenly over a region's data centres and over the day, and round trips to the upper tier: assumptions",
  mix: 'assumption: a visit loads one page (home 0.25, article 0.6, index 0.15), makes 0.4 in-place navigations and 0.05 searches; a page view for every page shown and an XSRF token a visit run the Worker uncached',
  zipf: 'assumption: articles and queries by popularity, Zipf',
  queries: 'assumption: distinct search queries a day',
  evictionS:
    'assumption: a cached copy not asked for this long is evicted (Cloudflare publishes no figure); hit shares follow from it and the traffic',
  isolateIdleS: 'assumption: an idle isolate is evicted after this long',
  cacheHitMs: 'assumption: a hit in a cache tier',
  warmRunMs:
    "assumption near the measured: a warm isolate's render of an article, 2.0 ms beyond an empty Worker, measured in workerd at commit da92150 (2026-11-27)",
  kv: `p95 50 ms and p99 250 ms of reads in Europe, Asia, Africa and the Middle East: KV changelog 2025-08-22, ${DOCS}/changelog/2025-08-22-kv-performance-improvements/ (the page itself not read here); nearShare (reads answered by KV's cache near the data centre, in 1 ms) 0.8: assumption; a write shows everywhere within lagMaxS (uniform): "up to 60 seconds or more", ${DOCS}/kv/concepts/how-kv-works/; index cacheTtl 30 s: the floor, ${DOCS}/kv/platform/limits/; bytesPerMs on a KV miss: assumption`,
  parseBytesPerMs:
    'measured: the manifest of 24 synthetic entries (823 KB) parsed and checked in 1.5 ms on this machine (issue 49, its table)',
  loopbackTiered: `assumption: the Worker's loopback for a piece is kept in the tiers as a visitor's request ("Caching works for any fetch() invocation … loopback fetch() calls between entrypoints via ctx.exports", ${DOCS}/workers/cache/; the tiers are our reading); off: each piece is a KV read (KV's own cache in front)`,
  staticHost: `Workers Static Assets (${DOCS}/workers/static-assets/): a miss of the data centre's cache reads the file from storage with KV's latency (assumption); rebuild and deploy times: assumptions; "Requests to static assets are free and unlimited", ${DOCS}/workers/static-assets/billing-and-limitations/`,
  deploysPerDay:
    'assumption; wrangler.toml cross_version_cache = false: after a deploy every page and piece misses once per data centre, and isolates start cold',
  publishesPerDay: 'assumption; each changes one article: its page and page data, its 2 neighbours, home, index, search',
  cookieShare: 'assumption: share of visitors holding a cookie on the domain (theme, __cf_bm, the XSRF cookie)',
  varyCookie: `the site: false (no public answer reads a cookie: one copy for all); true: Vary: Cookie, "a separate cached variant per distinct combination", ${DOCS}/workers/cache/`,
  purgeReachMs: 'a purge reaches every tier in 150 ms: "less than 150 milliseconds on P50", https://blog.cloudflare.com/instant-purge/',
  pieces:
    'list chunk of 20: /news shows 20 a page (issue 49); doc chunk of 50 entries, 32 term shards, 3 shards a query: assumptions; a publish changes every shard (assumption)',
};
