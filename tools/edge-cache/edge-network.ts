/**
 * Workers Cache's network in one process: data centres with a lower tier each, sharing the upper tier that asks the
 * origin (the Worker); a purge empties every tier, as does the Worker's purge-route answer. Web Request in, Response out.
 */
import { purgeAnswerSchema } from '../../contracts/edge-cache.ts';
import { PUBLISH_PURGE_API_PATH } from '../../contracts/routes.ts';
import { type CacheTier, cacheTier, type Origin } from './edge-cache.ts';

/** A data centre: the client's answer, with `Cf-Cache-Status` and without the headers only the edge reads. */
export type DataCentre = { fetch: Origin };

export interface EdgeNetwork {
  /** The data centre of that name, made on first use with an empty lower tier. */
  dataCentre(name: string): DataCentre;
  /** Empties every tier of what carries one of `tags` (any case); without tags, of everything. */
  purge(tags?: readonly string[]): void;
  /** Resolves once every tier's background refreshes are done. */
  settled(): Promise<void>;
}

export interface EdgeNetworkOptions {
  origin: Origin;
  now?: () => number;
  /** Told the tags each purge-route answer purged here: Workers Cache's purge is global, so networks of their own pass it on. */
  onPurge?: (tags: readonly string[]) => void;
}

export function createEdgeNetwork({ origin, now = Date.now, onPurge }: EdgeNetworkOptions): EdgeNetwork {
  const lower = new Map<string, CacheTier>();
  // Under workerd the purge route has no cache to purge and answers what it would have purged: the network purges it.
  async function purgingOrigin(request: Request): Promise<Response> {
    const response = await origin(request);
    if (request.method !== 'POST' || new URL(request.url).pathname !== PUBLISH_PURGE_API_PATH || response.status !== 200) return response;
    const answer = purgeAnswerSchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    if (answer.success && answer.data.ok) {
      network.purge(answer.data.purged);
      onPurge?.(answer.data.purged);
    }
    return response;
  }
  const upper = cacheTier({ upstream: purgingOrigin, now });
  const network: EdgeNetwork = {
    dataCentre(name) {
      const tier = lower.get(name) ?? cacheTier({ upstream: upper.fetch, now });
      lower.set(name, tier);
      return {
        async fetch(request) {
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
  };
  return network;
}
