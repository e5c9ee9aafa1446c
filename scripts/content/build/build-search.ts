/**
 * The upload's search index in pieces: a base (search-base.ts) and a delta of the documents changed since it, so that
 * one changed entry writes three search keys (docs/performance.md, Search). Pure but readPreviousSearch (KV reads).
 */

import { parseStored } from '../../../contracts/kv-values.ts';
import { SEARCH_OPTIONS, type SearchDocument } from '../../../contracts/search-index.ts';
import {
  baseChunkKey,
  baseShardKey,
  type SearchDelta,
  type SearchRoot,
  searchRecordSchema,
  searchRootSchema,
} from '../../../contracts/search-pieces.ts';
import type { KvStore } from '../kv/kv-store.ts';
import type { BuiltEntry } from './build-entries.ts';
import { searchDocuments } from './build-search-index.ts';
import {
  buildBase,
  documentHash,
  miniSearchJson,
  namedPiece,
  postingsOf,
  type SearchLimits,
  type SearchPiece,
  storedDoc,
} from './search-base.ts';

/** Past either bound the next upload builds a new base: every query reads the delta. */
export const DELTA_LIMITS = { docs: 100, bytes: 64 * 1024 };

export interface BuiltSearch {
  /** The root's key: what the manifest names. */
  root: string;
  /**
   * The root and the pieces it names that this build made; a base kept from the previous upload is not rebuilt, so
   * its pieces (in KV already) are not among them. The planner writes those KV lacks.
   */
  pieces: SearchPiece[];
}

/** What the last upload left that the next one builds on: its root and its base's record (values). */
export interface PreviousSearch {
  root: string;
  record: string;
}

/** The search pieces of `entries`: a delta over `previous`'s base while it stays within DELTA_LIMITS, else a new base. */
export function buildSearch(entries: BuiltEntry[], previous: PreviousSearch | null): BuiltSearch {
  return buildSearchOf(searchDocuments(entries), previous);
}

/** As buildSearch, of search documents; `limits` other than SEARCH_LIMITS only for tests of small shards. */
export function buildSearchOf(documents: SearchDocument[], previous: PreviousSearch | null, limits?: SearchLimits): BuiltSearch {
  const hashes = documents.map(documentHash);
  const prior = previous ? baseOf(previous) : null;
  const update = prior ? withDelta(prior.root, prior.hashes, documents, hashes) : null;
  if (update) return update;
  const base = buildBase(documents, hashes, limits);
  return rooted({ ...base.root, delta: null }, base.pieces);
}

function rooted(root: SearchRoot, pieces: SearchPiece[]): BuiltSearch {
  const named = namedPiece(root);
  return { root: named.key, pieces: [named, ...pieces] };
}

/** The previous base, when it is one this build can extend (same format and fields). */
function baseOf(previous: PreviousSearch): { root: SearchRoot; hashes: string[] } | null {
  try {
    const root = parseStored(searchRootSchema, previous.root, 'the previous search root');
    const fields = Object.fromEntries(SEARCH_OPTIONS.fields.map((field, id) => [field, id]));
    if (JSON.stringify(root.fieldIds) !== JSON.stringify(fields)) return null;
    return { root, hashes: parseStored(searchRecordSchema, previous.record, 'the previous search record').hashes };
  } catch {
    return null;
  }
}

/**
 * The base kept, the documents it lacks in a delta: their postings (ids after the base's), each document's piece, and
 * the base's ids no document has any more. Null when the delta would pass DELTA_LIMITS.
 */
function withDelta(base: SearchRoot, baseHashes: string[], documents: SearchDocument[], hashes: string[]): BuiltSearch | null {
  const inBase = new Set(baseHashes);
  const current = new Set(hashes);
  const changed = documents.filter((_, i) => !inBase.has(hashes[i]!));
  const removed = baseHashes.flatMap((hash, id) => (current.has(hash) ? [] : [id]));
  if (changed.length > DELTA_LIMITS.docs) return null;
  if (changed.length === 0 && removed.length === 0) return rooted({ ...base, delta: null }, []);
  const renumbered = changed.map((doc, i) => ({ ...doc, id: base.documentCount + i }));
  const terms = Object.fromEntries(postingsOf(miniSearchJson(renumbered)));
  const delta = namedPiece({ removed, terms } satisfies SearchDelta);
  if (Buffer.byteLength(delta.value, 'utf8') > DELTA_LIMITS.bytes) return null;
  const docs = renumbered.map((doc) => namedPiece({ docs: [storedDoc(doc)] }));
  return rooted({ ...base, delta: { key: delta.key, docs: docs.map((p) => p.key) } }, [delta, ...docs]);
}

/** Every key a root names (not its own): what clean-ups keep. A root of another format names none. */
export function searchKeys(rootValue: string): string[] {
  let root: SearchRoot;
  try {
    root = parseStored(searchRootSchema, rootValue, 'the search root');
  } catch {
    return [];
  }
  return [
    root.record,
    ...root.shards.map((_, i) => baseShardKey(root.base, i)),
    ...Array.from({ length: root.chunks }, (_, i) => baseChunkKey(root.base, i)),
    ...(root.delta ? [root.delta.key, ...root.delta.docs] : []),
  ];
}

/** The root the live manifest names and its base's record, read for the next build; null when there is none to extend. */
export async function readPreviousSearch(store: KvStore, rootKey: string | null): Promise<PreviousSearch | null> {
  const root = rootKey ? await store.get(rootKey) : null;
  const recordKey = root === null ? null : (searchKeys(root)[0] ?? null);
  const record = recordKey ? await store.get(recordKey) : null;
  return root !== null && record !== null ? { root, record } : null;
}
