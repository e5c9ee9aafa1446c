/**
 * Workers KV as its docs describe it: a cache per data centre kept for the read's cacheTtl (30 s at least), refreshed
 * in the background before it expires, a regional tier, and central stores that take writes. State and pure steps.
 */
import type { Node } from './network.ts';
import type { WorldParams } from './params.ts';
import { logNormal, type Random } from './sampling.ts';

interface Copy {
  version: number;
  expiresAt: number;
  ttlMs: number;
}

export type KvTier = 'local' | 'regional' | 'central';

export interface KvRead {
  ms: number;
  version: number;
  tier: KvTier;
}

/** A read's cacheTtl as KV applies it: never below the floor (30 s since 2026-01-30). */
export const effectiveTtlS = (cacheTtlS: number, floorS: number): number => Math.max(floorS, cacheTtlS);

export class KvModel {
  readonly #nodes: readonly Node[];
  readonly #kv: WorldParams['kv'];
  readonly #random: Random;
  readonly #local: Map<string, Copy>[];
  readonly #regional = new Map<number, Map<string, Copy>>();
  /** The central stores: each key's latest written version (immutable keys are version 0). */
  readonly #central = new Map<string, number>();

  constructor(nodes: readonly Node[], kv: WorldParams['kv'], random: Random) {
    this.#nodes = nodes;
    this.#kv = kv;
    this.#random = random;
    this.#local = nodes.map(() => new Map());
  }

  write(key: string, version: number): void {
    this.#central.set(key, version);
  }

  /** A Worker's `get` at data centre `dc`: its latency and the version it returns; caches fill on the way back. */
  read(dc: number, key: string, cacheTtlS: number, now: number): KvRead {
    const ttlMs = effectiveTtlS(cacheTtlS, this.#kv.cacheTtlFloorS) * 1000;
    const local = this.#local[dc]!;
    const copy = local.get(key);
    if (copy && now < copy.expiresAt) {
      // Near its end the copy is refreshed from the tiers behind it, off the request's path.
      if (copy.expiresAt - now < this.#kv.refreshAheadShare * copy.ttlMs) {
        const fresh = this.#fromRegion(dc, key, ttlMs, now);
        local.set(key, { version: fresh.version, expiresAt: now + fresh.ms + ttlMs, ttlMs });
      }
      return { ms: this.#kv.localHitMs, version: copy.version, tier: 'local' };
    }
    const fetched = this.#fromRegion(dc, key, ttlMs, now);
    local.set(key, { version: fetched.version, expiresAt: now + fetched.ms + ttlMs, ttlMs });
    return fetched;
  }

  /** The version a read at `dc` would return now, changing nothing. */
  peek(dc: number, key: string, now: number): number {
    const copy = this.#local[dc]!.get(key);
    if (copy && now < copy.expiresAt) return copy.version;
    const regional = this.#regional.get(this.#nodes[dc]!.hub)?.get(key);
    if (regional && now < regional.expiresAt) return regional.version;
    return this.#central.get(key) ?? -1;
  }

  #fromRegion(dc: number, key: string, ttlMs: number, now: number): KvRead {
    const node = this.#nodes[dc]!;
    const tier = this.#regional.get(node.hub) ?? new Map<string, Copy>();
    this.#regional.set(node.hub, tier);
    const toTier = node.toHubMs + this.#kv.tierServiceMs;
    const copy = tier.get(key);
    if (copy && now < copy.expiresAt) return { ms: toTier, version: copy.version, tier: 'regional' };
    const ms = toTier + node.hubToStoreMs + logNormal(this.#random, this.#kv.storeMedianMs, this.#kv.storeSigma);
    const version = this.#central.get(key) ?? -1;
    tier.set(key, { version, expiresAt: now + ms + ttlMs, ttlMs });
    return { ms, version, tier: 'central' };
  }
}
