/** The search index, built by the upload, loaded by the Worker, with the MiniSearch options both sides share. Pure. */
import type { AsPlainObject, Options } from 'minisearch';
import * as z from 'zod';

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

/** MiniSearch's own JSON (`toJSON()`): its shape is MiniSearch's to check when it loads it. */
const miniSearchJson = z.custom<AsPlainObject>(
  (value) => typeof value === 'object' && value !== null && 'documentCount' in value && 'index' in value,
  {
    message: 'not a MiniSearch index',
  },
);

const isTextById = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.values(value).every((text) => typeof text === 'string');

/**
 * The KV value at `search/<sha256>`. Checked with z.custom rather than z.literal and z.record,
 * which would pull far more of zod into the Worker bundle for two fields.
 */
export const storedSearchIndexSchema = z.object({
  version: z.custom<1>((value) => value === 1, { message: 'unknown version (expected 1)' }),
  index: miniSearchJson,
  /** Article text by document id, for snippets. */
  texts: z.custom<Record<string, string>>(isTextById, { message: 'expected texts by document id' }),
});
export type StoredSearchIndex = z.infer<typeof storedSearchIndexSchema>;

/** Used to build the index and to query it, so the two cannot drift apart. */
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
