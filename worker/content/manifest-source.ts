/**
 * The Worker's own entrypoint for the manifest: the reader asks it through `ctx.exports` (a loopback), which Workers
 * Cache fronts like any request, so each data centre keeps the manifest until a publish purges it. I/O: one KV read;
 * the purge of its cache.
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import { ContentError } from '../../contracts/content-error.ts';
import { MANIFEST_TAG } from '../../contracts/edge-cache.ts';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import type { WorkerEnv } from '../app-env.ts';
import { cachePurge } from '../publishing/cache-purge.ts';
import { readKvText } from './kv-text.ts';
import { manifestResponse } from './manifest-response.ts';

/** KV's own cache of the manifest: its floor, so that a purge is followed by the new manifest within KV's minute. */
const MANIFEST_KV_CACHE_TTL = 30;

export class ManifestSource extends WorkerEntrypoint<WorkerEnv> {
  override async fetch(): Promise<Response> {
    try {
      return manifestResponse(await readKvText(this.env.CONTENT, MANIFEST_KEY, MANIFEST_KV_CACHE_TTL));
    } catch (error) {
      if (error instanceof ContentError) return manifestResponse(error);
      throw error;
    }
  }

  /** Empties this entrypoint's cache of the manifest (a purge reaches only the caller's): the publish lock's purge queue calls it. */
  purge(): Promise<CachePurgeResult> {
    return cachePurge(this.ctx, this.env, [MANIFEST_TAG]);
  }
}
