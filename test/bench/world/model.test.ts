/** The world model as a whole: the same seed gives the same figures, another seed other ones; the traffic is what was asked. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { freshness, percentiles, pooledLatency, usage } from '../../../bench/world/metrics.ts';
import { buildNetwork } from '../../../bench/world/network.ts';
import { DEFAULT_PARAMS, DESIGNS } from '../../../bench/world/params.ts';
import { dataCentres } from '../../../bench/world/places.ts';
import { schedulePublishes } from '../../../bench/world/publishes.ts';
import { randomFor } from '../../../bench/world/sampling.ts';
import { simulateDesign } from '../../../bench/world/simulate.ts';
import { firstVisitRatios, regionsWorse, regionsWorseBeyondChance } from '../../../bench/world/targets.ts';
import { generateTraffic } from '../../../bench/world/traffic.ts';
import { BEFORE_PROFILE_FILE, PROFILE_FILE, REQUEST_KINDS, type WorkerProfile } from '../../../bench/world/worker-profile.ts';

const nodes = buildNetwork(dataCentres(), DEFAULT_PARAMS);
const profile = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as WorkerProfile;
const beforeProfile = JSON.parse(readFileSync(BEFORE_PROFILE_FILE, 'utf8')) as WorkerProfile;

function figures(seed: number) {
  const params = { ...DEFAULT_PARAMS, seed, visitsPerDay: 2000, probeS: 120 };
  const traffic = generateTraffic(nodes, params);
  const world = { nodes, params, profile, beforeProfile, traffic, publishes: schedulePublishes(params) };
  return DESIGNS.map((design) => {
    const m = simulateDesign(design, world);
    return { ttfb: percentiles(m.pageTtfb), fresh: freshness(m), usage: usage(m), stale: m.staleAnswers };
  });
}

test('the same seed gives the same figures; another seed other ones', () => {
  const first = figures(11);
  expect(figures(11)).toEqual(first);
  expect(figures(12)).not.toEqual(first);
});

test('the traffic: the visits asked for, in time order, within the day', () => {
  const params = { ...DEFAULT_PARAMS, visitsPerDay: 500 };
  const traffic = generateTraffic(nodes, params);
  const pageLoads = Array.from(traffic.kind).filter((k) => k <= 2).length;
  expect(pageLoads).toBe(500);
  for (let i = 1; i < traffic.count; i++) expect(traffic.time[i]!).toBeGreaterThanOrEqual(traffic.time[i - 1]!);
  expect(traffic.time[traffic.count - 1]!).toBeLessThan(86_400_000);
});

test('the XSRF cookie: every visit asks for the token before its first page view; a new visitor holds the cookie after it, page data never', () => {
  const traffic = generateTraffic(nodes, { ...DEFAULT_PARAMS, visitsPerDay: 2000 });
  const kind = (r: number) => REQUEST_KINDS[traffic.kind[r]!]!;
  const asked = new Map<number, number>();
  for (let r = 0; r < traffic.count; r++)
    if (kind(r) === 'xsrfToken') {
      expect(asked.has(traffic.visit[r]!)).toBe(false);
      asked.set(traffic.visit[r]!, traffic.time[r]!);
    }
  expect(asked.size).toBe(2000);
  // The day wraps a visit begun before midnight round to its start: compare within the visit's own minutes.
  const after = (r: number) => (traffic.time[r]! - asked.get(traffic.visit[r]!)! + 86_400_000) % 86_400_000 < 120_000;
  const holdsFromStart = new Set<number>();
  for (let r = 0; r < traffic.count; r++) {
    if (kind(r) === 'pageData') expect(traffic.cookie[r]).toBe(0);
    if (['home', 'article', 'index'].includes(kind(r)) && traffic.cookie[r] === 1) holdsFromStart.add(traffic.visit[r]!);
  }
  for (let r = 0; r < traffic.count; r++)
    if (traffic.cookie[r] === 1 && kind(r) !== 'pageData') expect(holdsFromStart.has(traffic.visit[r]!) || after(r)).toBe(true);
  // Returning visitors: about the share asked for.
  expect(holdsFromStart.size / 2000).toBeGreaterThan(DEFAULT_PARAMS.visit.returningShare - 0.05);
  expect(holdsFromStart.size / 2000).toBeLessThan(DEFAULT_PARAMS.visit.returningShare + 0.05);
});

test("latency pooled over days is every day's page loads as one sample; no design is worse than itself", () => {
  const day = (seed: number) => {
    const params = { ...DEFAULT_PARAMS, seed, visitsPerDay: 500, probeS: 60 };
    const world = { nodes, params, profile, beforeProfile, traffic: generateTraffic(nodes, params), publishes: schedulePublishes(params) };
    return simulateDesign('after', world);
  };
  const [one, two] = [day(3), day(4)];
  const pooled = pooledLatency([one, two]);
  expect(pooled.pageTtfb).toEqual([...one.pageTtfb, ...two.pageTtfb]);
  expect(pooled.firstVisitTtfb.length).toBe(one.firstVisitTtfb.length + two.firstVisitTtfb.length);
  for (const [region, values] of pooled.byRegion)
    expect(values.length).toBe(one.byRegion.get(region)!.length + two.byRegion.get(region)!.length);
  expect(regionsWorse(pooled, pooled)).toEqual([]);
  expect(firstVisitRatios(pooled, pooled)).toEqual([1, 1, 1]);
});

test("beyond chance: a design's own days are no worse than themselves; a region 30 % slower on every request is", () => {
  const params = { ...DEFAULT_PARAMS, seed: 3, visitsPerDay: 500, probeS: 60 };
  const world = { nodes, params, profile, beforeProfile, traffic: generateTraffic(nodes, params), publishes: schedulePublishes(params) };
  const after = pooledLatency([simulateDesign('after', world)]);
  expect(regionsWorseBeyondChance(after, after, randomFor(1))).toEqual([]);
  // The static host of the same visits is paired with after request by request.
  const anchor = pooledLatency([simulateDesign('static', world)]);
  expect(after.byRegion.get('Asia')!.length).toBe(anchor.byRegion.get('Asia')!.length);
  const slower = { ...after, byRegion: new Map([...after.byRegion].map(([r, v]) => [r, r === 'Europe' ? v.map((x) => x * 1.3) : v])) };
  expect(regionsWorseBeyondChance(slower, after, randomFor(1))).toEqual(['Europe']);
});
