/** The Worker's bindings (wrangler.toml) and the per-request values its middleware sets. */
import type { AnalyticsCounter } from './analytics-counter.ts';

export interface Env {
  /** Published content: see kv-schema.ts. */
  CONTENT: KVNamespace;
  /** The client build (Workers Static Assets). */
  ASSETS: Fetcher;
  /** Page-view counts. */
  ANALYTICS: DurableObjectNamespace<AnalyticsCounter>;
  /** Canonical origin for meta tags, e.g. https://race.elementfuture.com. */
  SITE_URL: string;
  /** "Edit this page" links: the content folder in the source repository's editor, ending in `/`. */
  EDIT_BASE_URL: string;
  /** Seconds an isolate reuses the manifest before asking KV again (default 5; 0 in tests that rewrite KV). */
  MANIFEST_TTL_SECONDS?: string;
  /** Characters of HTML an isolate keeps of rendered pages (default 4,000,000; 0 turns the cache off). */
  RENDERED_PAGE_CACHE_CHARS?: string;
  /** Signs XSRF tokens (`wrangler secret put XSRF_SECRET`); see xsrf.ts for the local default. */
  XSRF_SECRET?: string;
  /** Signs drafts' preview links (`wrangler secret put PREVIEW_SECRET`); see draft-preview.ts. */
  PREVIEW_SECRET?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The CSP nonce of this response (set by hono/secure-headers). */
    secureHeadersNonce?: string;
  };
}
