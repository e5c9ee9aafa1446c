/**
 * The discrete-event run of one design over a day: requests in time order, and between them the timed events (each
 * publish's writes, its purges, the freshness probes). Pure given its inputs: the same seed gives the same figures.
 */
import type { Region } from './cities.ts';
import { Isolates } from './isolates.ts';
import { KvModel } from './kv-model.ts';
import { ManifestCache } from './manifest-cache.ts';
import { type DesignMetrics, emptyMetrics, secondOf } from './metrics.ts';
import { greatCircleKm, type Node, placementAt, roundTripMs } from './network.ts';
import { DESIGN_OPTIONS, type Design, type DesignOptions, type WorldParams } from './params.ts';
import { type Publish, pageVersion } from './publishes.ts';
import { randomFor } from './sampling.ts';
import { peekWorker, runWorker, type WorkerSite } from './serve-worker.ts';
import { StaticHost, serveFile } from './static-host.ts';
import { FIRST_ARTICLE, HOME, INDEX, type Traffic } from './traffic.ts';
import { REQUEST_KINDS, type RequestKind, type WorkerProfile, withFreeStart, withReadsOf } from './worker-profile.ts';
import { CACHED_KINDS, WorkersCache } from './workers-cache.ts';

export interface World {
  nodes: readonly Node[];
  params: WorldParams;
  /** The Worker measured now, and the one of two KV round trips (its reads replayed with today's times). */
  profile: WorkerProfile;
  beforeProfile: WorkerProfile;
  traffic: Traffic;
  publishes: readonly Publish[];
}

const PAGE_LOADS = new Set<RequestKind>(['home', 'article', 'index']);
/** Pages, the page HTML of in-place navigations, page data: what the freshness and the Worker-free share count. */
const PAGE_ANSWERS = new Set<RequestKind>(['home', 'article', 'index', 'navigation', 'pageData']);
/** The answers a publish changes: its article's page, page HTML and page data, the home page, the index. */
const changedAnswers = (p: Publish): [RequestKind, number][] => [
  ['article', p.article],
  ['navigation', p.article],
  ['pageData', p.article],
  ['home', HOME],
  ['index', INDEX],
];
/** Requests only the Worker answers, in every design. */
const WORKER_ONLY = new Set<RequestKind>(['pageView', 'xsrfToken']);

/** The latest publish whose manifest is written by `now` and that changed `page`, or null. */
function latestPublish(publishes: readonly Publish[], page: number, now: number): Publish | null {
  let found: Publish | null = null;
  for (const p of publishes) if (p.manifestAt <= now && pageVersion(publishes, page, p.version) === p.version) found = p;
  return found;
}

/** The site as published before the day: the manifest at version 0 (entries are immutable, named by version). */
export function publishedKv(kv: KvModel): KvModel {
  kv.write('manifest', 0);
  return kv;
}

/** The pages whose tags a publish purges: the article, the pages showing it (neighbours, an estimate), home and index. */
export function purgedPages(p: Publish, params: WorldParams): Set<number> {
  const pages = new Set([HOME, INDEX, p.article]);
  const last = FIRST_ARTICLE + params.articles - 1;
  for (let i = 1; i <= params.neighbours; i++) {
    const offset = i % 2 === 1 ? Math.ceil(i / 2) : -i / 2;
    pages.add(Math.min(last, Math.max(FIRST_ARTICLE, p.article + offset)));
  }
  return pages;
}

/** The Worker a design replays: measured, measured before, or a bound of the measured one. */
function workerOf(worker: DesignOptions['worker'], world: World): WorkerProfile {
  if (worker === 'before') return withReadsOf(world.profile, world.beforeProfile);
  if (worker === 'freeStart') return withFreeStart(world.profile);
  return world.profile;
}

export function simulateDesign(design: Design, world: World): DesignMetrics {
  const { nodes, params, traffic, publishes } = world;
  const options = design === 'static' ? null : DESIGN_OPTIONS[design];
  const profile = workerOf(options?.worker ?? 'current', world);
  const random = randomFor(params.seed + 101);
  const kv = publishedKv(new KvModel(nodes, params.kv, random));
  const counter = nodes.find((n) => n.iata === params.durableObjectAt) ?? nodes[0]!;
  const site: WorkerSite = {
    params,
    profile,
    kv,
    manifestCache: options?.manifestCached ? new ManifestCache(nodes, params) : null,
    isolates: new Isolates(nodes.length, params.isolate.idleEvictS),
    cacheApi: nodes.map(() => new Set()),
    publishes,
    doMs: nodes.map((n) => (n === counter ? 0 : roundTripMs(greatCircleKm(n, counter), params.network))),
  };
  const cache = options?.workersCache ? new WorkersCache(nodes, params, options) : null;
  const placed = placementAt(nodes, options?.placedAt, params.network);
  const host = design === 'static' ? new StaticHost(params, publishes, nodes.length, random) : null;
  // The upload ends with its manifest write, or, with a cache in front, once its last purge has reached every tier.
  const purges = options?.workersCache ? options.purges : [];
  const lastPurgeS = purges.length > 0 ? Math.max(...purges.map((p) => p.afterS)) + params.workersCache.purgeMs / 1000 : 0;
  const metrics = emptyMetrics(design, params.visitsPerDay, publishes.length, nodes.length, {
    manifestWriteS: params.publishWriteS,
    uploadEndS: params.publishWriteS + lastPurgeS,
  });

  /** Whether every answer publish `p` changed is new at `dc` now (changing nothing). */
  const freshNow = (dc: number, p: Publish, now: number): boolean => {
    if (host) return host.version(dc, now) >= p.version;
    if (cache) return changedAnswers(p).every(([kind, page]) => cache.peek(site, dc, kind, page, now) >= p.version);
    return peekWorker(site, dc, now) >= p.version;
  };
  const events: { at: number; run: () => void }[] = [];
  publishes.forEach((p, i) => {
    // The upload writes the changed entry first (a new immutable key: nothing to model), the manifest last.
    events.push({ at: p.manifestAt, run: () => kv.write('manifest', p.version) });
    const pages = purgedPages(p, params);
    for (const round of purges)
      events.push({
        at: p.manifestAt + round.afterS * 1000 + params.workersCache.purgeMs,
        run: () => {
          site.manifestCache?.purge();
          if (round.pages) cache?.purge(pages, true);
        },
      });
    const freshAt = metrics.freshAt[i]!;
    for (let s = 1; s <= params.probeS; s++) {
      const at = p.at + s * 1000;
      events.push({
        at,
        run: () => {
          for (let dc = 0; dc < nodes.length; dc++) if (Number.isNaN(freshAt[dc]!) && freshNow(dc, p, at)) freshAt[dc] = s;
        },
      });
    }
  });
  events.sort((a, b) => a.at - b.at);
  let next = 0;

  const seen = new Set<string>();
  for (let r = 0; r < traffic.count; r++) {
    const now = traffic.time[r]!;
    while (next < events.length && events[next]!.at <= now) events[next++]!.run();
    const dc = traffic.dc[r]!;
    const kind = REQUEST_KINDS[traffic.kind[r]!]!;
    const page = traffic.page[r]!;
    const second = secondOf(now);
    let ms: number;
    let version = -1;
    let ranWorker = false;
    if (kind === 'pageView') metrics.pageViews++;
    if (kind === 'asset') ms = serveFile(kv, params, dc, 'asset/entry', now);
    else if (host && !WORKER_ONLY.has(kind)) ({ ms, manifestVersion: version } = host.serve(kv, dc, kind, page, now));
    else if (cache && CACHED_KINDS.has(kind)) {
      const answer = cache.serve(site, dc, kind, page, now, traffic.cookie[r] === 1);
      ({ ms, manifestVersion: version } = answer);
      metrics.invocations[second]! += answer.invocations;
      metrics.kvReads[second]! += answer.kvReads;
      ranWorker = answer.invocations > 0;
      if (ranWorker) metrics.kvRounds[Math.min(3, answer.kvRounds)]!++;
    } else {
      // A placed Worker runs in its data centre, a round trip away; the visitor's TLS handshake hides none of its start.
      const served = placed ? runWorker(site, placed.at, kind, page, now, 0) : runWorker(site, dc, kind, page, now, traffic.visitorMs[r]!);
      ({ ms, manifestVersion: version } = served);
      if (placed) ms += placed.tripMs[dc]!;
      metrics.invocations[second]!++;
      metrics.kvReads[second]! += served.kvReads;
      metrics.doRequests[second]! += served.doRequests;
      metrics.kvRounds[Math.min(3, served.kvRounds)]!++;
      ranWorker = true;
    }
    const region: Region = nodes[dc]!.region;
    if (PAGE_LOADS.has(kind)) {
      metrics.pageTtfb.push(ms);
      metrics.byRegion.get(region)!.push(ms);
      const first = `${region}|${page}|${pageVersion(publishes, page, version)}`;
      if (!seen.has(first)) {
        seen.add(first);
        metrics.firstVisitTtfb.push(ms);
      }
    }
    if (!PAGE_ANSWERS.has(kind)) continue;
    metrics.pageAnswers++;
    if (!ranWorker) metrics.withoutWorker++;
    const latest = latestPublish(publishes, page, now);
    if (!latest || pageVersion(publishes, page, version) >= latest.version) continue;
    metrics.staleAnswers++;
    const freshS = metrics.freshAt[latest.version - 1]![dc]!;
    if (!Number.isNaN(freshS) && now >= latest.at + freshS * 1000) {
      metrics.oldAfterFresh++;
      metrics.oldAfterFreshAt.add(latest.version * 100_000 + dc);
    }
  }
  while (next < events.length) events[next++]!.run();
  return metrics;
}
