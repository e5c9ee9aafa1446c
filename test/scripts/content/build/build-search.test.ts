/** The pieced search index's builder: what a root names, what one changed entry writes, when a new base is built. */
import { beforeAll, describe, expect, test } from 'vitest';
import type { SearchDocument } from '../../../../contracts/search-index.ts';
import { buildEntries } from '../../../../scripts/content/build/build-entries.ts';
import { type BuiltSearch, buildSearchOf, DELTA_LIMITS, searchKeys } from '../../../../scripts/content/build/build-search.ts';
import { searchDocuments } from '../../../../scripts/content/build/build-search-index.ts';
import { openSearch } from '../../../../worker/content/sharded-search.ts';
import { loadFixtureSite } from '../../../support/fixture-site.ts';

let documents: SearchDocument[];
let first: BuiltSearch;
beforeAll(async () => {
  const built = await buildEntries(await loadFixtureSite());
  if (!built.ok) throw new Error('content does not build');
  documents = searchDocuments(built.entries);
  first = buildSearchOf(documents, null);
});

const pieceValue = (search: BuiltSearch, key: string) => search.pieces.find((p) => p.key === key)!.value;
const previousOf = (search: BuiltSearch) => {
  const root = pieceValue(search, search.root);
  return { root, record: pieceValue(search, searchKeys(root)[0]!) };
};
/** The engine over every piece of `builds`, as KV holds them after those uploads. */
const engineOf = (search: BuiltSearch, ...earlier: BuiltSearch[]) => {
  const stored = new Map([...earlier, search].flatMap((s) => s.pieces.map((p) => [p.key, p.value] as const)));
  return openSearch(stored.get(search.root)!, async (key) => stored.get(key) ?? Promise.reject(new Error(`no ${key}`)));
};
const changedAt = (at: number[], word: string) => documents.map((d) => (at.includes(d.id) ? { ...d, text: `${d.text} ${word}` } : d));
const titles = async (engine: ReturnType<typeof engineOf>, q: string) => (await engine.search(q)).map((h) => h.title);

describe('a first build', () => {
  test('its root names every other piece it made, under search/', () => {
    const named = searchKeys(pieceValue(first, first.root));
    expect(new Set(named)).toEqual(new Set(first.pieces.map((p) => p.key).filter((k) => k !== first.root)));
    expect(first.pieces.every((p) => p.key.startsWith('search/'))).toBe(true);
  });

  test('is the same for the same content: nothing to write again', () => {
    expect(buildSearchOf(documents, null)).toEqual(first);
    expect(buildSearchOf(documents, previousOf(first)).root).toBe(first.root);
  });
});

describe('one changed entry over the last base', () => {
  test('writes three search keys: the root, the delta and the document', () => {
    const second = buildSearchOf(changedAt([3], 'quokkaword'), previousOf(first));
    const stored = new Set(first.pieces.map((p) => p.key));
    expect(second.pieces.filter((p) => !stored.has(p.key))).toHaveLength(3);
    expect(searchKeys(pieceValue(second, second.root)).filter((k) => !stored.has(k))).toHaveLength(2);
  });

  test('is found by its new text, and its old version is no longer a hit of its own', async () => {
    const second = buildSearchOf(changedAt([3], 'quokkaword'), previousOf(first));
    const engine = engineOf(second, first);
    expect(await titles(engine, 'quokkaword')).toEqual([documents[3]!.title]);
    const title = documents[3]!.title;
    expect((await titles(engine, title)).filter((t) => t === title)).toHaveLength(1);
  });

  test('a removed entry is no longer found', async () => {
    const gone = documents[5]!;
    const second = buildSearchOf(
      documents.filter((d) => d !== gone),
      previousOf(first),
    );
    expect(await titles(engineOf(second, first), gone.title)).not.toContain(gone.title);
    expect(await titles(engineOf(first), gone.title)).toContain(gone.title);
  });
});

test(`past ${DELTA_LIMITS.docs} changed documents, or a previous root of another format, a new base is built`, () => {
  const many = Array.from({ length: DELTA_LIMITS.docs + 1 }, (_, i) => ({
    ...documents[i % documents.length]!,
    id: i,
    href: `/guide/x${i}`,
  }));
  const again = buildSearchOf(many, previousOf(first));
  expect(again).toEqual(buildSearchOf(many, null));
  expect(buildSearchOf(documents, { root: '{"version":1}', record: '{}' })).toEqual(first);
});
