/**
 * POST /api/_analog/publish/purge `{ tags }`: empties the cache in front of the Worker of what a publish changed, and the
 * manifest's entrypoint's cache of it (a purge reaches only the caller's entrypoint). I/O: Workers Cache.
 */
import type { Context } from 'hono';
import { MANIFEST_TAG, type PurgeAnswer, type PurgeRequest, SITE_TAG } from '../../contracts/edge-cache.ts';
import type { AppEnv } from '../app-env.ts';

/** 200 once purged, or at once where the runtime has no cache (workerd: a stand-in in front acts on the 200); 502 naming the cache's errors. */
export async function purge(c: Context<AppEnv>, { tags }: PurgeRequest): Promise<Response> {
  const ctx = c.executionCtx as ExecutionContext;
  const failed = (error: Error): CachePurgeResult => ({ success: false, errors: [{ code: 0, message: error.message }] });
  const done: CachePurgeResult = { success: true, errors: [] };
  const results = await Promise.all([
    ctx.cache ? ctx.cache.purge({ tags }).catch(failed) : done,
    tags.includes(MANIFEST_TAG) || tags.includes(SITE_TAG) ? ctx.exports.ManifestSource.purge().catch(failed) : done,
  ]);
  const success = results.every((r) => r.success);
  const errors = results.flatMap((r) => r.errors);
  const reason = `the cache refused the purge: ${errors.map(({ code, message }) => `${code} ${message}`).join('; ')}`;
  return c.json<PurgeAnswer>(success ? { ok: true, purged: tags } : { ok: false, reason }, success ? 200 : 502);
}
