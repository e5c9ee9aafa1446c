/**
 * Rendered pages, kept in the data centre's cache (the Workers Cache API, `caches.default`):
 * the second of the two page caches, after the isolate's (rendered-page-cache.ts). A new
 * isolate, or another one in the same data centre, serves a page some isolate there has
 * rendered without running React.
 *
 * The key is the page's ETag, which hashes its payload and the client build: a publish or a
 * rollback that changes a page gives it a new key (its old copy is never asked for again and
 * ages out), a page it leaves alone keeps its copy, and nothing needs purging. The stored copy
 * is HTML only; the caller adds the response's headers.
 *
 * I/O: the Cache API. A cache failure is a miss (or a page not kept), never an error page.
 */

/** How long a stored copy may be kept; `EDGE_PAGE_CACHE_SECONDS` in wrangler.toml, 0 turns it off. */
const DEFAULT_SECONDS = 86_400;

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
