/**
 * Reads published content from KV for one request.
 *
 * - The manifest is read at most once per request (index pages, feeds and redirects all work
 *   from it alone), with a short KV cache TTL: a publish shows within that time.
 * - Entries are immutable (content-addressed), so each is kept in an isolate-wide memo once
 *   read and given a long KV cache TTL; a changed article has a new key.
 */
import { manifestSchema, MANIFEST_KEY, parseStored, storedEntrySchema, type Manifest, type StoredEntry } from './kv-schema.ts';

const MANIFEST_CACHE_TTL = 30;
const ENTRY_CACHE_TTL = 60 * 60 * 24 * 30;
/** Bounds the isolate memo; entries average tens of KB, isolates have 128 MB. */
const ENTRY_MEMO_LIMIT = 500;

/** Why content could not be read: `unpublished` (no manifest yet) or `unreadable` (bad value or KV failure). */
export class ContentError extends Error {
  readonly kind: 'unpublished' | 'unreadable';

  constructor(kind: 'unpublished' | 'unreadable', message: string) {
    super(message);
    this.kind = kind;
    this.name = 'ContentError';
  }
}

const entryMemo = new Map<string, StoredEntry>();

export class ContentReader {
  readonly #kv: KVNamespace;
  #manifest: Promise<Manifest> | undefined;

  constructor(kv: KVNamespace) {
    this.#kv = kv;
  }

  manifest(): Promise<Manifest> {
    this.#manifest ??= this.#readManifest();
    return this.#manifest;
  }

  async entry(key: string): Promise<StoredEntry> {
    const memo = entryMemo.get(key);
    if (memo) return memo;
    const raw = await this.#get(key, ENTRY_CACHE_TTL);
    if (raw === null) throw new ContentError('unreadable', `The stored entry ${key} is missing from KV.`);
    let entry: StoredEntry;
    try {
      entry = parseStored(storedEntrySchema, raw, `The stored entry ${key}`);
    } catch (error) {
      throw new ContentError('unreadable', (error as Error).message);
    }
    if (entryMemo.size >= ENTRY_MEMO_LIMIT) entryMemo.delete(entryMemo.keys().next().value as string);
    entryMemo.set(key, entry);
    return entry;
  }

  async #readManifest(): Promise<Manifest> {
    const raw = await this.#get(MANIFEST_KEY, MANIFEST_CACHE_TTL);
    if (raw === null) throw new ContentError('unpublished', 'No content has been published yet.');
    try {
      return parseStored(manifestSchema, raw, 'The manifest');
    } catch (error) {
      throw new ContentError('unreadable', (error as Error).message);
    }
  }

  async #get(key: string, cacheTtl: number): Promise<string | null> {
    try {
      return await this.#kv.get(key, { type: 'text', cacheTtl });
    } catch (error) {
      throw new ContentError('unreadable', `Reading ${key} from KV failed: ${(error as Error).message}`);
    }
  }
}

/** Used by tests: forget memoised entries. */
export function clearEntryMemo(): void {
  entryMemo.clear();
}

