/**
 * Every parameter of the world model with its default; where each default comes from is in sources.ts and in
 * bench/README.md (World model). Data.
 */
import { PURGES_AGAIN } from '../../contracts/edge-cache.ts';
import type { Region } from './cities.ts';

export interface WorldParams {
  seed: number;
  visitsPerDay: number;
  /** Share of visits per region, by internet users (millions); normalised. */
  regionWeights: Record<Region, number>;
  /** Visits over a day at a data centre: 1 + amplitude × cos(2π (local hour − peak) / 24), local hour from longitude. */
  diurnal: { amplitude: number; peakLocalHour: number };
  /** What one visit requests. */
  visit: {
    pageMix: { home: number; article: number; index: number };
    /** Share of visits that download the hashed entry script (the rest have it in the browser's cache). */
    assetShare: number;
    /** In-place navigations per visit (page HTML API), each with its page view. */
    navigations: number;
    searchShare: number;
    /** Requests to the page-data JSON API per visit (clients other than the browser's router). */
    pageDataShare: number;
    /** Share of visits by a visitor who holds the XSRF cookie from an earlier visit; the others ask for it first. */
    returningShare: number;
  };
  /** Articles on the site and their popularity (Zipf exponent). */
  articles: number;
  zipf: number;
  publishesPerDay: number;
  /** Seconds between a publish's first write and its manifest write (entries first). */
  publishWriteS: number;
  network: { fibreKmPerMs: number; routeFactor: number; legMs: number; visitorMedianMs: number; visitorP95Ms: number };
  /** Where KV's regional tiers and Workers Cache's upper tiers are (IATA), and KV's central stores. */
  hubs: string[];
  kvStores: string[];
  kv: {
    localHitMs: number;
    tierServiceMs: number;
    /** The central stores' service time: log-normal, calibrated (calibration.ts). */
    storeMedianMs: number;
    storeSigma: number;
    /** For calibration only: share of reads the data centre's cache answers, and of the others the regional tier. */
    calibrationLocalHitShare: number;
    calibrationRegionalHitShare: number;
    cacheTtlFloorS: number;
    /** A hit in this last share of its cacheTtl refreshes the copy in the background. */
    refreshAheadShare: number;
  };
  isolate: { idleEvictS: number; tlsOverlapRtts: number };
  /** The Worker's own settings (worker/content/content-reader.ts, wrangler.toml). */
  worker: { manifestMemoS: number; manifestCacheTtlS: number; entryCacheTtlS: number; kvTimeoutMs: number };
  /** The one page-view counter (a Durable Object) lives in this data centre. */
  durableObjectAt: string;
  cacheApiMs: number;
  workersCache: { hitMs: number; upperServiceMs: number; purgeMs: number };
  /** Articles whose pages show a changed article (its neighbours) and so carry its tag: purged with it. */
  neighbours: number;
  staticHost: { rebuildS: number; deployS: number; propagateS: number; routerMs: number; assetCacheTtlS: number };
  /** Seconds after each publish that freshness is probed (each data centre, each second). */
  probeS: number;
}

export const DEFAULT_PARAMS: WorldParams = {
  seed: 1,
  visitsPerDay: 10_000,
  regionWeights: {
    Asia: 2900,
    Europe: 700,
    Africa: 650,
    'Latin America': 560,
    'North America': 350,
    'Middle East': 250,
    Oceania: 35,
  },
  diurnal: { amplitude: 0.6, peakLocalHour: 20 },
  visit: {
    pageMix: { home: 0.25, article: 0.6, index: 0.15 },
    assetShare: 0.5,
    navigations: 0.4,
    searchShare: 0.05,
    pageDataShare: 0.02,
    returningShare: 0.3,
  },
  articles: 25,
  zipf: 1,
  publishesPerDay: 5,
  publishWriteS: 2,
  network: { fibreKmPerMs: 200, routeFactor: 1.6, legMs: 2, visitorMedianMs: 20, visitorP95Ms: 50 },
  hubs: ['FRA', 'LHR', 'AMS', 'IAD', 'ORD', 'DFW', 'LAX', 'SJC', 'NRT', 'HKG', 'SIN', 'BOM', 'SYD', 'GRU', 'JNB', 'DXB'],
  kvStores: ['IAD', 'SJC', 'FRA', 'SIN'],
  kv: {
    localHitMs: 1,
    tierServiceMs: 2,
    storeMedianMs: 70,
    storeSigma: 1.3,
    calibrationLocalHitShare: 0.8,
    calibrationRegionalHitShare: 0.8,
    cacheTtlFloorS: 30,
    refreshAheadShare: 0.2,
  },
  isolate: { idleEvictS: 300, tlsOverlapRtts: 1 },
  worker: { manifestMemoS: 5, manifestCacheTtlS: 30, entryCacheTtlS: 30 * 86_400, kvTimeoutMs: 3000 },
  durableObjectAt: 'IAD',
  cacheApiMs: 1,
  workersCache: { hitMs: 1, upperServiceMs: 2, purgeMs: 150 },
  neighbours: 2,
  staticHost: { rebuildS: 90, deployS: 30, propagateS: 10, routerMs: 1, assetCacheTtlS: 86_400 },
  probeS: 900,
};

/** The designs one run models side by side: before, after and the anchor, then variants of after that the docs use. */
export const DESIGNS = [
  'before',
  'after',
  'static',
  'afterPurgeOnce',
  'afterTwoPurges',
  'afterShortTtl',
  'afterCookieOnApi',
  'afterCookieAtRoot',
  'afterManifestFromKv',
  'afterPlaced',
  'afterFreeStart',
] as const;
export type Design = (typeof DESIGNS)[number];
/** The designs of the main tables; the others are variants of `after`. */
export const MAIN_DESIGNS: readonly Design[] = ['before', 'after', 'static'];

/** A purge by tag, seconds after the manifest write: of the pages the publish changed and the manifest, or the manifest alone. */
export interface PurgeRound {
  afterS: number;
  pages: boolean;
}

export interface DesignOptions {
  /**
   * Which Worker: the one of two KV round trips in sequence (worker-profile-before.json), the one measured now, or a
   * bound no Worker can beat: today's with a cold isolate that costs nothing (`freeStart`).
   */
  worker: 'before' | 'current' | 'freeStart';
  /** Workers Cache in front of the Worker (lower tier per data centre, upper tier, coalescing). */
  workersCache: boolean;
  /** The Worker reads the manifest through Workers Cache (its own entrypoint), purged with each publish; else from KV. */
  manifestCached: boolean;
  /** What the Worker's page responses tell Workers Cache (Cloudflare-CDN-Cache-Control, or s-maxage). */
  maxAgeS: number;
  staleWhileRevalidateS: number;
  /** The purges of a publish, by tag. */
  purges: readonly PurgeRound[];
  /**
   * Which cached requests of a visitor holding the XSRF cookie carry it, each then a variant of its own under `Vary:
   * Cookie`: none (its path is the page-view API's, which no cache keeps), those under `/api/_analog` (page HTML,
   * page data, search: a path of `/api/_analog`), or all (a path of `/`).
   */
  xsrfCookieOn: 'api' | 'all' | 'none';
  /**
   * Placement (wrangler.toml `[placement]`): every run of the Worker in this data centre (IATA), a miss of both tiers
   * included; absent, a miss runs it at the upper tier and anything else where the request arrived.
   */
  placedAt?: string;
}

/** Where `[placement] region = "aws:eu-central-1"` would run the Worker: the data centre nearest it (estimate). */
export const FRANKFURT_PLACEMENT = 'FRA';

/** A publish's purges: at once, then as PURGES_AGAIN says (contracts/edge-cache.ts). */
const AFTER_PURGES: readonly PurgeRound[] = [
  { afterS: 0, pages: true },
  { afterS: PURGES_AGAIN.manifestAfterSeconds, pages: false },
  { afterS: PURGES_AGAIN.pagesAfterSeconds, pages: true },
];

const after: DesignOptions = {
  worker: 'current',
  workersCache: true,
  manifestCached: true,
  maxAgeS: 86_400,
  staleWhileRevalidateS: 86_400,
  purges: AFTER_PURGES,
  xsrfCookieOn: 'none',
};

/**
 * before: the Worker as it was before one KV round trip, no cache in front (its `s-maxage=30, stale-while-revalidate=300`
 * reaches no shared cache then). after: the design being built. Its variants change one thing each; the last is a
 * bound, not a design: what after would give if its Worker's cold start cost nothing.
 */
export const DESIGN_OPTIONS: Record<Exclude<Design, 'static'>, DesignOptions> = {
  before: {
    worker: 'before',
    workersCache: false,
    manifestCached: false,
    maxAgeS: 30,
    staleWhileRevalidateS: 300,
    purges: [],
    xsrfCookieOn: 'all',
  },
  after,
  afterPurgeOnce: { ...after, purges: [{ afterS: 0, pages: true }] },
  afterTwoPurges: {
    ...after,
    purges: [
      { afterS: 0, pages: true },
      { afterS: PURGES_AGAIN.manifestAfterSeconds, pages: true },
    ],
  },
  afterShortTtl: { ...after, maxAgeS: 30, staleWhileRevalidateS: 300, purges: [] },
  afterCookieOnApi: { ...after, xsrfCookieOn: 'api' },
  afterCookieAtRoot: { ...after, xsrfCookieOn: 'all' },
  afterManifestFromKv: { ...after, manifestCached: false },
  afterPlaced: { ...after, placedAt: FRANKFURT_PLACEMENT },
  afterFreeStart: { ...after, worker: 'freeStart' },
};
