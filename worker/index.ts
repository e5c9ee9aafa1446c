/** Worker entry: the Hono app and the Durable Object class wrangler.toml binds. */
import { app } from './app.ts';
import type { Env } from './env.ts';

export { AnalyticsCounter } from './analytics-counter.ts';

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
