/**
 * Reads published content: the root through the Worker's own cached entrypoint (manifest-source.ts), the pieces it names
 * the same way, with isolate memos and the last good root when a read fails (docs/performance.md, Work per request;
 * docs/reliability.md, Faults). I/O: reads KV through the entrypoint.
 */

import type { EntryPage, PageContent } from '../../client/route-module.ts';
import { ContentError } from '../../contracts/content-error.ts';
import { MANIFEST_MEMO_SECONDS } from '../../contracts/edge-cache.ts';
import { type Manifest, parseStored, storedEntrySchema } from '../../contracts/kv-values.ts';
import type { Section } from '../../contracts/routes.ts';
import { publicPaths, visibleManifest } from '../../contracts/scheduled-entries.ts';
import { type IndexRow, type ListName, parsePublished, type SiteRoot } from '../../contracts/site-index.ts';
import { indexedContent, type ReadPiece } from './indexed-content.ts';
import { readKvText } from './kv-text.ts';
import { CONTENT_SOURCE_ORIGIN, MANIFEST_SOURCE_URL, manifestText, pieceText } from './manifest-response.ts';
import { PieceMemo } from './piece-memo.ts';
import { openSearch, type ShardedSearchEngine } from './sharded-search.ts';
import { wholeManifestContent } from './whole-manifest-content.ts';

const ENTRY_CACHE_TTL = 60 * 60 * 24 * 30;
/** A loopback that neither the cache nor the entrypoint's KV read answers by then has failed. */
const LOOPBACK_TIMEOUT_MS = 3_500;

/** What a `manifest` value publishes: a site index's root, or a whole manifest (uploads before the index; previews). */
type Published = SiteRoot | Manifest;
const isRoot = (published: Published): published is SiteRoot => 'format' in published;

export interface ContentReaderOptions {
  /**
   * The published `manifest` value's text (null when none is published; a failure throws ContentError('unavailable')), or
   * a manifest to serve instead: a whole-site preview's (worker/preview/).
   */
  manifest: (() => Promise<string | null>) | Manifest;
  /** A piece's text by key (a failure throws ContentError); absent: read from KV. */
  piece?: (key: string) => Promise<string>;
  /** How long a root read by this isolate is reused without asking again; 0 asks every request. */
  manifestTtlMs?: number;
  /** The time that decides which scheduled posts are public; the request's clock by default. */
  now?: () => number;
}

/** The last good `manifest` value this isolate read, its text, and when. */
let publishedMemo: { published: Published; raw: string; at: number } | undefined;
/** Pieces and entries by their (immutable) keys, parsed, within a budget of bytes (piece-memo.ts). */
const pieces = new PieceMemo();

/**
 * One per request, answering what loaders ask (PageContent) at the request's time: scheduled posts not yet live are
 * left out. On a failed read, a root the entrypoint found invalid (manifest-response.ts) or a timeout, the last good
 * root, marked `stale`, else ContentError('unavailable') with the entrypoint's reason.
 */
export class ContentReader implements PageContent {
  readonly #kv: KVNamespace;
  readonly #source: ContentReaderOptions['manifest'];
  readonly #piece: (key: string) => Promise<string>;
  readonly #manifestTtlMs: number;
  readonly #now: () => number;
  #content: Promise<{ published: Published; content: Omit<PageContent, 'search'> }> | undefined;
  /** The `manifest` value read, once `#open()` resolved. */
  #published: Published | undefined;
  /** True once this reader served an older root because its read failed. */
  stale = false;

  constructor(kv: KVNamespace, { manifest, piece, manifestTtlMs = MANIFEST_MEMO_SECONDS * 1000, now = Date.now }: ContentReaderOptions) {
    this.#kv = kv;
    this.#source = manifest;
    this.#piece = piece ?? (async (key) => this.#kvText(key));
    this.#manifestTtlMs = manifestTtlMs;
    this.#now = now;
  }

  published = async () => (await this.#open()).content.published();
  find = async (name: string) => (await this.#open()).content.find(name);
  findDraft = async (section: Section, slug: string) => (await this.#open()).content.findDraft(section, slug);
  page = async (row: IndexRow): Promise<EntryPage> => (await this.#open()).content.page(row);
  list = async (name: ListName, start: number, count: number) => (await this.#open()).content.list(name, start, count);
  samples = async () => (await this.#open()).content.samples();

  /** When the next scheduled post goes live (ms), changing the public view; null: none, or nothing read yet. */
  nextGoLive(): number | null {
    const published = this.#published;
    if (!published) return null;
    const now = this.#now();
    const times = isRoot(published) ? published.scheduled.map((s) => s.publishAt) : published.entries.flatMap((e) => e.publishAt ?? []);
    const pending = times.map(Date.parse).filter((at) => at > now);
    return pending.length > 0 ? Math.min(...pending) : null;
  }

  /** The search engine, answering with public pages only (the index holds scheduled posts too); null when none was built. */
  async search(): Promise<ShardedSearchEngine | null> {
    const { published } = await this.#open();
    if (!published.search) return null;
    const engine = openSearch(await this.#rootText(published.search), this.#piece, { memo: pieces });
    const hidden = isRoot(published)
      ? new Set(published.scheduled.filter((s) => Date.parse(s.publishAt) > this.#now()).map((s) => s.path))
      : null;
    const shown = isRoot(published) ? null : publicPaths(visibleManifest(published, this.#now()));
    return { search: (query, limit) => engine.search(query, limit, (href) => (shown ? shown.has(href) : !hidden!.has(href))) };
  }

  /** The search root's text (sharded-search.ts parses it and keeps its pieces and engines in the same memo). */
  #rootText = async (key: string): Promise<string> => {
    const memo = pieces.get(key);
    if (typeof memo === 'string') return memo;
    const raw = await this.#piece(key);
    pieces.set(key, raw, raw.length);
    return raw;
  };

  #open() {
    this.#content ??= this.#currentPublished().then((published) => {
      this.#published = published;
      const now = this.#now();
      const content = isRoot(published)
        ? indexedContent(published, this.#readPiece, now)
        : wholeManifestContent(visibleManifest(published, now), published, (key) =>
            this.#readPiece(key, storedEntrySchema, `The stored entry ${key}`),
          );
      return { published, content };
    });
    return this.#content;
  }

  /** A piece by its immutable key, parsed once per isolate while the memo keeps it; missing or malformed: ContentError('unreadable'). */
  #readPiece: ReadPiece = async (key, schema, what) => {
    const memo = pieces.get(key);
    if (memo !== undefined) return memo as never;
    const raw = await this.#piece(key);
    let value: unknown;
    try {
      value = parseStored(schema, raw, what);
    } catch (error) {
      throw new ContentError('unreadable', (error as Error).message);
    }
    pieces.set(key, value, raw.length);
    return value as never;
  };

  async #kvText(key: string): Promise<string> {
    const raw = await readKvText(this.#kv, key, ENTRY_CACHE_TTL);
    if (raw === null) throw new ContentError('unreadable', `${key} is missing from KV.`);
    return raw;
  }

  async #currentPublished(): Promise<Published> {
    if (typeof this.#source !== 'function') return this.#source;
    const memo = publishedMemo;
    if (memo && Date.now() - memo.at < this.#manifestTtlMs) return memo.published;
    let raw: string | null;
    try {
      raw = await this.#source();
    } catch (error) {
      if (memo && error instanceof ContentError && error.kind === 'unavailable') {
        this.stale = true;
        return memo.published;
      }
      throw error;
    }
    if (raw === null) throw new ContentError('unpublished', 'No content has been published yet.');
    // Unchanged since the last read (the usual case): the same object, no second parse.
    if (memo && memo.raw === raw) {
      publishedMemo = { ...memo, at: Date.now() };
      return memo.published;
    }
    // The entrypoint validated this text too (manifestProblem); its answer is cached per data centre, so the second
    // parse is paid about once per isolate and publish, not per request.
    let published: Published;
    try {
      published = parsePublished(raw, 'The manifest');
    } catch (error) {
      throw new ContentError('unreadable', (error as Error).message);
    }
    publishedMemo = { published, raw, at: Date.now() };
    return published;
  }
}

/** What the Worker's execution context offers the reader: the loopback to its content entrypoint. */
interface ContentLoopback {
  exports?: { ManifestSource: { fetch: (input: string, init?: RequestInit) => Promise<Response> } };
}

/** `url` through the Worker's own entrypoint, which Workers Cache fronts (manifest-source.ts). */
async function throughLoopback({ exports }: ContentLoopback, url: string, what: string): Promise<Response> {
  if (!exports) throw new Error('ctx.exports is missing: the compatibility date is older than the loopback bindings');
  try {
    return await exports.ManifestSource.fetch(url, { signal: AbortSignal.timeout(LOOPBACK_TIMEOUT_MS) });
  } catch (error) {
    throw new ContentError('unavailable', `Reading ${what} failed: ${(error as Error).message}`);
  }
}

/** The reader for a request: root and pieces through `ctx`'s loopback, the root memoised as the Worker is configured. */
export function contentReaderFor(env: { CONTENT: KVNamespace; MANIFEST_TTL_SECONDS?: string }, ctx: ContentLoopback): ContentReader {
  const seconds = Number(env.MANIFEST_TTL_SECONDS);
  const memo = Number.isFinite(seconds) && seconds >= 0 ? { manifestTtlMs: seconds * 1000 } : {};
  return new ContentReader(env.CONTENT, {
    manifest: async () => manifestText(await throughLoopback(ctx, MANIFEST_SOURCE_URL, 'the manifest')),
    piece: async (key) => pieceText(key, await throughLoopback(ctx, `${CONTENT_SOURCE_ORIGIN}/${key}`, key)),
    ...memo,
  });
}
