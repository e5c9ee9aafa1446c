/**
 * Workers Cache as its docs describe it: a lower tier in every data centre, an upper tier that the lower tiers ask on a
 * miss and that runs the Worker on its own miss, request coalescing per key in each tier, purge by tag emptying every
 * tier of what carries the tags. The Worker then runs in the upper tier's data centre (our reading of the docs). State
 * and pure steps.
 */
import { type Node, type Placement, placementAt } from './network.ts';
import type { DesignOptions, WorldParams } from './params.ts';
import { pageVersion } from './publishes.ts';
import { peekWorker, runWorker, type WorkerSite } from './serve-worker.ts';
import type { RequestKind } from './worker-profile.ts';

interface Stored {
  version: number;
  /** Until then the fill is under way: requests for the key wait for it (coalescing). */
  readyAt: number;
  freshUntil: number;
  staleUntil: number;
}

export interface CachedAnswer {
  ms: number;
  manifestVersion: number;
  invocations: number;
  kvReads: number;
  kvRounds: number;
}

/** Kinds a cache may keep in this design: GETs whose responses are public (page views are POSTs; assets never reach it). */
export const CACHED_KINDS = new Set<RequestKind>(['home', 'article', 'index', 'navigation', 'pageData', 'search']);
/** Those under `/api/_analog`, the XSRF cookie's path (contracts/xsrf-names.ts): page HTML, page data, search. */
const API_KINDS = new Set<RequestKind>(['navigation', 'pageData', 'search']);

export class WorkersCache {
  readonly lower: Map<string, Stored>[];
  readonly upper = new Map<number, Map<string, Stored>>();
  readonly #nodes: readonly Node[];
  readonly #params: WorldParams['workersCache'];
  readonly #design: DesignOptions;
  /** Where a miss of both tiers runs the Worker when the design places it. */
  readonly #placed: Placement | null;

  constructor(nodes: readonly Node[], { workersCache, network }: Pick<WorldParams, 'workersCache' | 'network'>, design: DesignOptions) {
    this.#nodes = nodes;
    this.#params = workersCache;
    this.#design = design;
    this.lower = nodes.map(() => new Map());
    this.#placed = placementAt(nodes, design.placedAt, network);
  }

  /** Purge by the site's tag, which every response carries: every tier empties. */
  purgeAll(): void {
    for (const tier of this.lower) tier.clear();
    this.upper.clear();
  }

  /** Purge by tag: every response of `pages` (each page's entry and list tags) and, with `search`, every search answer. */
  purge(pages: ReadonlySet<number>, search: boolean): void {
    const tagged = (key: string) => {
      const [kind, page] = key.split(':');
      return (search && kind === 'search') || pages.has(Number(page));
    };
    for (const tier of [...this.lower, ...this.upper.values()]) for (const key of tier.keys()) if (tagged(key)) tier.delete(key);
  }

  #stored(version: number, at: number, ms: number): Stored {
    const readyAt = at + ms;
    const freshUntil = readyAt + this.#design.maxAgeS * 1000;
    return { version, readyAt, freshUntil, staleUntil: freshUntil + this.#design.staleWhileRevalidateS * 1000 };
  }

  #upperTier(hub: number): Map<string, Stored> {
    const tier = this.upper.get(hub) ?? new Map<string, Stored>();
    this.upper.set(hub, tier);
    return tier;
  }

  /** A cached answer, or a wait for one being filled, or null (a miss). Stale answers start a revalidation. */
  #look(tier: Map<string, Stored>, key: string, now: number): { stored: Stored; wait: number; revalidate: boolean } | null {
    const stored = tier.get(key);
    if (!stored || now >= stored.staleUntil) return null;
    return { stored, wait: Math.max(0, stored.readyAt - now), revalidate: now >= stored.freshUntil && now >= stored.readyAt };
  }

  /** The upper tier's answer for `dc`'s lower tier: cached, joined, or the Worker run at the hub. */
  #fromUpper(site: WorkerSite, dc: number, kind: RequestKind, page: number, key: string | null, now: number): CachedAnswer {
    const node = this.#nodes[dc]!;
    const toHub = node.toHubMs + this.#params.upperServiceMs;
    const tier = this.#upperTier(node.hub);
    const found = key === null ? null : this.#look(tier, key, now);
    const cached = { invocations: 0, kvReads: 0, kvRounds: 0 };
    if (found && !found.revalidate) return { ms: toHub + found.wait, manifestVersion: found.stored.version, ...cached };
    const runsAt = this.#placed?.at ?? node.hub;
    const away = this.#placed?.tripMs[node.hub] ?? 0;
    const worker = runWorker(site, runsAt, kind, page, now, 0);
    const served = { ...worker, ms: worker.ms + away };
    if (key !== null) tier.set(key, this.#stored(served.manifestVersion, now, served.ms));
    const ran = { invocations: 1, kvReads: served.kvReads, kvRounds: served.kvRounds };
    if (found) return { ms: toHub, manifestVersion: found.stored.version, ...ran };
    return { ms: toHub + served.ms, manifestVersion: served.manifestVersion, ...ran };
  }

  /**
   * A request through both tiers. One that carries the visitor's XSRF cookie (`holdsCookie`, and the cookie's path
   * covers the request), under `Vary: Cookie`, is a variant of its own: a visitor's cookie matches no other visitor's,
   * so the model neither finds nor keeps it (a visitor seldom asks twice).
   */
  serve(site: WorkerSite, dc: number, kind: RequestKind, page: number, now: number, holdsCookie = false): CachedAnswer {
    const on = this.#design.xsrfCookieOn;
    const carries = holdsCookie && (on === 'all' || (on === 'api' && API_KINDS.has(kind)));
    const key = carries ? null : `${kind}:${page}`;
    const tier = this.lower[dc]!;
    const found = key === null ? null : this.#look(tier, key, now);
    const hit = this.#params.hitMs;
    const cached = { invocations: 0, kvReads: 0, kvRounds: 0 };
    if (found && !found.revalidate) return { ms: hit + found.wait, manifestVersion: found.stored.version, ...cached };
    const filled = this.#fromUpper(site, dc, kind, page, key, now);
    if (key !== null) tier.set(key, this.#stored(filled.manifestVersion, now, filled.ms));
    if (found) return { ...filled, ms: hit, manifestVersion: found.stored.version };
    return { ...filled, ms: hit + filled.ms };
  }

  /** The version of `page` a request at `dc` would get now, changing nothing. */
  peek(site: WorkerSite, dc: number, kind: RequestKind, page: number, now: number): number {
    const key = `${kind}:${page}`;
    const node = this.#nodes[dc]!;
    const found = this.#look(this.lower[dc]!, key, now) ?? this.#look(this.#upperTier(node.hub), key, now);
    const version = found ? found.stored.version : peekWorker(site, this.#placed?.at ?? node.hub, now);
    return pageVersion(site.publishes, page, version);
  }
}
