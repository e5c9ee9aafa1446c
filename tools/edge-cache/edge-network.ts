/**
 * Workers Cache's network in one process: data centres with a lower tier each, sharing the upper tier that asks the
 * origin (the Worker); a purge empties every tier, as does the Worker's own purge, within the purge limits.
 * Web Request in, Response out.
 */
import * as z from 'zod';
import type { PurgeResult } from '../../contracts/edge-cache.ts';
import { type CacheTier, cacheTier, type Origin } from './edge-cache.ts';
import { type PurgeLimits, purgeLimits } from './purge-limits.ts';

/** A data centre: the client's answer, with `Cf-Cache-Status` and without the headers only the edge reads. */
export type DataCentre = { fetch: Origin };

export interface EdgeNetwork {
  /** The data centre of that name, made on first use with an empty lower tier. */
  dataCentre(name: string): DataCentre;
  /** Empties every tier of what carries one of `tags` (any case); without tags, of everything. */
  purge(tags?: readonly string[]): void;
  /** Resolves once every tier's background refreshes are done. */
  settled(): Promise<void>;
  /**
   * A deploy: `origin` answers from now on. Unless `crossVersionCache`, every tier starts empty, as Workers Cache keys
   * each answer by the Worker version that wrote it (Cache keys, "Invalidating cache across deployments").
   */
  deploy(origin: Origin): void;
  /**
   * The Worker's purge (its EDGE_PURGE binding, tools/local-worker.ts `edgePurge`): POST `{ tags }`, answered as
   * Workers Cache answers (CachePurgeResult), within `limits`; an accepted one purges every tier.
   */
  purgeRequest(request: Request): Promise<Response>;
  /** The purge limits, and the refusals a test asks for (`refuseNext`, `refuseUntil`). */
  limits: PurgeLimits;
  /** Every purge request of the Worker so far, in order, with its answer. */
  purges: { at: number; tags: string[]; result: PurgeResult }[];
}

/** What the Worker's purge sends (worker/publishing/cache-purge.ts). */
const purgeBody = z.object({ tags: z.array(z.string()) });

export interface EdgeNetworkOptions {
  origin: Origin;
  now?: () => number;
  /** Told the tags each accepted purge of the Worker purged here: Workers Cache's purge is global, so networks of their own pass it on. */
  onPurge?: (tags: readonly string[]) => void;
  /** wrangler.toml's `cache.cross_version_cache`: true shares the cache across deploys (default false, as the site sets). */
  crossVersionCache?: boolean;
}

export function createEdgeNetwork({ origin, now = Date.now, onPurge, crossVersionCache = false }: EdgeNetworkOptions): EdgeNetwork {
  let live = origin;
  // The tiers of the version deployed now (all versions', with crossVersionCache).
  const emptyTiers = () => ({ upper: cacheTier({ upstream: (request) => live(request), now }), lower: new Map<string, CacheTier>() });
  let { upper, lower } = emptyTiers();
  const network: EdgeNetwork = {
    dataCentre(name) {
      return {
        async fetch(request) {
          const tier = lower.get(name) ?? cacheTier({ upstream: upper.fetch, now });
          lower.set(name, tier);
          const response = await tier.fetch(request);
          for (const header of ['cache-tag', 'cloudflare-cdn-cache-control']) response.headers.delete(header);
          return response;
        },
      };
    },
    purge(tags) {
      for (const tier of [upper, ...lower.values()]) tier.purge(tags);
    },
    async settled() {
      // A lower tier's refresh may start one in the upper tier: the upper tier last.
      for (const tier of [...lower.values(), upper]) await tier.settled();
    },
    deploy(next) {
      live = next;
      if (!crossVersionCache) ({ upper, lower } = emptyTiers());
    },
    async purgeRequest(request) {
      const { tags } = purgeBody.parse(await request.json());
      const result = network.limits.answer(tags, now());
      network.purges.push({ at: now(), tags, result });
      if (result.success) {
        network.purge(tags);
        onPurge?.(tags);
      }
      return Response.json(result);
    },
    limits: purgeLimits(),
    purges: [],
  };
  return network;
}
