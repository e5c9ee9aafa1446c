/**
 * The search index in pieces (docs/performance.md, Search): a small root every query reads, term shards, document
 * chunks and a delta of the documents changed since the base was built. The KV values' shapes and keys. Pure.
 */
import * as z from 'zod';

/**
 * Postings: term → MiniSearch field id → `[docId, termFrequency, fieldLength, …]` by doc id. The field length rides
 * with each posting so that a query needs no per-document table to score.
 */
export type Postings = Record<string, Record<string, number[]>>;

/** What a hit shows: MiniSearch's stored fields and the text its snippet is cut from. */
export interface StoredSearchDoc {
  title: string;
  href: string;
  description: string;
  section: 'news' | 'guide';
  date: string | null;
  text: string;
}

/** The root, `search/<sha256>`: the manifest names it and the Worker reads it first for every query. */
export interface SearchRoot {
  version: 2;
  /** MiniSearch's figures over the base's documents (its `toJSON()`), shared by every query's scoring. */
  documentCount: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** sha256 over every base piece's value: their keys are derived from it (baseShardKey, baseChunkKey). */
  base: string;
  /** Shard i holds the terms from `shards[i]` (inclusive) to `shards[i + 1]`, in `shardBytes[i]` bytes. */
  shards: string[];
  shardBytes: number[];
  /** Document chunks: doc id d is in chunk ⌊d / docsPerChunk⌋. */
  chunks: number;
  docsPerChunk: number;
  /** The key of the base's record (SearchRecord): read by the upload, never by a query. */
  record: string;
  /** The documents changed or added since the base: the delta's key and each document's key (ids follow the base's). */
  delta: { key: string; docs: string[] } | null;
}

/** `search/<base>/s<i>`: the postings of a range of terms. */
export interface SearchShard {
  terms: Postings;
}

/** `search/<sha256>`: the postings of the delta's documents and the base's doc ids they supersede. */
export interface SearchDelta {
  removed: number[];
  terms: Postings;
}

/** `search/<base>/d<i>`, or `search/<sha256>` for one delta document: the documents hits show. */
export interface SearchDocChunk {
  docs: StoredSearchDoc[];
}

/** `search/<sha256>`: each base document's content hash by doc id, for the next upload to tell what changed. */
export interface SearchRecord {
  hashes: string[];
}

export const baseShardKey = (base: string, shard: number): string => `search/${base}/s${shard}`;
export const baseChunkKey = (base: string, chunk: number): string => `search/${base}/d${chunk}`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isArrayOf = (value: unknown, type: string) => Array.isArray(value) && value.every((v) => typeof v === type);
const isPostings = (value: unknown) =>
  isObject(value) && Object.values(value).every((fields) => isObject(fields) && Object.values(fields).every((p) => isArrayOf(p, 'number')));

// Checked with z.custom, as search-index.ts does: z.object and z.record would pull far more of zod into the Worker.
export const searchRootSchema = z.custom<SearchRoot>(
  (v) =>
    isObject(v) &&
    v.version === 2 &&
    typeof v.documentCount === 'number' &&
    isObject(v.fieldIds) &&
    isArrayOf(v.averageFieldLength, 'number') &&
    typeof v.base === 'string' &&
    isArrayOf(v.shards, 'string') &&
    isArrayOf(v.shardBytes, 'number') &&
    typeof v.chunks === 'number' &&
    typeof v.docsPerChunk === 'number' &&
    typeof v.record === 'string' &&
    (v.delta === null || (isObject(v.delta) && typeof v.delta.key === 'string' && isArrayOf(v.delta.docs, 'string'))),
  { message: 'not a search root (version 2)' },
);
export const searchShardSchema = z.custom<SearchShard>((v) => isObject(v) && isPostings(v.terms), { message: 'not a search shard' });
export const searchDeltaSchema = z.custom<SearchDelta>((v) => isObject(v) && isArrayOf(v.removed, 'number') && isPostings(v.terms), {
  message: 'not a search delta',
});
export const searchDocChunkSchema = z.custom<SearchDocChunk>(
  (v) =>
    isObject(v) && Array.isArray(v.docs) && v.docs.every((d) => isObject(d) && typeof d.href === 'string' && typeof d.text === 'string'),
  { message: 'not a chunk of search documents' },
);
export const searchRecordSchema = z.custom<SearchRecord>((v) => isObject(v) && isArrayOf(v.hashes, 'string'), {
  message: 'not a search record',
});
