/**
 * The Worker's bindings and the per-request values its middleware sets, for Hono. `Env` itself is
 * generated from wrangler.toml by `wrangler types` (worker-configuration.d.ts; `npm run
 * typegen` writes it and `npm test` fails when it is stale). Secrets are not in wrangler.toml,
 * so they are added here.
 */
import type { RequestCookies } from './http/request-cookies.ts';
import type { PreviewSession } from './preview/preview-session.ts';

export type WorkerEnv = Env & {
  /** Signs XSRF tokens (`wrangler secret put XSRF_SECRET`); see http/xsrf.ts for the local default. */
  XSRF_SECRET?: string;
  /** Signs drafts' preview links (`wrangler secret put PREVIEW_SECRET`); see contracts/preview-token.ts. */
  PREVIEW_SECRET?: string;
  /** The upload's bearer token for the publish lock (`wrangler secret put PUBLISH_SECRET`); unset, publishing endpoints answer 503. */
  PUBLISH_SECRET?: string;
};

export interface AppEnv {
  Bindings: WorkerEnv;
  Variables: {
    /** The request's cookies, reads recorded (http/request-cookies.ts); set first by preview/preview-session.ts. */
    cookies: RequestCookies;
    /** The whole-site preview this request is in, or null (preview/preview-session.ts). */
    preview: PreviewSession | null;
  };
}
