/**
 * The caching headers of a page, the same for its page data and page HTML: shared by every visitor through every cache,
 * private, or asked for afresh (docs/performance.md, Caches). Pure over the request's context.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { DRAFT_ISOLATION_HEADERS } from '../http/security-headers.ts';
import { type CacheHeaders, type ReadContent, sharedCacheHeaders } from '../http/shared-cache.ts';
import { PREVIEW_RESPONSE_HEADERS } from '../preview/preview-session.ts';
import { isDraftPayload, type LoadResult } from './load-page.ts';
import { pageTags } from './page-tags.ts';

/** Errors, not-found pages, pages served from a stale manifest: a cache may hold them only to ask again each time. */
const FRESH_PAGE_HEADERS = { 'Cache-Control': 'no-cache' };
/** The live analytics page: kept by no cache. */
const LIVE_PAGE_HEADERS = { 'Cache-Control': 'no-store' };
/** A draft shown through its preview link: private, never stored or indexed, isolated from its opener. */
export const DRAFT_CACHE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex', ...DRAFT_ISOLATION_HEADERS };

/**
 * The page's headers, and whether every visitor may share it (it then gets an ETag): a 200 from the live manifest that
 * outside a preview session, neither a draft nor the analytics page. `content` is the reader the loader used.
 */
export function pageHeaders(
  c: Context<AppEnv>,
  result: Extract<LoadResult, { type: 'page' }>,
  content: ReadContent,
): { headers: CacheHeaders; shared: boolean } {
  if (c.var.preview) return { headers: PREVIEW_RESPONSE_HEADERS, shared: false };
  const { data } = result.payload;
  if (isDraftPayload(result.payload)) return { headers: DRAFT_CACHE_HEADERS, shared: false };
  if (data.kind === 'analytics') return { headers: LIVE_PAGE_HEADERS, shared: false };
  const tags = result.status === 200 && !content.stale ? pageTags(data) : null;
  return tags ? { headers: sharedCacheHeaders(tags, content.nextGoLive()), shared: true } : { headers: FRESH_PAGE_HEADERS, shared: false };
}
