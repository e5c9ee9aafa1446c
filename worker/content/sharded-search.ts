/**
 * Search over the pieced index (contracts/search-pieces.ts): a query reads the root, the shards of its terms, the delta
 * and the chunks of the hits it shows, and MiniSearch scores the partial index they make; a memo keeps pieces parsed and
 * engines built across queries. I/O: `readPiece` only.
 */
import MiniSearch, { type AsPlainObject, type SearchResult } from 'minisearch';
import type * as z from 'zod';
import { ContentError } from '../../contracts/content-error.ts';
import { parseStored } from '../../contracts/kv-values.ts';
import type { SearchHit } from '../../contracts/page-payload.ts';
import { SEARCH_OPTIONS, type SearchDocument } from '../../contracts/search-index.ts';
import {
  baseChunkKey,
  baseShardKey,
  type Postings,
  type SearchDelta,
  type SearchRoot,
  type StoredSearchDoc,
  searchDeltaSchema,
  searchDocChunkSchema,
  searchRootSchema,
  searchShardSchema,
} from '../../contracts/search-pieces.ts';
import type { PieceMemo } from './piece-memo.ts';
import { hitOf, searchedText } from './search-engine.ts';

/** Shards a query reads at most, in bytes: all of them while the site's fit (fuzzy matching then sees every term). */
export const SHARD_BUDGET_BYTES = 128 * 1024;

export interface ShardedSearchEngine {
  /** `isPublic` keeps hits to pages the public may see now (the index holds scheduled posts too). */
  search(query: string, limit?: number, isPublic?: (href: string) => boolean): Promise<SearchHit[]>;
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string;

export interface SearchOptions {
  /** Shards a query reads at most, in bytes. */
  shardBudget?: number;
  /**
   * Keeps parsed pieces by key and built engines by their root and shards, so that a repeated query parses and builds
   * nothing (an engine counts as the bytes of the shards it was built from). Absent: each query starts afresh.
   */
  memo?: PieceMemo;
}

/** The engine of a root; `readPiece` reads a key's value (through a cache), throwing when KV lacks it. */
export function openSearch(
  rootValue: string,
  readPiece: (key: string) => Promise<string>,
  { shardBudget = SHARD_BUDGET_BYTES, memo }: SearchOptions = {},
): ShardedSearchEngine {
  const root = parsed(searchRootSchema, rootValue, 'The search root');
  const read = async <T>(key: string, schema: z.ZodType<T>): Promise<T> => {
    const kept = memo?.get(key);
    if (kept !== undefined) return kept as T;
    const raw = await readPiece(key);
    const value = parsed(schema, raw, `The search piece ${key}`);
    memo?.set(key, value, raw.length);
    return value;
  };
  const engineOf = async (shards: number[]): Promise<MiniSearch<SearchDocument>> => {
    const key = `search engine ${root.base} ${root.delta?.key ?? '-'} ${shards.join(',')}`;
    const kept = memo?.get(key);
    if (kept !== undefined) return kept as MiniSearch<SearchDocument>;
    const [postings, delta] = await Promise.all([
      Promise.all(shards.map((i) => read(baseShardKey(root.base, i), searchShardSchema))),
      root.delta ? read(root.delta.key, searchDeltaSchema) : null,
    ]);
    const inRange = shards.length === root.shards.length ? () => true : (term: string) => shards.includes(shardOf(root, term));
    const partial = partialIndex(
      root,
      postings.map((p) => p.terms),
      delta,
      inRange,
    );
    const engine = MiniSearch.loadJS<SearchDocument>(partial, SEARCH_OPTIONS);
    memo?.set(
      key,
      engine,
      shards.reduce((sum, i) => sum + root.shardBytes[i]!, 0),
    );
    return engine;
  };
  return {
    async search(query, limit = 10, isPublic) {
      const q = searchedText(query);
      if (!q) return [];
      const engine = await engineOf(shardsFor(root, [...new Set(tokenize(q).map(processTerm).filter(Boolean))], shardBudget));
      const chunks = new Map<string, Promise<StoredSearchDoc[]>>();
      const docOf = async (id: number): Promise<StoredSearchDoc> => {
        const base = id < root.documentCount;
        const key = base ? baseChunkKey(root.base, Math.floor(id / root.docsPerChunk)) : root.delta!.docs[id - root.documentCount]!;
        if (!chunks.has(key))
          chunks.set(
            key,
            read(key, searchDocChunkSchema).then((c) => c.docs),
          );
        return (await chunks.get(key)!)[base ? id % root.docsPerChunk : 0]!;
      };
      // Every word must match; if none does, settle for any word matching.
      const hits = await shown(engine.search(q), limit, docOf, isPublic);
      return hits.length > 0 ? hits : shown(engine.search(q, { combineWith: 'OR' }), limit, docOf, isPublic);
    },
  };
}

function parsed<T>(schema: z.ZodType<T>, raw: string, what: string): T {
  try {
    return parseStored(schema, raw, what);
  } catch (error) {
    throw new ContentError('unreadable', (error as Error).message);
  }
}

/** The first `limit` public results, in rank order, reading the chunks of as many as are shown. */
async function shown(
  results: SearchResult[],
  limit: number,
  docOf: (id: number) => Promise<StoredSearchDoc>,
  isPublic?: (href: string) => boolean,
): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  for (let next = 0; hits.length < limit && next < results.length; ) {
    const batch = results.slice(next, next + limit - hits.length);
    next += batch.length;
    const docs = await Promise.all(batch.map((r) => docOf(r.id as number)));
    batch.forEach((r, i) => {
      const doc = docs[i]!;
      if (!isPublic || isPublic(doc.href)) hits.push(hitOf(doc, doc.text, r.terms));
    });
  }
  return hits;
}

/** The shard whose range holds `term`: the last starting at or before it. */
function shardOf(root: SearchRoot, term: string): number {
  let at = 0;
  for (let i = 1; i < root.shards.length && root.shards[i]! <= term; i++) at = i;
  return at;
}

/**
 * The shards a query reads: all while they fit the budget; else each term's own shard (its exact and first
 * prefix matches), then the shards of terms sharing its first two characters nearest first (its other prefix and fuzzy
 * matches), while the budget lasts. A typo in a term's first two characters then finds nothing beyond them.
 */
function shardsFor(root: SearchRoot, terms: string[], budget: number): number[] {
  const all = root.shards.map((_, i) => i);
  if (root.shardBytes.reduce((sum, bytes) => sum + bytes, 0) <= budget) return all;
  const picked = new Set<number>();
  let bytes = 0;
  const take = (i: number) => {
    if (picked.has(i) || bytes + root.shardBytes[i]! > budget) return;
    picked.add(i);
    bytes += root.shardBytes[i]!;
  };
  for (const term of terms) take(shardOf(root, term));
  for (const term of terms) {
    const own = shardOf(root, term);
    const from = term.slice(0, 2);
    const to = `${from}\uffff`;
    const near = all.filter((i) => root.shards[i]! < to && (i + 1 === all.length || root.shards[i + 1]! > from));
    near.sort((a, z) => Math.abs(a - own) - Math.abs(z - own) || z - a);
    for (const i of near) take(i);
  }
  return [...picked].sort((a, z) => a - z);
}

/**
 * MiniSearch's JSON of the loaded terms: the base's postings without the documents the delta supersedes, the delta's
 * postings of terms in the loaded ranges, the base's figures; terms in sorted order, as the whole index lists them.
 */
function partialIndex(root: SearchRoot, shards: Postings[], delta: SearchDelta | null, inRange: (term: string) => boolean): AsPlainObject {
  const removed = new Set(delta?.removed);
  const terms = new Map<string, Record<string, Record<string, number>>>();
  const fieldLength: Record<string, number[]> = {};
  const add = (postings: Postings, only: (term: string) => boolean) => {
    for (const [term, fields] of Object.entries(postings)) {
      if (!only(term)) continue;
      const entry = terms.get(term) ?? {};
      for (const [fieldId, flat] of Object.entries(fields)) {
        for (let i = 0; i < flat.length; i += 3) {
          const [id, tf, length] = [flat[i]!, flat[i + 1]!, flat[i + 2]!];
          if (removed.has(id)) continue;
          entry[fieldId] ??= {};
          entry[fieldId][id] = tf;
          fieldLength[id] ??= [];
          fieldLength[id][Number(fieldId)] = length;
        }
      }
      if (Object.keys(entry).length > 0) terms.set(term, entry);
    }
  };
  for (const shard of shards) add(shard, () => true);
  if (delta) add(delta.terms, inRange);
  const added = root.delta?.docs.length ?? 0;
  return {
    documentCount: root.documentCount - (delta?.removed.length ?? 0) + added,
    nextId: root.documentCount + added,
    documentIds: Object.fromEntries(Object.keys(fieldLength).map((id) => [id, Number(id)])),
    fieldIds: root.fieldIds,
    fieldLength,
    averageFieldLength: root.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [...terms].sort(([a], [z]) => (a < z ? -1 : a > z ? 1 : 0)),
    serializationVersion: 2,
  };
}
