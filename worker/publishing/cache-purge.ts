/** One purge of the calling entrypoint's Workers Cache, or under workerd (no cache) the local stand-in's (EDGE_PURGE) if any. I/O: HTTP. */
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
