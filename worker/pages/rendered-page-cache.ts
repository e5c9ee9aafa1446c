/** Rendered pages in the isolate's memory, the first of the two page caches: HTML by ETag, least recently used out. */

/** About 100 article pages: small next to an isolate's 128 MB. */
const DEFAULT_MAX_CHARS = 4_000_000;

/**
 * At most `maxChars` characters of HTML; a larger page is never kept. No invalidation: the ETag hashes the payload
 * and the client build, so new content is a new key, and a deploy starts new isolates.
 */
export class RenderedPageCache {
  readonly #pages = new Map<string, string>();
  readonly #maxChars: number;
  #chars = 0;

  constructor(maxChars = DEFAULT_MAX_CHARS) {
    this.#maxChars = maxChars;
  }

  get(etag: string): string | undefined {
    const html = this.#pages.get(etag);
    if (html === undefined) return undefined;
    // Map order is insertion order: moving the page to the end marks it recently used.
    this.#pages.delete(etag);
    this.#pages.set(etag, html);
    return html;
  }

  /** Keeps a page, unless it is larger than the whole cache. */
  set(etag: string, html: string): void {
    if (html.length > this.#maxChars || this.#pages.has(etag)) return;
    this.#pages.set(etag, html);
    this.#chars += html.length;
    for (const [oldest, page] of this.#pages) {
      if (this.#chars <= this.#maxChars) break;
      this.#pages.delete(oldest);
      this.#chars -= page.length;
    }
  }

  /** False when sized 0: nothing is worth reading back to keep. */
  get enabled(): boolean {
    return this.#maxChars > 0;
  }

  get size(): number {
    return this.#pages.size;
  }

  get chars(): number {
    return this.#chars;
  }
}

let isolateCache: RenderedPageCache | undefined;

/** The isolate's cache, sized by the `RENDERED_PAGE_CACHE_CHARS` binding on first use. */
export function renderedPageCacheFor(env: { RENDERED_PAGE_CACHE_CHARS?: string }): RenderedPageCache {
  if (!isolateCache) {
    const chars = Number(env.RENDERED_PAGE_CACHE_CHARS ?? DEFAULT_MAX_CHARS);
    isolateCache = new RenderedPageCache(Number.isFinite(chars) && chars >= 0 ? chars : DEFAULT_MAX_CHARS);
  }
  return isolateCache;
}
