/**
 * The discrete-event run of one design over a day: requests in time order, and between them the timed events (each
 * publish's manifest write, a purge, the freshness probes). Pure given its inputs: the same seed gives the same figures.
 */
import type { Region } from './cities.ts';
import { Isolates } from './isolates.ts';
import { KvModel } from './kv-model.ts';
import { type DesignMetrics, emptyMetrics, secondOf } from './metrics.ts';
import { greatCircleKm, type Node, roundTripMs } from './network.ts';
import { DESIGN_OPTIONS, type Design, type WorldParams } from './params.ts';
import { type Publish, pageVersion } from './publishes.ts';
import { randomFor } from './sampling.ts';
import { peekWorker, runWorker, type WorkerSite } from './serve-worker.ts';
import { StaticHost, serveFile } from './static-host.ts';
import type { Traffic } from './traffic.ts';
import { REQUEST_KINDS, type RequestKind, type WorkerProfile } from './worker-profile.ts';
import { CACHED_KINDS, WorkersCache } from './workers-cache.ts';

export interface World {
  nodes: readonly Node[];
  params: WorldParams;
  profile: WorkerProfile;
  traffic: Traffic;
  publishes: readonly Publish[];
}

const PAGE_LOADS = new Set<RequestKind>(['home', 'article', 'index']);
const PAGE_ANSWERS = new Set<RequestKind>(['home', 'article', 'index', 'navigation', 'pageData']);

/** The latest publish whose manifest is written by `now` and that changed `page`, or null. */
function latestPublish(publishes: readonly Publish[], page: number, now: number): Publish | null {
  let found: Publish | null = null;
  for (const p of publishes) if (p.manifestAt <= now && pageVersion(publishes, page, p.version) === p.version) found = p;
  return found;
}

export function simulateDesign(design: Design, world: World): DesignMetrics {
  const { nodes, params, profile, traffic, publishes } = world;
  const random = randomFor(params.seed + 101);
  const kv = new KvModel(nodes, params.kv, random);
  kv.write('manifest', 0);
  const counter = nodes.find((n) => n.iata === params.durableObjectAt) ?? nodes[0]!;
  const site: WorkerSite = {
    params,
    profile,
    kv,
    isolates: new Isolates(nodes.length, params.isolate.idleEvictS),
    cacheApi: nodes.map(() => new Set()),
    publishes,
    doMs: nodes.map((n) => (n === counter ? 0 : roundTripMs(greatCircleKm(n, counter), params.network))),
  };
  const options = design === 'static' ? null : DESIGN_OPTIONS[design];
  const cache = options?.workersCache ? new WorkersCache(nodes, params.workersCache, options) : null;
  const host = design === 'static' ? new StaticHost(params, publishes, nodes.length, random) : null;
  const metrics = emptyMetrics(design, params.visitsPerDay, publishes.length, nodes.length);

  const versionAt = (dc: number, page: number, now: number): number => {
    if (host) return pageVersion(publishes, page, host.version(dc, now));
    if (cache) return cache.peek(site, dc, 'article', page, now);
    return pageVersion(publishes, page, peekWorker(site, dc, now));
  };
  const events: { at: number; run: () => void }[] = [];
  publishes.forEach((p, i) => {
    events.push({ at: p.manifestAt, run: () => kv.write('manifest', p.version) });
    if (cache && options?.purgeAfterS != null)
      events.push({ at: p.manifestAt + options.purgeAfterS * 1000 + params.workersCache.purgeMs, run: () => cache.purgeAll() });
    const freshAt = metrics.freshAt[i]!;
    for (let s = 1; s <= params.probeS; s++) {
      const at = p.at + s * 1000;
      events.push({
        at,
        run: () => {
          for (let dc = 0; dc < nodes.length; dc++)
            if (Number.isNaN(freshAt[dc]!) && versionAt(dc, p.article, at) >= p.version) freshAt[dc] = s;
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
    if (kind === 'asset') ms = serveFile(kv, params, dc, 'asset/entry', now);
    else if (host && kind !== 'pageView') ({ ms, manifestVersion: version } = host.serve(kv, dc, kind, page, now));
    else if (cache && CACHED_KINDS.has(kind)) {
      const answer = cache.serve(site, dc, kind, page, now);
      ({ ms, manifestVersion: version } = answer);
      metrics.invocations[second]! += answer.invocations;
      metrics.kvReads[second]! += answer.kvReads;
    } else {
      const served = runWorker(site, dc, kind, page, now, traffic.visitorMs[r]!);
      ({ ms, manifestVersion: version } = served);
      metrics.invocations[second]!++;
      metrics.kvReads[second]! += served.kvReads;
      metrics.doRequests[second]! += served.doRequests;
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
    const latest = latestPublish(publishes, page, now);
    if (!latest || pageVersion(publishes, page, version) >= latest.version) continue;
    metrics.staleAnswers++;
    const freshS = metrics.freshAt[latest.version - 1]![dc]!;
    if (!Number.isNaN(freshS) && now >= latest.at + freshS * 1000) metrics.oldAfterFresh++;
  }
  while (next < events.length) events[next++]!.run();
  return metrics;
}
