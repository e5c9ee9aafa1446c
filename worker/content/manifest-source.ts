/**
 * The Worker's own entrypoint for the manifest and the pieces it names: the reader asks it through `ctx.exports` (a
 * loopback), which Workers Cache fronts like any request, so each data centre keeps the manifest until a publish purges
 * it, and a piece for good. I/O: one KV read; the purge of its cache.
 */
import { WorkerEntrypoint } from 'cloudflare:workers';
import { ContentError } from '../../contracts/content-error.ts';
import { MANIFEST_TAG } from '../../contracts/edge-cache.ts';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import type { WorkerEnv } from '../app-env.ts';
import { cachePurge } from '../publishing/cache-purge.ts';
import { readKvText } from './kv-text.ts';
import { manifestResponse, pieceResponse } from './manifest-response.ts';

/** KV's own cache of the manifest: its floor, so that a purge is followed by the new manifest within KV's minute. */
const MANIFEST_KV_CACHE_TTL = 30;
/** A piece never changes under its key: KV may keep it a month. */
const PIECE_KV_CACHE_TTL = 60 * 60 * 24 * 30;
/** The keys of the pieces a root names; no other key is read here. */
const PIECE_KEY = /^(?:entry|index|list)\/[\w.-]+$|^search\/[\w.-]+(?:\/[\w.-]+)?$/;

export class ManifestSource extends WorkerEntrypoint<WorkerEnv> {
  /** `/manifest`: the root; `/<key>`: a piece it names. */
  override async fetch(request: Request): Promise<Response> {
    const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
    if (key !== MANIFEST_KEY && !PIECE_KEY.test(key)) return new Response(`${key} is not a piece of the site index.`, { status: 400 });
    const answer = key === MANIFEST_KEY ? manifestResponse : (read: string | null | ContentError) => pieceResponse(key, read);
    try {
      return answer(await readKvText(this.env.CONTENT, key, key === MANIFEST_KEY ? MANIFEST_KV_CACHE_TTL : PIECE_KV_CACHE_TTL));
    } catch (error) {
      if (error instanceof ContentError) return answer(error);
      throw error;
    }
  }

  /** Empties this entrypoint's cache of the manifest (a purge reaches only the caller's): the publish lock's purge queue calls it. */
  purge(): Promise<CachePurgeResult> {
    return cachePurge(this.ctx, this.env, [MANIFEST_TAG]);
  }
}
