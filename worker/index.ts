/** Worker entry: the Hono app, the Durable Object classes wrangler.toml binds, the manifest's cached entrypoint. */
import { app } from './app.ts';
import type { WorkerEnv as Env } from './app-env.ts';

export { AnalyticsCounter } from './analytics/analytics-counter.ts';
export { ManifestSource } from './content/manifest-source.ts';
export { PublishLock } from './publishing/publish-lock.ts';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
