/**
 * The anchor: the same pages as files in Workers Static Assets. The deployment holds the asset manifest, so a request is
 * one KV read of the file (long cacheTtl) and no Worker; a publish is a rebuild and a deploy that reaches each data
 * centre a little apart. Also how today's hashed files are served. Pure steps over the model's state.
 */
import type { KvModel } from './kv-model.ts';
import type { WorldParams } from './params.ts';
import { type Publish, pageVersion } from './publishes.ts';
import type { Random } from './sampling.ts';
import type { RequestKind } from './worker-profile.ts';

/** A file of Workers Static Assets at `dc`: the router's step and one KV read of the file. */
export function serveFile(kv: KvModel, params: WorldParams, dc: number, key: string, now: number): number {
  return params.staticHost.routerMs + kv.read(dc, key, params.staticHost.assetCacheTtlS, now).ms;
}

export class StaticHost {
  readonly #params: WorldParams;
  readonly #publishes: readonly Publish[];
  /** When each publish's deployment is live at each data centre (ms), publish by publish. */
  readonly #liveAt: Float64Array[];

  constructor(params: WorldParams, publishes: readonly Publish[], dataCentres: number, random: Random) {
    this.#params = params;
    this.#publishes = publishes;
    const { rebuildS, deployS, propagateS } = params.staticHost;
    this.#liveAt = publishes.map((p) =>
      Float64Array.from({ length: dataCentres }, () => p.at + (rebuildS + deployS + propagateS * random()) * 1000),
    );
  }

  /** The deployment (manifest version) a data centre serves at `now`. */
  version(dc: number, now: number): number {
    let version = 0;
    this.#publishes.forEach((p, i) => {
      if (now >= this.#liveAt[i]![dc]!) version = p.version;
    });
    return version;
  }

  /** A page, the next page's HTML, page data or the search index: each a file of the deployment. */
  serve(kv: KvModel, dc: number, kind: RequestKind, page: number, now: number): { ms: number; manifestVersion: number } {
    const version = this.version(dc, now);
    const key = kind === 'search' ? `static/search@${version}` : `static/${kind}/${page}@${pageVersion(this.#publishes, page, version)}`;
    return { ms: serveFile(kv, this.#params, dc, key, now), manifestVersion: version };
  }
}
