/** Search at the edge: a whole index loaded into MiniSearch answers ranked hits with snippets; the hit and snippet shapes. Pure. */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { SearchHit, SnippetPart } from '../../contracts/page-payload.ts';
import { MAX_QUERY_LENGTH } from '../../contracts/routes.ts';
import { SEARCH_OPTIONS, type SearchDocument, type StoredSearchIndex } from '../../contracts/search-index.ts';
import type { StoredSearchDoc } from '../../contracts/search-pieces.ts';

const SNIPPET_LENGTH = 180;

export interface SearchEngine {
  /** `isPublic` keeps hits to pages the public may see now (the index holds scheduled posts too). */
  search(query: string, limit?: number, isPublic?: (href: string) => boolean): SearchHit[];
}

/** The query as searched: trimmed, at most MAX_QUERY_LENGTH characters. */
export const searchedText = (query: string): string => query.trim().slice(0, MAX_QUERY_LENGTH);

/** A hit: its document's fields, a snippet marking `terms` (the indexed words matched) in its text. */
export const hitOf = (doc: Omit<StoredSearchDoc, 'text'>, text: string, terms: string[]): SearchHit => ({
  title: doc.title,
  href: doc.href,
  description: doc.description,
  section: doc.section,
  date: doc.date ?? null,
  snippet: makeSnippet(text, terms),
});

/** Loads a whole stored index; every word must match, else any word. */
export function loadSearchIndex(stored: StoredSearchIndex): SearchEngine {
  const engine = MiniSearch.loadJS<SearchDocument>(stored.index, SEARCH_OPTIONS);
  return {
    search(query, limit = 10, isPublic) {
      const q = searchedText(query);
      if (!q) return [];
      const filter: SearchOptions = isPublic ? { filter: (r) => isPublic(r.href as string) } : {};
      // Every word must match; if none does, settle for any word matching.
      let results = engine.search(q, filter);
      if (results.length === 0) results = engine.search(q, { ...filter, combineWith: 'OR' });
      return results
        .slice(0, limit)
        .map((r) => hitOf(r as unknown as StoredSearchDoc, stored.texts[String(r.id)] ?? (r.description as string), r.terms));
    },
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A window of the text around the first matched word, split into marked and plain parts.
 * `terms` are the indexed words the query matched (lower case, as MiniSearch reports them).
 */
export function makeSnippet(text: string, terms: string[], length = SNIPPET_LENGTH): SnippetPart[] {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  const pattern = words.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join('|')})`, 'giu') : null;
  const first = pattern ? text.search(pattern) : -1;
  let start = first <= 0 ? 0 : Math.max(0, first - Math.floor(length / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const window = text.slice(start, end);

  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '… ', mark: false });
  let last = 0;
  if (pattern) {
    for (const match of window.matchAll(pattern)) {
      const at = match.index ?? 0;
      if (at > last) parts.push({ text: window.slice(last, at), mark: false });
      parts.push({ text: match[0], mark: true });
      last = at + match[0].length;
    }
  }
  if (last < window.length) parts.push({ text: window.slice(last), mark: false });
  if (end < text.length) parts.push({ text: ' …', mark: false });
  return parts;
}
