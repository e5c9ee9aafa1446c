/**
 * The Worker's bindings for Hono: `Env` as `wrangler types` makes it (worker-configuration.d.ts, `npm run typegen`),
 * and the secrets wrangler.toml does not declare. Types only.
 */

import type { PreviewRecord } from '../contracts/kv-values.ts';

export type WorkerEnv = Env & {
  /** Signs XSRF tokens (`wrangler secret put XSRF_SECRET`); see http/xsrf.ts for the local default. */
  XSRF_SECRET?: string;
  /** Signs drafts' preview links (`wrangler secret put PREVIEW_SECRET`); see contracts/preview-token.ts. */
  PREVIEW_SECRET?: string;
  /** The upload's bearer token for the publish lock (`wrangler secret put PUBLISH_SECRET`); unset, publishing endpoints answer 503. */
  PUBLISH_SECRET?: string;
  /** Follow-up purges' delays, `<manifest> <pages> [<late>]` s (unset: PURGES_AGAIN; empty: none); tests shorten them (purge-rules.ts). */
  PURGE_AGAIN_SECONDS?: string;
  /** Under workerd, which has no Workers Cache, the local stand-in's purge (tools/edge-cache/) when one runs. */
  EDGE_PURGE?: Fetcher;
};

/** The whole-site preview a request is in (preview/preview-session.ts). */
export interface PreviewSession {
  name: string;
  /** When the link that started the session, and so the cookie, expires. */
  expires: Date;
  record: PreviewRecord;
}

export interface AppEnv {
  Bindings: WorkerEnv;
  Variables: {
    /** The whole-site preview this request is in, or null (preview/preview-session.ts). */
    preview: PreviewSession | null;
  };
}
