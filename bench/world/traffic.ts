/**
 * A day of visits, seeded: each visit at a data centre drawn by its region's weight, at a time drawn from that place's
 * daily curve, and the requests it makes (page-data requests come from other clients than the browser, without its
 * cookies), in time order. Pure.
 */
import type { Node } from './network.ts';
import type { WorldParams } from './params.ts';
import { cumulative, logNormal, pick, type Random, randomFor, Z95 } from './sampling.ts';
import { REQUEST_KINDS, type RequestKind } from './worker-profile.ts';

export const DAY_MS = 86_400_000;
/** Pages of the model's site: the home page, the news index, then the articles by popularity. */
export const HOME = 0;
export const INDEX = 1;
export const FIRST_ARTICLE = 2;
/** When a visit's page view is sent after its page load, ms. */
const PAGE_VIEW_MS = 2_000;

export const kindIndex = (kind: RequestKind): number => REQUEST_KINDS.indexOf(kind);

/** Requests as parallel arrays, sorted by time (ms after midnight UTC). */
export interface Traffic {
  count: number;
  time: Float64Array;
  dc: Uint16Array;
  kind: Uint8Array;
  page: Uint16Array;
  /** The visitor's round trip to its data centre. */
  visitorMs: Float32Array;
  /** The visit each request belongs to, and whether its visitor holds the XSRF cookie then (which requests carry it is the design's). */
  visit: Uint32Array;
  cookie: Uint8Array;
}

/** Relative visit rate at a place at `ms` after midnight UTC; its local hour from its longitude. */
export function diurnal(lon: number, ms: number, { amplitude, peakLocalHour }: WorldParams['diurnal']): number {
  const localHour = (ms / 3_600_000 + lon / 15 + 24) % 24;
  return 1 + amplitude * Math.cos((2 * Math.PI * (localHour - peakLocalHour)) / 24);
}

/** Each data centre's share of visits: its region's weight split evenly among the region's data centres. */
export function dcWeights(nodes: readonly Node[], weights: WorldParams['regionWeights']): number[] {
  const perRegion = new Map<string, number>();
  for (const n of nodes) perRegion.set(n.region, (perRegion.get(n.region) ?? 0) + 1);
  return nodes.map((n) => weights[n.region] / perRegion.get(n.region)!);
}

function visitTime(lon: number, params: WorldParams, random: Random): number {
  const top = 1 + params.diurnal.amplitude;
  for (;;) {
    const ms = random() * DAY_MS;
    if (random() * top <= diurnal(lon, ms, params.diurnal)) return ms;
  }
}

export function generateTraffic(nodes: readonly Node[], params: WorldParams): Traffic {
  const random = randomFor(params.seed);
  const dcSums = cumulative(dcWeights(nodes, params.regionWeights));
  const articleSums = cumulative(Array.from({ length: params.articles }, (_, i) => 1 / (i + 1) ** params.zipf));
  const { pageMix } = params.visit;
  const pageSums = cumulative([pageMix.home, pageMix.index, pageMix.article]);
  const sigma = Math.log(params.network.visitorP95Ms / params.network.visitorMedianMs) / Z95;
  const rows: [number, number, number, number, number, number, number][] = [];
  const article = () => FIRST_ARTICLE + pick(articleSums, random);
  for (let v = 0; v < params.visitsPerDay; v++) {
    const dc = pick(dcSums, random);
    const t0 = visitTime(nodes[dc]!.lon, params, random);
    const rtt = logNormal(random, params.network.visitorMedianMs, sigma);
    const landing = [HOME, INDEX, -1][pick(pageSums, random)]!;
    const page = landing < 0 ? article() : landing;
    // Each visit (a tab) asks for the XSRF token before its first page view, and a new visitor gets the cookie with it;
    // a returning one holds it from the start.
    const returning = random() < params.visit.returningShare;
    const cookieFrom = returning ? 0 : PAGE_VIEW_MS;
    const add = (after: number, kind: RequestKind, p: number, browser = true) =>
      rows.push([(t0 + after) % DAY_MS, dc, kindIndex(kind), p, rtt, v, browser && after >= cookieFrom ? 1 : 0]);
    add(0, page === HOME ? 'home' : page === INDEX ? 'index' : 'article', page);
    if (random() < params.visit.assetShare) add(300, 'asset', page);
    add(PAGE_VIEW_MS - 10, 'xsrfToken', page);
    add(PAGE_VIEW_MS, 'pageView', page);
    if (random() < params.visit.searchShare) add(10_000, 'search', page);
    if (random() < params.visit.pageDataShare) add(5_000, 'pageData', page, false);
    const navigations = Math.floor(params.visit.navigations) + (random() < params.visit.navigations % 1 ? 1 : 0);
    for (let n = 1; n <= navigations; n++) {
      const next = article();
      add(30_000 * n, 'navigation', next);
      add(30_000 * n + 1_000, 'pageView', next);
    }
  }
  rows.sort((a, b) => a[0] - b[0]);
  return {
    count: rows.length,
    time: Float64Array.from(rows, (r) => r[0]),
    dc: Uint16Array.from(rows, (r) => r[1]),
    kind: Uint8Array.from(rows, (r) => r[2]),
    page: Uint16Array.from(rows, (r) => r[3]),
    visitorMs: Float32Array.from(rows, (r) => r[4]),
    visit: Uint32Array.from(rows, (r) => r[5]),
    cookie: Uint8Array.from(rows, (r) => r[6]),
  };
}
