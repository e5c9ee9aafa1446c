/**
 * The base of the pieced search index (contracts/search-pieces.ts): MiniSearch over every document, its postings cut
 * into term shards by term range, the documents into chunks. Pure: search documents in, the base's root and pieces out.
 */
import { createHash } from 'node:crypto';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { SEARCH_OPTIONS, type SearchDocument } from '../../../contracts/search-index.ts';
import {
  baseChunkKey,
  baseShardKey,
  type Postings,
  type SearchDocChunk,
  type SearchRecord,
  type SearchRoot,
  type StoredSearchDoc,
} from '../../../contracts/search-pieces.ts';
import { sha256 } from './build-entries.ts';

export type SearchLimits = typeof SEARCH_LIMITS;
export const SEARCH_LIMITS = {
  /** A shard is closed once it passes this many bytes; one term's postings may pass it alone. */
  shardBytes: 32 * 1024,
  /**
   * Postings kept per term and field: the documents where the term weighs most (impact order). A query's scoring time
   * follows the postings it scores; 100 keeps a word found in every one of 10,000 pages near a 24-page site's cost
   * (`npm run bench -- --scale`), while a page of hits still draws on up to 500 documents for each word.
   */
  postingsPerField: 100,
  /** Documents a chunk holds: a shown hit reads its chunk. */
  docsPerChunk: 2,
  /** Characters of an article's text kept for its snippet (cut at a space). */
  snippetChars: 4_000,
};

/** A KV pair of the search index: every value is JSON text. */
export type SearchPiece = { key: string; value: string };
/** A piece named by its own content: `search/<sha256>`. */
export const namedPiece = (value: unknown): SearchPiece => {
  const text = JSON.stringify(value);
  return { key: `search/${sha256(text)}`, value: text };
};

/** Identifies a document's indexed content across uploads: what the next upload compares to tell what changed. */
export const documentHash = ({ id: _, ...content }: SearchDocument): string => sha256(JSON.stringify(content)).slice(0, 32);

/** What a hit shows of a document, its text cut for snippets. */
export function storedDoc({ title, href, description, section, date, text }: SearchDocument): StoredSearchDoc {
  const chars = SEARCH_LIMITS.snippetChars;
  const cut = text.length <= chars ? text : text.slice(0, text.lastIndexOf(' ', chars) + 1 || chars).trimEnd();
  return { title, href, description, section, date, text: cut };
}

/** MiniSearch over `documents`, its JSON: tokenising, field lengths and averages stay MiniSearch's own. */
export function miniSearchJson(documents: SearchDocument[]): AsPlainObject {
  const search = new MiniSearch<SearchDocument>({ ...SEARCH_OPTIONS, storeFields: [] });
  search.addAll(documents);
  return search.toJSON();
}

/** BM25's parameters as MiniSearch scores with them: its defaults (defaultBM25params, not exported), SEARCH_OPTIONS sets none. */
const { k, b, d } = { k: 1.2, b: 0.7, d: 0.5 };

/**
 * Each term's postings with their field lengths, sorted by term. Past `cap` documents a term and field keeps the `cap`
 * where BM25's term-frequency part is highest: a word in every document costs `cap` postings, not one per document.
 */
export function postingsOf(json: AsPlainObject, cap = Number.POSITIVE_INFINITY): [string, Postings[string]][] {
  const postings: [string, Postings[string]][] = [];
  const byTerm = [...(json.index as [string, Record<string, Record<string, number>>][])].sort(([a], [z]) => (a < z ? -1 : a > z ? 1 : 0));
  for (const [term, fields] of byTerm) {
    const out: Record<string, number[]> = {};
    for (const [fieldId, freqs] of Object.entries(fields)) {
      const avg = json.averageFieldLength[Number(fieldId)] || 1;
      let docs = Object.entries(freqs).map(([shortId, tf]) => {
        const length = json.fieldLength[shortId]![Number(fieldId)]!;
        return { id: Number(json.documentIds[shortId]), tf, length, impact: d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / avg)) };
      });
      if (docs.length > cap) docs = docs.sort((x, y) => y.impact - x.impact || x.id - y.id).slice(0, cap);
      out[fieldId] = docs.sort((x, y) => x.id - y.id).flatMap(({ id, tf, length }) => [id, tf, length]);
    }
    postings.push([term, out]);
  }
  return postings;
}

/** Consecutive terms (an array: an object would list terms like "2024" first), a shard closed once it passes SEARCH_LIMITS.shardBytes. */
function cutShards(postings: [string, Postings[string]][], shardBytes: number): [string, Postings[string]][][] {
  const shards: [string, Postings[string]][][] = [[]];
  let bytes = 0;
  for (const posting of postings) {
    if (bytes >= shardBytes) {
      shards.push([]);
      bytes = 0;
    }
    shards.at(-1)!.push(posting);
    bytes += posting[0].length + JSON.stringify(posting[1]).length + 4;
  }
  return shards;
}

export interface BuiltBase {
  root: Omit<SearchRoot, 'delta'>;
  /** The shards, the chunks and the record. */
  pieces: SearchPiece[];
}

/** The base of `documents` (ids 0…n-1, in order); `hashes` are their documentHash. */
export function buildBase(documents: SearchDocument[], hashes: string[], limits: SearchLimits = SEARCH_LIMITS): BuiltBase {
  const json = miniSearchJson(documents);
  const cut = cutShards(postingsOf(json, limits.postingsPerField), limits.shardBytes);
  const shards = cut.map((terms) => JSON.stringify({ terms: Object.fromEntries(terms) }));
  const chunks: string[] = [];
  for (let at = 0; at < documents.length; at += limits.docsPerChunk) {
    const chunk: SearchDocChunk = { docs: documents.slice(at, at + limits.docsPerChunk).map(storedDoc) };
    chunks.push(JSON.stringify(chunk));
  }
  const digest = createHash('sha256');
  for (const value of [...shards, ...chunks]) digest.update(sha256(value));
  const base = digest.digest('hex');
  const record = namedPiece({ hashes } satisfies SearchRecord);
  const root: BuiltBase['root'] = {
    version: 2,
    documentCount: json.documentCount,
    fieldIds: json.fieldIds,
    averageFieldLength: json.averageFieldLength,
    base,
    shards: cut.map((terms) => terms[0]?.[0] ?? ''),
    shardBytes: shards.map((value) => Buffer.byteLength(value, 'utf8')),
    chunks: chunks.length,
    docsPerChunk: limits.docsPerChunk,
    record: record.key,
  };
  return {
    root,
    pieces: [
      ...shards.map((value, i) => ({ key: baseShardKey(base, i), value })),
      ...chunks.map((value, i) => ({ key: baseChunkKey(base, i), value })),
      record,
    ],
  };
}
