/**
 * Every parameter of the world model with its default; where each default comes from is in sources.ts and in
 * bench/README.md (World model). Data.
 */
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
  staticHost: { rebuildS: 90, deployS: 30, propagateS: 10, routerMs: 1, assetCacheTtlS: 86_400 },
  probeS: 900,
};

/** The designs one run models side by side. */
export const DESIGNS = ['today', 'workersCache', 'workersCacheEarlyPurge', 'static'] as const;
export type Design = (typeof DESIGNS)[number];

export interface DesignOptions {
  /** Workers Cache in front of the Worker (lower tier per data centre, upper tier, coalescing). */
  workersCache: boolean;
  /** What the Worker's page responses say to a shared cache (today's: s-maxage=30, stale-while-revalidate=300). */
  maxAgeS: number;
  staleWhileRevalidateS: number;
  /** Seconds after the manifest write that the publish purges every tier by tag; null: no purge. */
  purgeAfterS: number | null;
}

/** Today's Worker; with Workers Cache, purged once KV's 60 s and the memo's 5 s have passed, or purged at once. */
export const DESIGN_OPTIONS: Record<Exclude<Design, 'static'>, DesignOptions> = {
  today: { workersCache: false, maxAgeS: 30, staleWhileRevalidateS: 300, purgeAfterS: null },
  workersCache: { workersCache: true, maxAgeS: 86_400, staleWhileRevalidateS: 0, purgeAfterS: 65 },
  workersCacheEarlyPurge: { workersCache: true, maxAgeS: 86_400, staleWhileRevalidateS: 0, purgeAfterS: 0 },
};
