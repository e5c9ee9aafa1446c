/**
 * Reads published content: the manifest through the Worker's own cached entrypoint (manifest-source.ts), what it names
 * from the values it carries or KV, with isolate memos and the last good manifest when a read fails
 * (docs/performance.md, Work per request; docs/reliability.md, Faults). I/O: reads KV.
 */

import type { PageContent } from '../../client/route-module.ts';
import { ContentError } from '../../contracts/content-error.ts';
import { MANIFEST_MEMO_SECONDS } from '../../contracts/edge-cache.ts';
import { type Manifest, manifestSchema, parseStored, type StoredEntry, storedEntrySchema } from '../../contracts/kv-values.ts';
import { publicPaths, visibleManifest } from '../../contracts/scheduled-entries.ts';
import { readKvText } from './kv-text.ts';
import { MANIFEST_SOURCE_URL, manifestText } from './manifest-response.ts';
import { cachedPieces } from './search-piece-cache.ts';
import { openSearch, type ShardedSearchEngine } from './sharded-search.ts';

const ENTRY_CACHE_TTL = 60 * 60 * 24 * 30;
/** Bounds the isolate memo; entries average tens of KB, isolates have 128 MB. */
const ENTRY_MEMO_LIMIT = 500;
/** A loopback for the manifest that neither the cache nor the entrypoint's KV read answers by then has failed. */
const MANIFEST_TIMEOUT_MS = 3_500;

export interface ContentReaderOptions {
  /**
   * The published manifest's text (null when none is published; a failure throws ContentError('unavailable')), or a
   * manifest to serve instead: a whole-site preview's (worker/preview/).
   */
  manifest: (() => Promise<string | null>) | Manifest;
  /** How long a manifest read by this isolate is reused without asking again; 0 asks every request. */
  manifestTtlMs?: number;
  /** The time that decides which scheduled posts are public; the request's clock by default. */
  now?: () => number;
}

/** The last good manifest this isolate read, its text, and when. */
let manifestMemo: { manifest: Manifest; raw: string; at: number } | undefined;
const entryMemo = new Map<string, StoredEntry>();

/**
 * One per request. Hands out the manifest's public view at the request's time (scheduled posts not yet live left out,
 * and their search hits); on a KV failure, a manifest the entrypoint found invalid (manifest-response.ts) or a 3 s
 * timeout, the last good manifest, marked `stale`, else ContentError('unavailable') with the entrypoint's reason.
 */
export class ContentReader implements PageContent {
  readonly #kv: KVNamespace;
  readonly #source: ContentReaderOptions['manifest'];
  readonly #manifestTtlMs: number;
  readonly #now: () => number;
  #manifest: Promise<Manifest> | undefined;
  /** The manifest as read, scheduled posts and the values it carries included, once `manifest()` resolved. */
  #asRead: Manifest | undefined;
  /** True once this reader served an older manifest because KV failed. */
  stale = false;

  constructor(kv: KVNamespace, { manifest, manifestTtlMs = MANIFEST_MEMO_SECONDS * 1000, now = Date.now }: ContentReaderOptions) {
    this.#kv = kv;
    this.#source = manifest;
    this.#manifestTtlMs = manifestTtlMs;
    this.#now = now;
  }

  /** The published manifest as the public sees it now (scheduled posts not yet live left out). */
  manifest(): Promise<Manifest> {
    this.#manifest ??= this.#currentManifest().then((manifest) => {
      this.#asRead = manifest;
      return visibleManifest(manifest, this.#now());
    });
    return this.#manifest;
  }

  /** When the next scheduled post of the manifest read goes live (ms), changing the public view; null: none, or none read. */
  nextGoLive(): number | null {
    const now = this.#now();
    const pending = (this.#asRead?.entries ?? []).map((e) => (e.publishAt ? Date.parse(e.publishAt) : Number.NaN)).filter((at) => at > now);
    return pending.length > 0 ? Math.min(...pending) : null;
  }

  async entry(key: string): Promise<StoredEntry> {
    const memo = entryMemo.get(key);
    if (memo) return memo;
    const entry = await this.#read(key, `The stored entry ${key}`, (raw, what) => parseStored(storedEntrySchema, raw, what));
    if (entryMemo.size >= ENTRY_MEMO_LIMIT) entryMemo.delete(entryMemo.keys().next().value as string);
    entryMemo.set(key, entry);
    return entry;
  }

  /**
   * The search engine for the published content, answering with public pages only (the index
   * the upload built holds scheduled posts too); null when the upload built no index.
   */
  async search(): Promise<ShardedSearchEngine | null> {
    const view = await this.manifest();
    const engine = await this.#searchEngine(view.search);
    if (!engine) return null;
    const shown = publicPaths(view);
    return { search: (query, limit) => engine.search(query, limit, (href) => shown.has(href)) };
  }

  /** The root from the manifest's values (or KV, when they lack it or it does not parse), its pieces from KV through the isolate's memo. */
  async #searchEngine(key: string | null): Promise<ShardedSearchEngine | null> {
    if (!key) return null;
    const readPiece = cachedPieces((piece) => this.#read(piece, `The search piece ${piece}`, (raw) => raw));
    return this.#read(key, `The search root ${key}`, (raw) => openSearch(raw, readPiece));
  }

  /**
   * An immutable key's value, parsed: from the values the manifest read carries (a damaged one is passed over), else
   * from KV; missing or unparsable there, ContentError('unreadable').
   */
  async #read<T>(key: string, what: string, parse: (raw: string, what: string) => T): Promise<T> {
    const carried = this.#asRead?.values?.[key];
    if (carried !== undefined) {
      try {
        return parse(carried, what);
      } catch {}
    }
    const raw = await readKvText(this.#kv, key, ENTRY_CACHE_TTL);
    if (raw === null) throw new ContentError('unreadable', `${what} is missing from KV.`);
    try {
      return parse(raw, what);
    } catch (error) {
      throw new ContentError('unreadable', (error as Error).message);
    }
  }

  async #currentManifest(): Promise<Manifest> {
    if (typeof this.#source !== 'function') return this.#source;
    const memo = manifestMemo;
    if (memo && Date.now() - memo.at < this.#manifestTtlMs) return memo.manifest;
    let raw: string | null;
    try {
      raw = await this.#source();
    } catch (error) {
      if (memo && error instanceof ContentError && error.kind === 'unavailable') {
        this.stale = true;
        return memo.manifest;
      }
      throw error;
    }
    if (raw === null) throw new ContentError('unpublished', 'No content has been published yet.');
    // Unchanged since the last read (the usual case): the same object, no second parse, and
    // what the loaders derived from it stays valid.
    if (memo && memo.raw === raw) {
      manifestMemo = { ...memo, at: Date.now() };
      return memo.manifest;
    }
    // The entrypoint validated this text too (manifestProblem); its answer is cached per data centre, so the second
    // parse is paid about once per isolate and publish, not per request.
    let manifest: Manifest;
    try {
      manifest = parseStored(manifestSchema, raw, 'The manifest');
    } catch (error) {
      throw new ContentError('unreadable', (error as Error).message);
    }
    manifestMemo = { manifest, raw, at: Date.now() };
    return manifest;
  }
}

/** What the Worker's execution context offers the reader: the loopback to its manifest entrypoint. */
interface ManifestLoopback {
  exports?: { ManifestSource: { fetch: (input: string, init?: RequestInit) => Promise<Response> } };
}

/** The manifest through the Worker's own entrypoint, which Workers Cache fronts (manifest-source.ts). */
const throughLoopback =
  ({ exports }: ManifestLoopback) =>
  async (): Promise<string | null> => {
    if (!exports) throw new Error('ctx.exports is missing: the compatibility date is older than the loopback bindings');
    let response: Response;
    try {
      response = await exports.ManifestSource.fetch(MANIFEST_SOURCE_URL, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    } catch (error) {
      throw new ContentError('unavailable', `Reading the manifest failed: ${(error as Error).message}`);
    }
    return manifestText(response);
  };

/** The reader for a request: the manifest through `ctx`'s loopback, memoised as the Worker is configured. */
export function contentReaderFor(env: { CONTENT: KVNamespace; MANIFEST_TTL_SECONDS?: string }, ctx: ManifestLoopback): ContentReader {
  const seconds = Number(env.MANIFEST_TTL_SECONDS);
  const memo = Number.isFinite(seconds) && seconds >= 0 ? { manifestTtlMs: seconds * 1000 } : {};
  return new ContentReader(env.CONTENT, { manifest: throughLoopback(ctx), ...memo });
}
