/** POST /api/_analog/publish/purge `{ tags }`: empties the cache in front of the Worker of what a publish changed. I/O: Workers Cache. */
import type { Context } from 'hono';
import type { PurgeAnswer, PurgeRequest } from '../../contracts/edge-cache.ts';
import type { AppEnv } from '../app-env.ts';

/** 200 once purged, or at once where the runtime has no cache (workerd: a stand-in in front acts on the 200); 502 naming the cache's errors. */
export async function purge(c: Context<AppEnv>, { tags }: PurgeRequest): Promise<Response> {
  const cache = (c.executionCtx as ExecutionContext).cache;
  const failed = (error: Error) => ({ success: false, errors: [{ code: 0, message: error.message }] });
  const { success, errors } = cache ? await cache.purge({ tags }).catch(failed) : { success: true, errors: [] };
  const reason = `the cache refused the purge: ${errors.map(({ code, message }) => `${code} ${message}`).join('; ')}`;
  return c.json<PurgeAnswer>(success ? { ok: true, purged: tags } : { ok: false, reason }, success ? 200 : 502);
}
