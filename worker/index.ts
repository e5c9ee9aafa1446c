/** Worker entry: the Hono app and its purge (an RPC method), the Durable Object classes wrangler.toml binds, the manifest's cached entrypoint. */
import { WorkerEntrypoint } from 'cloudflare:workers';
import { app } from './app.ts';
import type { WorkerEnv as Env } from './app-env.ts';
import { cachePurge } from './publishing/cache-purge.ts';

export { AnalyticsCounter } from './analytics/analytics-counter.ts';
export { ManifestSource } from './content/manifest-source.ts';
export { PublishLock } from './publishing/publish-lock.ts';

export default class SiteWorker extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(app.fetch(request, this.env, this.ctx));
  }

  /** Empties this entrypoint's cache (the pages') of `tags`: the publish lock's purge queue calls it (ctx.exports). */
  purge(tags: string[]): Promise<CachePurgeResult> {
    return cachePurge(this.ctx, this.env, tags);
  }
}
