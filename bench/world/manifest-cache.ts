/**
 * The manifest behind Workers Cache (worker/content/manifest-source.ts): the Worker asks its own entrypoint, which the
 * cache fronts like any request: a lower tier where the Worker runs, an upper tier at its hub, a KV read at the hub on a
 * miss of both; concurrent misses wait for the fill; a purge of its tag empties every tier. State and pure steps.
 */
import type { KvModel } from './kv-model.ts';
import type { Node } from './network.ts';
import type { WorldParams } from './params.ts';

interface Fill {
  version: number;
  /** Until then the fill is under way: requests wait for it. */
  readyAt: number;
}

export interface ManifestRead {
  ms: number;
  version: number;
  /** Whether the fill read KV: a KV round trip on the request's path. */
  fromKv: boolean;
}

export class ManifestCache {
  readonly #nodes: readonly Node[];
  readonly #params: Pick<WorldParams, 'workersCache' | 'worker'>;
  readonly #lower = new Map<number, Fill>();
  readonly #upper = new Map<number, Fill>();

  constructor(nodes: readonly Node[], params: Pick<WorldParams, 'workersCache' | 'worker'>) {
    this.#nodes = nodes;
    this.#params = params;
  }

  purge(): void {
    this.#lower.clear();
    this.#upper.clear();
  }

  /** The Worker's read of the manifest at `dc`: a day fresh in the cache (max-age and stale-while-revalidate), so never stale within it. */
  read(kv: KvModel, dc: number, now: number): ManifestRead {
    const { hitMs, upperServiceMs } = this.#params.workersCache;
    const lower = this.#lower.get(dc);
    if (lower) return { ms: hitMs + Math.max(0, lower.readyAt - now), version: lower.version, fromKv: false };
    const node = this.#nodes[dc]!;
    const toHub = hitMs + node.toHubMs + upperServiceMs;
    const upper = this.#upper.get(node.hub);
    let read: ManifestRead;
    if (upper) read = { ms: toHub + Math.max(0, upper.readyAt - now), version: upper.version, fromKv: false };
    else {
      const fetched = kv.read(node.hub, 'manifest', this.#params.worker.manifestCacheTtlS, now + toHub);
      read = { ms: toHub + fetched.ms, version: fetched.version, fromKv: true };
      this.#upper.set(node.hub, { version: read.version, readyAt: now + read.ms });
    }
    this.#lower.set(dc, { version: read.version, readyAt: now + read.ms });
    return read;
  }

  /** The version a read at `dc` would return now, changing nothing. */
  peek(kv: KvModel, dc: number, now: number): number {
    const hub = this.#nodes[dc]!.hub;
    return this.#lower.get(dc)?.version ?? this.#upper.get(hub)?.version ?? kv.peek(hub, 'manifest', now);
  }
}
