/** Worker entry: the Hono app and the Durable Object classes wrangler.toml binds. */
import { app } from './app.ts';
import type { WorkerEnv as Env } from './app-env.ts';

export { AnalyticsCounter } from './analytics/analytics-counter.ts';
export { PublishLock } from './publishing/publish-lock.ts';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
