/**
 * The after design's purges: a data centre that still reads the old manifest refills the cache with it and with the old
 * page after the first purge; the manifest again once KV shows the new one everywhere, then the pages once no isolate
 * holds the old one, ends it. With the first alone the old page stays; with the pages and the manifest purged together
 * the second time, an isolate's memo renders the old page after it. And Workers Cache runs the Worker for a page only on
 * a miss of both tiers, which a request carrying a cookie always is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Isolates } from '../../../bench/world/isolates.ts';
import { KvModel } from '../../../bench/world/kv-model.ts';
import { ManifestCache } from '../../../bench/world/manifest-cache.ts';
import { buildNetwork } from '../../../bench/world/network.ts';
import { DEFAULT_PARAMS, DESIGN_OPTIONS } from '../../../bench/world/params.ts';
import { dataCentres } from '../../../bench/world/places.ts';
import { type Publish, schedulePublishes } from '../../../bench/world/publishes.ts';
import { randomFor } from '../../../bench/world/sampling.ts';
import { peekWorker, type WorkerSite } from '../../../bench/world/serve-worker.ts';
import { publishedKv, purgedPages, simulateDesign } from '../../../bench/world/simulate.ts';
import { generateTraffic, HOME, INDEX, kindIndex } from '../../../bench/world/traffic.ts';
import { BEFORE_PROFILE_FILE, PROFILE_FILE, type WorkerProfile } from '../../../bench/world/worker-profile.ts';
import { WorkersCache } from '../../../bench/world/workers-cache.ts';
import { PURGES_AGAIN } from '../../../contracts/edge-cache.ts';

const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);
const profile = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as WorkerProfile;
const beforeProfile = JSON.parse(readFileSync(BEFORE_PROFILE_FILE, 'utf8')) as WorkerProfile;
const cdg = nodes.findIndex((n) => n.iata === 'CDG');
const lhr = nodes.findIndex((n) => n.iata === 'LHR');
const CHANGED = [
  ['article', 3],
  ['navigation', 3],
  ['pageData', 3],
  ['home', HOME],
  ['index', INDEX],
] as const;

describe('a publish in front of a data centre that still reads the old manifest', () => {
  const T = 1_000_000;
  const publish: Publish = { version: 1, at: T - 2000, manifestAt: T, article: 3 };
  const pages = purgedPages(publish, DEFAULT_PARAMS);
  /** CDG has the page cached, its upper tier's Worker read the manifest from KV just before the write; then the publish. */
  function published(): { site: WorkerSite & { manifestCache: ManifestCache }; cache: WorkersCache } {
    const site = {
      params: DEFAULT_PARAMS,
      profile,
      kv: publishedKv(new KvModel(nodes, DEFAULT_PARAMS.kv, randomFor(9))),
      manifestCache: new ManifestCache(nodes, DEFAULT_PARAMS),
      isolates: new Isolates(nodes.length, DEFAULT_PARAMS.isolate.idleEvictS),
      cacheApi: nodes.map(() => new Set<string>()),
      publishes: [publish],
      doMs: nodes.map(() => 50),
    };
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.after);
    expect(cache.serve(site, cdg, 'article', 3, T - 1000).manifestVersion).toBe(0);
    site.kv.write('manifest', 1);
    site.manifestCache.purge();
    cache.purge(pages, true);
    // Another data centre behind the same upper tier asks at once: the hub's isolate renders from its memo; 10 s later,
    // its memo run out, from KV's copy there, still the old manifest, which it reads into the cache.
    expect(nodes[lhr]!.hub).toBe(nodes[cdg]!.hub);
    expect(cache.serve(site, lhr, 'article', 3, T + 1000).manifestVersion).toBe(0);
    expect(cache.serve(site, lhr, 'navigation', 3, T + 10_000)).toMatchObject({ manifestVersion: 0, kvReads: 1 });
    return { site, cache };
  }
  const at = (seconds: number) => T + seconds * 1000;

  test('with one purge at once, the old page refilled after it stays, though KV holds the new manifest', () => {
    const { site, cache } = published();
    const hub = nodes[cdg]!.hub;
    for (const now of [at(64), at(3600)]) {
      expect(site.kv.peek(hub, 'manifest', now)).toBe(1);
      expect(cache.serve(site, cdg, 'article', 3, now).manifestVersion).toBe(0);
    }
  });

  test('purging pages and manifest together again: an isolate that read the old cached manifest just before renders it after', () => {
    const { site, cache } = published();
    const hub = nodes[cdg]!.hub;
    const second = PURGES_AGAIN.manifestAfterSeconds;
    // Just before the second purge the hub's isolate, its memo run out, takes the old manifest from the cache.
    expect(cache.serve(site, lhr, 'pageData', 3, at(second - 0.5)).manifestVersion).toBe(0);
    site.manifestCache.purge();
    cache.purge(pages, true);
    expect(peekWorker(site, hub, at(second + 1))).toBe(0);
    expect(cache.serve(site, cdg, 'article', 3, at(second + 1)).manifestVersion).toBe(0);
  });

  test('the manifest again once KV shows the new one everywhere, then the pages: every data centre has the new pages', () => {
    const { site, cache } = published();
    expect(cache.serve(site, lhr, 'pageData', 3, at(PURGES_AGAIN.manifestAfterSeconds - 0.5)).manifestVersion).toBe(0);
    site.manifestCache.purge();
    cache.serve(site, lhr, 'navigation', 3, at(PURGES_AGAIN.manifestAfterSeconds + 1));
    site.manifestCache.purge();
    cache.purge(pages, true);
    const after = at(PURGES_AGAIN.pagesAfterSeconds + 1);
    expect(cache.serve(site, cdg, 'article', 3, after).manifestVersion).toBe(1);
    for (let dc = 0; dc < nodes.length; dc++)
      for (const [kind, page] of CHANGED) expect(cache.peek(site, dc, kind, page, after), `${nodes[dc]!.iata} ${kind}`).toBe(1);
  });
});

describe('a day of 10,000 visits', () => {
  const params = { ...DEFAULT_PARAMS, visitsPerDay: 10_000, probeS: 120 };
  const traffic = generateTraffic(nodes, params);
  const publishes = schedulePublishes(params);
  const world = { nodes, params, profile, beforeProfile, traffic, publishes };

  test('the purges again: every data centre has the new pages by the last, and none serves an old one after', () => {
    const m = simulateDesign('after', world);
    const latest = params.publishWriteS + PURGES_AGAIN.pagesAfterSeconds + 1;
    for (const row of m.freshAt) for (const s of row) expect(s).toBeLessThanOrEqual(latest);
    expect(m.oldAfterFresh).toBe(0);
  });

  test('Workers Cache runs the Worker for a page only when both tiers miss: once per upper tier and key and purge of it, and for each request carrying a cookie', () => {
    const purges = DESIGN_OPTIONS.after.purges.filter((round) => round.pages).length;
    const pageKinds = new Set((['home', 'article', 'index', 'navigation', 'pageData'] as const).map(kindIndex));
    const keys = new Set<string>();
    let carrying = 0;
    for (let r = 0; r < traffic.count; r++) {
      if (!pageKinds.has(traffic.kind[r]!)) continue;
      keys.add(`${nodes[traffic.dc[r]!]!.hub}:${traffic.kind[r]}:${traffic.page[r]}`);
      // Of page requests, only page HTML goes to /api/_analog with the visitor's cookie (page data comes from other clients).
      if (traffic.kind[r] === kindIndex('navigation') && traffic.cookie[r] === 1) carrying++;
    }
    let bound = 0;
    for (const key of keys) {
      const page = Number(key.split(':')[2]);
      bound += 1 + purges * publishes.filter((p) => purgedPages(p, params).has(page)).length;
    }
    const ran = (m: ReturnType<typeof simulateDesign>) => m.pageAnswers - m.withoutWorker;
    const withoutCookie = simulateDesign('after', world);
    expect(ran(withoutCookie)).toBeGreaterThan(0);
    expect(ran(withoutCookie)).toBeLessThanOrEqual(bound);
    // What the model finds with the default parameters and seed (9 %): a change of mechanics or parameters that moves
    // it past a tenth shows here.
    expect(ran(withoutCookie) / withoutCookie.pageAnswers).toBeLessThan(0.1);
    const cookieOnApi = simulateDesign('afterCookieOnApi', world);
    expect(carrying).toBeGreaterThan(0);
    expect(ran(cookieOnApi)).toBeGreaterThanOrEqual(carrying);
    expect(ran(cookieOnApi)).toBeLessThanOrEqual(bound + carrying);
    expect(simulateDesign('before', world).withoutWorker).toBe(0);
  });
});
