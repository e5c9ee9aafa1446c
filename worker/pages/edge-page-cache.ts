/**
 * Rendered pages in the data centre's cache (the Cache API), the second page cache after the isolate's, keyed by ETag.
 * I/O: the Cache API; a failure is a miss, never an error page.
 */

/** How long a stored copy may be kept; `EDGE_PAGE_CACHE_SECONDS` in wrangler.toml, 0 turns it off. */
const DEFAULT_SECONDS = 86_400;

/**
 * HTML only, by ETag; the caller adds the response's headers. A publish changes exactly the keys of the pages it
 * changes, so nothing needs purging: old copies are never asked for again and age out.
 */
export interface EdgePageCache {
  get(etag: string): Promise<string | undefined>;
  put(etag: string, html: string): Promise<void>;
}

/** The URL a page's copy is stored under: on the site's own origin, under a path no page has. */
export function edgeCacheKey(origin: string, etag: string): string {
  return `${origin}/_rendered-page/${encodeURIComponent(etag)}`;
}

/** The data centre's page cache for this request's origin, or null when turned off. */
export function edgePageCacheFor(env: { EDGE_PAGE_CACHE_SECONDS?: string }, origin: string): EdgePageCache | null {
  const configured = Number(env.EDGE_PAGE_CACHE_SECONDS ?? DEFAULT_SECONDS);
  const seconds = Number.isFinite(configured) && configured >= 0 ? Math.floor(configured) : DEFAULT_SECONDS;
  if (seconds === 0 || typeof caches === 'undefined') return null;
  const cache = (caches as unknown as { default: Cache }).default;
  return {
    async get(etag) {
      try {
        const hit = await cache.match(edgeCacheKey(origin, etag));
        return hit ? await hit.text() : undefined;
      } catch (error) {
        console.error('Edge page cache read failed', error);
        return undefined;
      }
    },
    async put(etag, html) {
      try {
        const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': `public, s-maxage=${seconds}` };
        await cache.put(edgeCacheKey(origin, etag), new Response(html, { headers }));
      } catch (error) {
        console.error('Edge page cache write failed', error);
      }
    },
  };
}
