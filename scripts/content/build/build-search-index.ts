/**
 * Every published entry as a search document, and the whole index of them in one value.
 * Pure: built entries in, the KV key (the value's sha256) and value out.
 */
import MiniSearch from 'minisearch';
import { searchIndexKey } from '../../../contracts/kv-keys.ts';
import { articlePath } from '../../../contracts/routes.ts';
import { SEARCH_OPTIONS, type SearchDocument, type StoredSearchIndex } from '../../../contracts/search-index.ts';
import { type BuiltEntry, sha256 } from './build-entries.ts';

export interface BuiltSearchIndex {
  key: string;
  value: string;
}

/** The whole index in one value: what the pieced index (build-search.ts) answers like, query for query. */
export function buildSearchIndexValue(entries: BuiltEntry[]): BuiltSearchIndex {
  const value = JSON.stringify(buildSearchIndex(searchDocuments(entries)));
  return { key: searchIndexKey(sha256(value)), value };
}

/** Each entry as a search document, its id its place in `entries`. */
export function searchDocuments(entries: BuiltEntry[]): SearchDocument[] {
  return entries.map((entry, id) => {
    const { attributes, toc } = entry.value;
    const section = attributes.type === 'news' ? 'news' : 'guide';
    return {
      id,
      title: attributes.title,
      description: attributes.description,
      headings: toc.map((t) => t.text).join(' · '),
      keywords: joinedWords(`${attributes.title} ${attributes.slug}`),
      text: entry.text,
      href: articlePath(section, attributes.slug),
      section,
      date: attributes.date?.slice(0, 10) ?? null,
    };
  });
}

/** The KV value: MiniSearch's index with the contract's options, and each document's text for snippets. */
function buildSearchIndex(documents: SearchDocument[]): StoredSearchIndex {
  const search = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  search.addAll(documents);
  return {
    version: 1,
    index: search.toJSON(),
    texts: Object.fromEntries(documents.map((d) => [String(d.id), d.text])),
  };
}

/** "Multi-Sim multi-sim" → "multisim": readers type compound words both ways. */
function joinedWords(text: string): string {
  const joined = text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? [];
  return [...new Set(joined.map((w) => w.replace(/-/g, '').toLowerCase()))].join(' ');
}
