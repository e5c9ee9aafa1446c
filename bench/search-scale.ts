/**
 * Search at scale: the pieced index (scripts/content/build/build-search.ts) of synthetic sites, what each query reads,
 * and what one changed entry writes. `npx node bench/search-scale.ts [--entries 24,1000,10000] [--unrendered]`.
 */
import { parseArgs } from 'node:util';
import type { SearchDocument } from '../contracts/search-index.ts';
import { type BuiltEntry, buildEntries } from '../scripts/content/build/build-entries.ts';
import { buildSearchOf, DELTA_LIMITS, type PreviousSearch, searchKeys } from '../scripts/content/build/build-search.ts';
import { searchDocuments } from '../scripts/content/build/build-search-index.ts';
import { syntheticContent, syntheticFile } from '../tools/synthetic-content.ts';
import { openSearch } from '../worker/content/sharded-search.ts';

/** One word, two words, a prefix, a typo, no match: words of the synthetic vocabulary (tools/synthetic-content.ts). */
export const SEARCH_QUERIES = ['telemetry', 'tyre pressure', 'teleme', 'telemtry', 'xyzzyqwv'];

export interface QueryReads {
  query: string;
  hits: number;
  bytes: number;
  pieces: number;
}

export interface SearchScale {
  entries: number;
  rootBytes: number;
  /** Every search piece of a first upload, in bytes and keys. */
  totalBytes: number;
  keys: number;
  queries: QueryReads[];
  maxQueryBytes: number;
  /** Search keys one changed entry writes when published into the site; and whether the changed text is found. */
  changedEntryWrites: number;
  changedEntryFound: boolean;
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** Builds the pieces of `site` (built entries, or search documents), runs `queries`, republishes one changed entry. */
export async function measureSearch(site: BuiltEntry[] | SearchDocument[], queries: string[] = SEARCH_QUERIES): Promise<SearchScale> {
  const documents = site.length > 0 && 'value' in site[0]! ? searchDocuments(site as BuiltEntry[]) : (site as SearchDocument[]);
  const first = buildSearchOf(documents, null);
  const stored = new Map(first.pieces.map((p) => [p.key, p.value]));
  const rootValue = stored.get(first.root)!;
  const queryReads = async (root: string, query: string): Promise<QueryReads> => {
    let bytes = bytesOf(root);
    let pieces = 1;
    const engine = openSearch(root, async (key) => {
      const value = stored.get(key);
      if (value === undefined) throw new Error(`no search piece ${key}`);
      bytes += bytesOf(value);
      pieces++;
      return value;
    });
    const hits = (await engine.search(query)).length;
    return { query, hits, bytes, pieces };
  };
  const reads: QueryReads[] = [];
  for (const query of queries) reads.push(await queryReads(rootValue, query));

  // One entry's text changed, published over the first upload: what KV lacks is what the upload writes.
  const record = stored.get(searchKeys(rootValue)[0]!)!;
  const previous: PreviousSearch = { root: rootValue, record };
  const at = Math.floor(documents.length / 2);
  const changed = documents.map((d) => (d.id === at ? { ...d, text: `${d.text} quokkaword` } : d));
  const second = buildSearchOf(changed, previous);
  const written = second.pieces.filter((p) => !stored.has(p.key));
  for (const p of written) stored.set(p.key, p.value);
  const found = await queryReads(stored.get(second.root)!, 'quokkaword');
  return {
    entries: documents.length,
    rootBytes: bytesOf(rootValue),
    totalBytes: first.pieces.reduce((sum, p) => sum + bytesOf(p.value), 0),
    keys: first.pieces.length,
    queries: reads,
    maxQueryBytes: Math.max(...reads.map((r) => r.bytes)),
    changedEntryWrites: written.length,
    changedEntryFound: found.hits === 1,
  };
}

/**
 * The synthetic site's search documents straight from its markdown, without rendering (about a minute a thousand
 * entries on this machine): front matter fields, `#` lines as headings, the body without its markup as text.
 */
export function syntheticDocuments(count: number): SearchDocument[] {
  return Array.from({ length: count }, (_, id) => {
    const [, front = '', body = ''] = syntheticFile(id).source.split(/^---$/m);
    const field = (name: string) => new RegExp(`^${name}: "?(.*?)"?$`, 'm').exec(front)?.[1] ?? '';
    const section = field('type') === 'news' ? 'news' : 'guide';
    const title = field('title');
    return {
      id,
      title,
      description: field('description'),
      headings: [...body.matchAll(/^#+ (.*)$/gm)].map((m) => m[1]).join(' · '),
      keywords: [...new Set(`${title} ${field('slug')}`.match(/\w+(?:-\w+)+/g) ?? [])]
        .map((w) => w.replace(/-/g, '').toLowerCase())
        .join(' '),
      text: body
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/^```.*$|[#*`|>]/gm, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      href: `/${section === 'news' ? 'news' : 'guide'}/${field('slug')}`,
      section,
      date: field('date') || null,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(scale: SearchScale): string[] {
  return [
    `${scale.entries.toLocaleString('en')} entries: root ${kb(scale.rootBytes)}, all search pieces ${kb(scale.totalBytes)} in ${scale.keys.toLocaleString('en')} keys`,
    ...scale.queries.map((q) => `  "${q.query}": ${q.hits} hits, read ${kb(q.bytes)} in ${q.pieces} pieces`),
    `  max over queries: ${kb(scale.maxQueryBytes)} (target ≤ 300 KB: ${scale.maxQueryBytes <= 300 * 1024 ? 'meets' : 'fails'})`,
    `  one changed entry republished: ${scale.changedEntryWrites} search keys written (target ≤ 3: ${scale.changedEntryWrites > 0 && scale.changedEntryWrites <= 3 ? 'meets' : 'fails'}); its new word ${scale.changedEntryFound ? 'found' : 'NOT found'}`,
  ];
}

if (import.meta.main) {
  const options = { entries: { type: 'string', default: '24,1000,10000' }, unrendered: { type: 'boolean', default: false } } as const;
  const { values } = parseArgs({ options });
  const how = values.unrendered
    ? 'documents taken from the markdown unrendered (syntheticDocuments)'
    : 'entries rendered by build-entries.ts';
  console.log(
    `Search pieces of synthetic sites (tools/synthetic-content.ts), ${how}; a delta is rebuilt into a new base past ${DELTA_LIMITS.docs} documents or ${kb(DELTA_LIMITS.bytes)}.`,
  );
  for (const size of values.entries.split(',').map(Number)) {
    const started = performance.now();
    const built = values.unrendered ? { ok: true as const, entries: syntheticDocuments(size) } : await buildEntries(syntheticContent(size));
    if (!built.ok) throw new Error(`the synthetic site of ${size} entries does not build`);
    const rendered = performance.now();
    const scale = await measureSearch(built.entries);
    for (const line of report(scale)) console.log(line);
    console.log(
      `  (documents ${((rendered - started) / 1000).toFixed(1)} s, search pieces and queries ${((performance.now() - rendered) / 1000).toFixed(1)} s)`,
    );
  }
}
