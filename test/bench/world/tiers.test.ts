/**
 * The world model's tiers in front of KV do what their docs say (Workers Cache: a purge by tag empties every tier of
 * what carries it, concurrent misses send one request to the Worker, Vary: Cookie), and its replay of the Worker reads
 * what the measurements recorded, before and after one KV round trip.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Isolates } from '../../../bench/world/isolates.ts';
import { KvModel } from '../../../bench/world/kv-model.ts';
import { ManifestCache } from '../../../bench/world/manifest-cache.ts';
import { buildNetwork, greatCircleKm, roundTripMs } from '../../../bench/world/network.ts';
import { DEFAULT_PARAMS, DESIGN_OPTIONS } from '../../../bench/world/params.ts';
import { dataCentres } from '../../../bench/world/places.ts';
import type { Publish } from '../../../bench/world/publishes.ts';
import { randomFor } from '../../../bench/world/sampling.ts';
import { coldStartMs, runWorker, type WorkerSite } from '../../../bench/world/serve-worker.ts';
import { publishedKv } from '../../../bench/world/simulate.ts';
import {
  BEFORE_PROFILE_FILE,
  type KindProfile,
  PROFILE_FILE,
  REQUEST_KINDS,
  type RequestKind,
  type WorkerProfile,
  withFreeStart,
  withReadsOf,
} from '../../../bench/world/worker-profile.ts';
import { WorkersCache } from '../../../bench/world/workers-cache.ts';

const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);
const measured = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as WorkerProfile;
const before = withReadsOf(measured, JSON.parse(readFileSync(BEFORE_PROFILE_FILE, 'utf8')) as WorkerProfile);

/** A Worker as the measurement describes it: the manifest, then the entry; 10 ms to render. */
const kindProfile: KindProfile = {
  path: '/',
  status: 200,
  cold: { rounds: [['manifest'], ['entry']], wallMs: 130 },
  warm: { rounds: [], serverTiming: '' },
  memoExpired: { rounds: [['manifest']] },
  cpuMs: { isolateHit: 1, edgeHit: 2, rendered: 10 },
};
const profile: WorkerProfile = {
  ...measured,
  startupMs: 100,
  baselineMs: 0,
  kinds: Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, kindProfile])) as Record<RequestKind, KindProfile>,
};

function site(worker: WorkerProfile = profile, publishes: Publish[] = []): WorkerSite {
  const kv = publishedKv(new KvModel(nodes, DEFAULT_PARAMS.kv, randomFor(5)));
  return {
    params: DEFAULT_PARAMS,
    profile: worker,
    kv,
    manifestCache: null,
    isolates: new Isolates(nodes.length, DEFAULT_PARAMS.isolate.idleEvictS),
    cacheApi: nodes.map(() => new Set()),
    publishes,
    doMs: nodes.map(() => 50),
  };
}

const lhr = nodes.findIndex((n) => n.iata === 'LHR');
const cdg = nodes.findIndex((n) => n.iata === 'CDG');

describe('Workers Cache', () => {
  test('concurrent misses in a data centre send one request to the Worker; the others wait for its answer', () => {
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.after);
    const s = site();
    const first = cache.serve(s, cdg, 'article', 3, 0);
    const second = cache.serve(s, cdg, 'article', 3, 5);
    expect(first.invocations).toBe(1);
    expect(second.invocations).toBe(0);
    // It is answered when the first is: 5 ms after it came, 5 ms less wait.
    expect(second.ms).toBeCloseTo(first.ms - 5, 6);
    // Another data centre behind the same upper tier joins the upper tier's fill: still one invocation.
    expect(nodes[lhr]!.hub).toBe(nodes[cdg]!.hub);
    expect(cache.serve(s, lhr, 'article', 3, 10).invocations).toBe(0);
  });

  test('a purge by tag empties every tier: the next request runs the Worker again', () => {
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.after);
    const s = site();
    for (const dc of [lhr, cdg, 0, 100]) cache.serve(s, dc, 'home', 0, 0);
    expect(cache.serve(s, cdg, 'home', 0, 10_000).invocations).toBe(0);
    cache.purgeAll();
    expect(cache.lower.every((tier) => tier.size === 0)).toBe(true);
    expect(cache.upper.size).toBe(0);
    expect(cache.serve(s, cdg, 'home', 0, 20_000).invocations).toBe(1);
  });

  test("a purge by a page's tags empties that page's answers in every tier and keeps the other pages'", () => {
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.after);
    const s = site();
    for (const page of [3, 4]) for (const dc of [lhr, cdg]) cache.serve(s, dc, 'article', page, 0);
    cache.serve(s, cdg, 'search', 4, 0);
    cache.purge(new Set([3]), true);
    expect(cache.serve(s, cdg, 'article', 3, 10_000).invocations).toBe(1);
    expect(cache.serve(s, cdg, 'search', 4, 10_000).invocations).toBe(1);
    expect(cache.serve(s, lhr, 'article', 4, 10_000).invocations).toBe(0);
  });

  test("under Vary: Cookie a request carrying a visitor's XSRF cookie is never answered from the cache; one without it is", () => {
    const carried = { after: [], afterCookieOnApi: ['navigation'], afterCookieAtRoot: ['article', 'navigation'] } as const;
    for (const design of ['after', 'afterCookieOnApi', 'afterCookieAtRoot'] as const) {
      const cache = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS[design]);
      const s = site();
      for (const kind of ['article', 'navigation'] as const) {
        cache.serve(s, cdg, kind, 3, 0);
        const carries = (carried[design] as readonly string[]).includes(kind);
        expect(cache.serve(s, cdg, kind, 3, 10_000, true).invocations, `${design} ${kind}`).toBe(carries ? 1 : 0);
        expect(cache.serve(s, cdg, kind, 3, 20_000, false).invocations, `${design} ${kind}`).toBe(0);
      }
    }
  });
});

describe('placement', () => {
  const syd = nodes.findIndex((n) => n.iata === 'SYD');
  const gru = nodes.findIndex((n) => n.iata === 'GRU');

  test('a miss of both tiers runs the placed Worker, a round trip away from the upper tier; the next miss finds it warm', () => {
    const placed = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.afterPlaced);
    const unplaced = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.after);
    const [a, b] = [site(), site()];
    const fra = nodes.findIndex((n) => n.iata === DESIGN_OPTIONS.afterPlaced.placedAt);
    const sydHub = nodes[syd]!.hub;
    const answer = placed.serve(a, syd, 'article', 3, 0);
    unplaced.serve(b, syd, 'article', 3, 0);
    // The isolate started at FRA, not at Sydney's upper tier, and the answer waited for the trip there and back.
    expect(a.isolates.peek(fra, 1)).not.toBeNull();
    expect(a.isolates.peek(sydHub, 1)).toBeNull();
    expect(b.isolates.peek(sydHub, 1)).not.toBeNull();
    expect(answer.ms).toBeGreaterThan(roundTripMs(greatCircleKm(nodes[sydHub]!, nodes[fra]!), DEFAULT_PARAMS.network));
    // Another region's miss a minute later runs in the same isolate, still warm; unplaced, its own upper tier starts one.
    expect(a.isolates.peek(fra, 60_000)).not.toBeNull();
    expect(placed.serve(a, gru, 'home', 0, 60_000).invocations).toBe(1);
    expect(unplaced.serve(b, gru, 'home', 0, 60_000).invocations).toBe(1);
    expect(a.isolates.peek(nodes[gru]!.hub, 60_001)).toBeNull();
    expect(b.isolates.peek(nodes[gru]!.hub, 60_001)).not.toBeNull();
  });
});

describe('the manifest through Workers Cache', () => {
  test('a Worker run reads it from KV once per hub; behind the same hub, the next is a hit; after a purge, KV again', () => {
    const s = { ...site(measured), manifestCache: new ManifestCache(nodes, DEFAULT_PARAMS) };
    expect(nodes[lhr]!.hub).toBe(nodes[cdg]!.hub);
    const first = runWorker(s, cdg, 'home', 0, 0, 20);
    expect(first).toMatchObject({ kvReads: 1, kvRounds: 1 });
    // Another data centre behind the same hub, its isolate cold: the manifest from the upper tier, no KV read.
    const next = runWorker(s, lhr, 'home', 0, 10, 20);
    expect(next).toMatchObject({ kvReads: 0, kvRounds: 0 });
    // The same isolate once its memo has run out: the lower tier's copy.
    expect(runWorker(s, cdg, 'home', 0, 60_000, 20)).toMatchObject({ kvReads: 0, kvRounds: 0 });
    s.manifestCache.purge();
    expect(runWorker(s, cdg, 'home', 0, 120_000, 20)).toMatchObject({ kvReads: 1, kvRounds: 1 });
  });

  test('concurrent misses wait for the one fill', () => {
    const cache = new ManifestCache(nodes, DEFAULT_PARAMS);
    const kv = publishedKv(new KvModel(nodes, DEFAULT_PARAMS.kv, randomFor(5)));
    const first = cache.read(kv, cdg, 0);
    expect(first.fromKv).toBe(true);
    const second = cache.read(kv, lhr, 1);
    expect(second.fromKv).toBe(false);
    expect(1 + second.ms).toBeGreaterThanOrEqual(first.ms);
  });
});

describe('the Worker replayed from its measurement', () => {
  test('a cold isolate reads what the measurement read cold; a warm one with a fresh memo nothing; an expired memo the manifest', () => {
    for (const kind of ['home', 'article', 'search'] as const) {
      const s = site(measured);
      const reads = (at: number) => runWorker(s, cdg, kind, 3, at, 20).kvReads;
      const count = (rounds: string[][]) => rounds.flat().length;
      expect(reads(0), kind).toBe(count(measured.kinds[kind].cold.rounds));
      expect(reads(1000), kind).toBe(count(measured.kinds[kind].warm.rounds));
      expect(reads(10_000), kind).toBe(count(measured.kinds[kind].memoExpired.rounds));
    }
  });

  test('a cold article: one round trip today (the manifest, which carries the entry), two in sequence before', () => {
    expect(measured.kinds.article.cold.rounds).toEqual([['manifest']]);
    expect(runWorker(site(measured), cdg, 'article', 3, 0, 20)).toMatchObject({ kvRounds: 1, kvReads: 1 });
    expect(runWorker(site(before), cdg, 'article', 3, 0, 20)).toMatchObject({ kvRounds: 2, kvReads: 2 });
    // A warm isolate with a fresh memo has every article today; before, it read one it had not read yet.
    const reads = (worker: typeof measured) => {
      const s = site(worker);
      runWorker(s, cdg, 'article', 3, 0, 20);
      return runWorker(s, cdg, 'article', 4, 1000, 20);
    };
    expect(reads(measured)).toMatchObject({ kvRounds: 0, kvReads: 0 });
    expect(reads(before)).toMatchObject({ kvRounds: 1, kvReads: 1 });
  });

  test('in the minute after a publish a miss still reads one key, whichever manifest its data centre sees', () => {
    const s = site(measured, [{ version: 1, at: 0, manifestAt: 0, article: 3 }]);
    expect(runWorker(s, cdg, 'article', 3, 0, 20)).toMatchObject({ manifestVersion: 0, kvRounds: 1, kvReads: 1 });
    s.kv.write('manifest', 1);
    expect(runWorker(s, cdg, 'article', 3, 60_000, 20)).toMatchObject({ manifestVersion: 1, kvRounds: 1, kvReads: 1 });
  });

  test('a cold isolate costs its start-up less what the TLS handshake hides; a rendered page is then kept', () => {
    const s = site();
    const cold = runWorker(s, cdg, 'article', 3, 0, 20).ms;
    const warm = runWorker(s, cdg, 'article', 3, 1000, 20).ms;
    expect(warm).toBe(1);
    expect(cold).toBeGreaterThan(100 - 20 + 10);
  });

  test('the bound: a free cold start costs nothing beyond KV and the render', () => {
    const free = withFreeStart(measured);
    for (const kind of REQUEST_KINDS) expect(coldStartMs(free, kind, 0, DEFAULT_PARAMS)).toBe(0);
    expect(coldStartMs(measured, 'article', 0, DEFAULT_PARAMS)).toBeGreaterThan(0);
  });
});
