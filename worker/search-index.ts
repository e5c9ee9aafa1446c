/**
 * Full-text search over the published articles, with MiniSearch. The index is built once per
 * upload (scripts/content/build-search-index.ts) and stored in KV as `search/<sha256>`; the
 * Worker loads it (once per isolate for each key) and answers queries with ranked results
 * and highlighted snippets. Both sides share the options below, so they cannot drift apart.
 */
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';

export interface SearchDocument {
  id: number;
  title: string;
  description: string;
  /** Heading texts, joined. */
  headings: string;
  /** Hyphenated words of the title and slug written together ("Multi-Sim" → "multisim"). */
  keywords: string;
  /** The article's prose. */
  text: string;
  href: string;
  section: 'news' | 'guide';
  date: string | null;
}

/** One piece of a snippet: `mark` pieces are the words the query matched. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  title: string;
  href: string;
  description: string;
  section: 'news' | 'guide';
  date: string | null;
  snippet: SnippetPart[];
}

/** The KV value at `search/<sha256>`. */
export interface StoredSearchIndex {
  version: 1;
  index: AsPlainObject;
  /** Article text by document id, for snippets. */
  texts: Record<string, string>;
}

export const MAX_QUERY_LENGTH = 200;
const SNIPPET_LENGTH = 180;

export const SEARCH_OPTIONS: Options<SearchDocument> = {
  fields: ['title', 'keywords', 'description', 'headings', 'text'],
  storeFields: ['title', 'href', 'description', 'section', 'date'],
  searchOptions: {
    boost: { title: 6, keywords: 4, headings: 2, description: 1.5 },
    // "dualsens" finds DualSense (prefix), "dualsnese" too (one or two typos).
    prefix: true,
    fuzzy: 0.25,
    combineWith: 'AND',
  },
};

/** Builds the KV value from the published documents. */
export function buildSearchIndex(documents: SearchDocument[]): StoredSearchIndex {
  const search = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  search.addAll(documents);
  return {
    version: 1,
    index: search.toJSON(),
    texts: Object.fromEntries(documents.map((d) => [String(d.id), d.text])),
  };
}

export interface SearchEngine {
  search(query: string, limit?: number): SearchHit[];
}

export function loadSearchIndex(stored: StoredSearchIndex): SearchEngine {
  const engine = MiniSearch.loadJS<SearchDocument>(stored.index, SEARCH_OPTIONS);
  return {
    search(query, limit = 10) {
      const q = query.trim().slice(0, MAX_QUERY_LENGTH);
      if (!q) return [];
      // Every word must match; if none does, settle for any word matching.
      let results = engine.search(q);
      if (results.length === 0) results = engine.search(q, { combineWith: 'OR' });
      return results.slice(0, limit).map((r) => ({
        title: r.title as string,
        href: r.href as string,
        description: r.description as string,
        section: r.section as 'news' | 'guide',
        date: (r.date as string | null) ?? null,
        snippet: makeSnippet(stored.texts[String(r.id)] ?? (r.description as string), r.terms),
      }));
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
