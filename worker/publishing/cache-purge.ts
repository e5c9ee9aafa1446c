/**
 * One purge of the calling entrypoint's Workers Cache (a purge reaches only that one's). Under workerd, which has no
 * cache, the local stand-in's (EDGE_PURGE, app-env.ts) when one runs, else nothing to purge. I/O: the cache, or HTTP.
 */
import { cachePurgeResultSchema } from '../../contracts/edge-cache.ts';
import type { WorkerEnv } from '../app-env.ts';

export async function cachePurge(ctx: ExecutionContext, env: WorkerEnv, tags: string[]): Promise<CachePurgeResult> {
  try {
    if (ctx.cache) return await ctx.cache.purge({ tags });
    if (!env.EDGE_PURGE) return { success: true, errors: [] };
    const answer = await env.EDGE_PURGE.fetch('http://edge-cache/purge', { method: 'POST', body: JSON.stringify({ tags }) });
    return cachePurgeResultSchema.parse(await answer.json());
  } catch (error) {
    return { success: false, errors: [{ code: 0, message: error instanceof Error ? error.message : String(error) }] };
  }
}
