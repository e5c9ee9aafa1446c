/**
 * Rendered pages, kept in the isolate. A page's HTML is decided by its payload and the client
 * build, which is what its ETag hashes (routes/pages.ts), so the ETag is the key. The only part
 * that differs from one response to the next is the CSP nonce: the HTML is stored with the nonce
 * it was rendered with and given the new one on the way out.
 *
 * Invalidation: none is needed. Publishing new content changes payloads and so keys; a deploy
 * starts new isolates. The cache holds at most `maxChars` characters of HTML and drops the least
 * recently used pages first; a page larger than that is never kept.
 *
 * Input: ETag, HTML, nonce strings. Output: the HTML with the caller's nonce, or undefined.
 */

/** About 100 article pages: small next to an isolate's 128 MB. */
const DEFAULT_MAX_CHARS = 4_000_000;

interface CachedPage {
  html: string;
  nonce: string;
}

export class RenderedPageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #maxChars: number;
  #chars = 0;

  constructor(maxChars = DEFAULT_MAX_CHARS) {
    this.#maxChars = maxChars;
  }

  /** The page's HTML with `nonce` in place of the one it was rendered with. */
  get(etag: string, nonce: string): string | undefined {
    const page = this.#pages.get(etag);
    if (!page) return undefined;
    // Map order is insertion order: moving the page to the end marks it recently used.
    this.#pages.delete(etag);
    this.#pages.set(etag, page);
    // A nonce is 128 random bits drawn after the content was published, so it occurs in the
    // HTML only where the Document put it.
    return page.nonce === nonce ? page.html : page.html.replaceAll(page.nonce, nonce);
  }

  /** Keeps a page; one rendered without a nonce is not kept, as there is nothing to replace. */
  set(etag: string, html: string, nonce: string): void {
    if (nonce === '' || html.length > this.#maxChars || this.#pages.has(etag)) return;
    this.#pages.set(etag, { html, nonce });
    this.#chars += html.length;
    for (const [oldest, page] of this.#pages) {
      if (this.#chars <= this.#maxChars) break;
      this.#pages.delete(oldest);
      this.#chars -= page.html.length;
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
