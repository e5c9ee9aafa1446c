/**
 * The world model's tiers in front of KV do what their docs say (Workers Cache: a purge empties every tier, concurrent
 * misses send one request to the Worker), and its replay of the Worker reads what the measurement recorded.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Isolates } from '../../../bench/world/isolates.ts';
import { KvModel } from '../../../bench/world/kv-model.ts';
import { buildNetwork } from '../../../bench/world/network.ts';
import { DEFAULT_PARAMS, DESIGN_OPTIONS } from '../../../bench/world/params.ts';
import { dataCentres } from '../../../bench/world/places.ts';
import { randomFor } from '../../../bench/world/sampling.ts';
import { runWorker, type WorkerSite } from '../../../bench/world/serve-worker.ts';
import {
  type KindProfile,
  PROFILE_FILE,
  REQUEST_KINDS,
  type RequestKind,
  type WorkerProfile,
} from '../../../bench/world/worker-profile.ts';
import { WorkersCache } from '../../../bench/world/workers-cache.ts';

const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);
const measured = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as WorkerProfile;

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

function site(worker: WorkerProfile = profile): WorkerSite {
  const kv = new KvModel(nodes, DEFAULT_PARAMS.kv, randomFor(5));
  kv.write('manifest', 0);
  return {
    params: DEFAULT_PARAMS,
    profile: worker,
    kv,
    isolates: new Isolates(nodes.length, DEFAULT_PARAMS.isolate.idleEvictS),
    cacheApi: nodes.map(() => new Set()),
    publishes: [],
    doMs: nodes.map(() => 50),
  };
}

const lhr = nodes.findIndex((n) => n.iata === 'LHR');
const cdg = nodes.findIndex((n) => n.iata === 'CDG');

describe('Workers Cache', () => {
  test('concurrent misses in a data centre send one request to the Worker; the others wait for its answer', () => {
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS.workersCache, DESIGN_OPTIONS.workersCache);
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
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS.workersCache, DESIGN_OPTIONS.workersCache);
    const s = site();
    for (const dc of [lhr, cdg, 0, 100]) cache.serve(s, dc, 'home', 0, 0);
    expect(cache.serve(s, cdg, 'home', 0, 10_000).invocations).toBe(0);
    cache.purgeAll();
    expect(cache.lower.every((tier) => tier.size === 0)).toBe(true);
    expect(cache.upper.size).toBe(0);
    expect(cache.serve(s, cdg, 'home', 0, 20_000).invocations).toBe(1);
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

  test('a cold isolate costs its start-up less what the TLS handshake hides; a rendered page is then kept', () => {
    const s = site();
    const cold = runWorker(s, cdg, 'article', 3, 0, 20).ms;
    const warm = runWorker(s, cdg, 'article', 3, 1000, 20).ms;
    expect(warm).toBe(1);
    expect(cold).toBeGreaterThan(100 - 20 + 10);
  });
});
