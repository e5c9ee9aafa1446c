/**
 * The after design's two purges: a data centre whose Worker still reads the old manifest refills the cache with the old
 * page after the first purge, the second (65 s after the manifest write) ends it; with the first alone the old page
 * stays. And Workers Cache runs the Worker for a page only on a miss of both tiers, which a request carrying a cookie
 * always is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Isolates } from '../../../bench/world/isolates.ts';
import { KvModel } from '../../../bench/world/kv-model.ts';
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
import { SECOND_PURGE_AFTER_SECONDS } from '../../../contracts/edge-cache.ts';

const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);
const profile = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as WorkerProfile;
const beforeProfile = JSON.parse(readFileSync(BEFORE_PROFILE_FILE, 'utf8')) as WorkerProfile;
const cdg = nodes.findIndex((n) => n.iata === 'CDG');
const lhr = nodes.findIndex((n) => n.iata === 'LHR');

describe('a publish in front of a data centre that still reads the old manifest', () => {
  const T = 1_000_000;
  const publish: Publish = { version: 1, at: T - 2000, manifestAt: T, article: 3 };
  const pages = purgedPages(publish, DEFAULT_PARAMS);
  /** CDG has the page cached, and its upper tier's Worker read the manifest just before the write; then the publish. */
  function published(): { site: WorkerSite; cache: WorkersCache } {
    const site: WorkerSite = {
      params: DEFAULT_PARAMS,
      profile,
      kv: publishedKv(new KvModel(nodes, DEFAULT_PARAMS.kv, randomFor(9))),
      isolates: new Isolates(nodes.length, DEFAULT_PARAMS.isolate.idleEvictS),
      cacheApi: nodes.map(() => new Set()),
      publishes: [publish],
      doMs: nodes.map(() => 50),
    };
    const cache = new WorkersCache(nodes, DEFAULT_PARAMS, DESIGN_OPTIONS.after);
    expect(cache.serve(site, cdg, 'article', 3, T - 1000).manifestVersion).toBe(0);
    site.kv.write('copy/3', 1);
    site.kv.write('manifest', 1);
    cache.purge(pages, true);
    // Another data centre behind the same upper tier asks at once: its Worker's memo still holds the old manifest.
    expect(nodes[lhr]!.hub).toBe(nodes[cdg]!.hub);
    expect(cache.serve(site, lhr, 'article', 3, T + 1000).manifestVersion).toBe(0);
    return { site, cache };
  }

  test('with one purge at once, the old page refilled after it stays, though the Worker reads the new manifest', () => {
    const { site, cache } = published();
    const hub = nodes[cdg]!.hub;
    for (const at of [T + 64_000, T + 3_600_000]) {
      expect(peekWorker(site, hub, at)).toBe(1);
      expect(cache.serve(site, cdg, 'article', 3, at).manifestVersion).toBe(0);
    }
  });

  test('the second purge, 65 s after the manifest write, leaves every data centre with the new page', () => {
    const { site, cache } = published();
    cache.purge(pages, true);
    const after = T + SECOND_PURGE_AFTER_SECONDS * 1000 + 1000;
    expect(cache.serve(site, cdg, 'article', 3, after).manifestVersion).toBe(1);
    for (let dc = 0; dc < nodes.length; dc++)
      for (const [kind, page] of [
        ['article', 3],
        ['navigation', 3],
        ['pageData', 3],
        ['home', HOME],
        ['index', INDEX],
      ] as const)
        expect(cache.peek(site, dc, kind, page, after), `${nodes[dc]!.iata} ${kind}`).toBe(1);
  });
});

describe('a day of 10,000 visits', () => {
  const params = { ...DEFAULT_PARAMS, visitsPerDay: 10_000, probeS: 120 };
  const traffic = generateTraffic(nodes, params);
  const publishes = schedulePublishes(params);
  const world = { nodes, params, profile, beforeProfile, traffic, publishes };

  test('two purges: every data centre has the new pages by the second purge, and none serves an old one after', () => {
    const m = simulateDesign('after', world);
    const latest = params.publishWriteS + SECOND_PURGE_AFTER_SECONDS + 1;
    for (const row of m.freshAt) for (const s of row) expect(s).toBeLessThanOrEqual(latest);
    expect(m.oldAfterFresh).toBe(0);
  });

  test('one purge at once: some data centres keep an old page past the probe, or serve it after the new one', () => {
    const m = simulateDesign('afterPurgeOnce', world);
    const neverFresh = m.freshAt.flatMap((row) => Array.from(row)).filter(Number.isNaN).length;
    expect(neverFresh + m.oldAfterFreshAt.size).toBeGreaterThan(0);
  });

  test('Workers Cache runs the Worker for a page only when both tiers miss: once per upper tier and key and purge of it, and for each request carrying a cookie', () => {
    const purges = DESIGN_OPTIONS.after.purgesAfterS.length;
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
