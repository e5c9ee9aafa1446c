/**
 * One request through the Worker in one data centre, replaying what measure-worker.ts recorded: its KV reads in round
 * trips, skipped where the isolate's memos hold them; its page caches; its CPU; a cold isolate's start. Pure steps over
 * the model's state.
 */
import type { Isolate, Isolates } from './isolates.ts';
import type { KvModel } from './kv-model.ts';
import type { ManifestCache } from './manifest-cache.ts';
import type { WorldParams } from './params.ts';
import { type Publish, pageVersion } from './publishes.ts';
import { type KeyKind, type KindProfile, type RequestKind, type WorkerProfile, workerMs } from './worker-profile.ts';

export interface WorkerSite {
  params: WorldParams;
  profile: WorkerProfile;
  kv: KvModel;
  /** The manifest behind Workers Cache, when the design reads it so; else straight from KV. */
  manifestCache: ManifestCache | null;
  isolates: Isolates;
  /** Each data centre's Cache API: the ETags (page@version) of the pages it holds. */
  cacheApi: Set<string>[];
  publishes: readonly Publish[];
  /** Round trip from each data centre to the page-view Durable Object. */
  doMs: number[];
}

export interface Served {
  ms: number;
  manifestVersion: number;
  kvReads: number;
  /** KV round trips in sequence. */
  kvRounds: number;
  doRequests: number;
}

/** Kinds whose HTML the isolate and the data centre keep (worker/pages/page-route.ts). */
const PAGE_KINDS = new Set<RequestKind>(['home', 'article', 'index']);

/** What a cold isolate's first request took beyond its KV waits (held by the probe) and a render: lazy set-up. */
export function firstRequestExtraMs(profile: WorkerProfile, kind: RequestKind): number {
  const k = profile.kinds[kind];
  return Math.max(0, k.cold.wallMs - k.cold.rounds.length * profile.holdMs - k.cpuMs.rendered);
}

/** The isolate's start that the visitor waits for: the bundle's start-up less what the TLS handshake hides. */
export function coldStartMs(profile: WorkerProfile, kind: RequestKind, visitorMs: number, params: WorldParams): number {
  const hidden = params.isolate.tlsOverlapRtts * visitorMs;
  return Math.max(0, profile.startupMs - hidden) + firstRequestExtraMs(profile, kind);
}

/**
 * The Worker gives up on a KV read after 3 s and answers then (with the last good manifest, or an error page): the
 * model's answer time, though it keeps the version the read would have brought.
 */
const timedOut = (readMs: number, params: WorldParams) => Math.min(readMs, params.worker.kvTimeoutMs);

const memoFresh = (isolate: Isolate | null, now: number, params: WorldParams) =>
  isolate?.memo != null && now - isolate.memo.at < params.worker.manifestMemoS * 1000;

/** The manifest version a request at `dc` would use now, changing nothing. */
export function peekWorker(site: WorkerSite, dc: number, now: number): number {
  const isolate = site.isolates.peek(dc, now);
  if (memoFresh(isolate, now, site.params)) return isolate!.memo!.version;
  return site.manifestCache ? site.manifestCache.peek(site.kv, dc, now) : site.kv.peek(dc, 'manifest', now);
}

/** The KV key of a kind of key for this page and manifest, and whether the isolate already holds it. */
function keyFor(site: WorkerSite, kind: KeyKind, page: number, version: number, isolate: Isolate): string | null {
  if (kind === 'entry') {
    const key = `entry/${page}@${pageVersion(site.publishes, page, version)}`;
    return isolate.entries.has(key) ? null : key;
  }
  if (kind === 'search') return isolate.searchVersion === version ? null : `search/${version}`;
  return `other/${page}`;
}

function pageHtmlMs(site: WorkerSite, dc: number, k: KindProfile, etag: string, isolate: Isolate): number {
  const own = (wallMs: number) => workerMs(site.profile, wallMs);
  if (isolate.rendered.has(etag)) return own(k.cpuMs.isolateHit);
  isolate.rendered.add(etag);
  if (site.cacheApi[dc]!.has(etag)) return site.params.cacheApiMs + own(k.cpuMs.edgeHit);
  site.cacheApi[dc]!.add(etag);
  return site.params.cacheApiMs + own(k.cpuMs.rendered);
}

/**
 * The request's KV reads, round trip by round trip as measured cold, each read skipped where the isolate holds it: the
 * manifest while the memo is fresh, an entry or search index it has read.
 */
function readKv(site: WorkerSite, dc: number, kind: RequestKind, page: number, now: number, isolate: Isolate, startMs: number) {
  const { params } = site;
  const rounds = site.profile.kinds[kind].cold.rounds;
  const stale = !memoFresh(isolate, now, params);
  let version = isolate.memo?.version ?? -1;
  let ms = startMs;
  let kvReads = 0;
  let kvRounds = 0;
  // The manifest through Workers Cache when the design reads it so: a hit there is no KV read.
  const read = (key: string, ttlS: number, at: number) =>
    key === 'manifest' && site.manifestCache
      ? site.manifestCache.read(site.kv, dc, at)
      : { ...site.kv.read(dc, key, ttlS, at), fromKv: true };
  const trip = (keys: [string, number][]) => {
    if (keys.length === 0) return [];
    const reads = keys.map(([key, ttlS]) => read(key, ttlS, now + ms));
    ms += Math.max(...reads.map((r) => timedOut(r.ms, params)));
    const fromKv = reads.filter((r) => r.fromKv).length;
    kvReads += fromKv;
    if (fromKv > 0) kvRounds++;
    return reads;
  };
  for (const round of rounds) {
    const keys: [string, number][] = [];
    const kinds: KeyKind[] = [];
    for (const keyKind of round) {
      if (keyKind === 'manifest' && !stale) continue;
      const key = keyKind === 'manifest' ? 'manifest' : keyFor(site, keyKind, page, version, isolate);
      if (key === null) continue;
      keys.push([key, keyKind === 'manifest' ? params.worker.manifestCacheTtlS : params.worker.entryCacheTtlS]);
      kinds.push(keyKind);
    }
    trip(keys).forEach((read, i) => {
      if (kinds[i] === 'manifest') {
        isolate.memo = { version: read.version, at: now };
        version = read.version;
      } else if (kinds[i] === 'entry') isolate.entries.add(keys[i]![0]);
      else if (kinds[i] === 'search') isolate.searchVersion = version;
    });
  }
  return { ms, version, kvReads, kvRounds };
}

export function runWorker(site: WorkerSite, dc: number, kind: RequestKind, page: number, now: number, visitorMs: number): Served {
  const { params, profile } = site;
  const k = profile.kinds[kind];
  const { isolate, cold } = site.isolates.use(dc, now);
  const start = cold ? coldStartMs(profile, kind, visitorMs, params) : 0;
  const { ms: afterKv, version, kvReads, kvRounds } = readKv(site, dc, kind, page, now, isolate, start);
  let ms = afterKv;
  const etag = `${page}@${pageVersion(site.publishes, page, version)}`;
  ms += PAGE_KINDS.has(kind) ? pageHtmlMs(site, dc, k, etag, isolate) : workerMs(profile, k.cpuMs.isolateHit);
  const doRequests = kind === 'pageView' ? 1 : 0;
  if (doRequests) ms += site.doMs[dc]!;
  return { ms, manifestVersion: version, kvReads, kvRounds, doRequests };
}
