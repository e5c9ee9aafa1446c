/** The pieced search index answers as the whole index does on the fixture site: hits, order and snippets. */
import { beforeAll, describe, expect, test } from 'vitest';
import { buildEntries } from '../../../scripts/content/build/build-entries.ts';
import { buildSearch, buildSearchOf } from '../../../scripts/content/build/build-search.ts';
import { buildSearchIndexValue, searchDocuments } from '../../../scripts/content/build/build-search-index.ts';
import { SEARCH_LIMITS } from '../../../scripts/content/build/search-base.ts';
import { PieceMemo } from '../../../worker/content/piece-memo.ts';
import { loadSearchIndex, type SearchEngine } from '../../../worker/content/search-engine.ts';
import { openSearch, type ShardedSearchEngine } from '../../../worker/content/sharded-search.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';

let whole: SearchEngine;
let sharded: ShardedSearchEngine;
let pieces: Map<string, string>;
let searchRoot: string;
const read: string[] = [];
beforeAll(async () => {
  const built = await buildEntries(await loadFixtureSite());
  if (!built.ok) throw new Error('content does not build');
  whole = loadSearchIndex(JSON.parse(buildSearchIndexValue(built.entries).value));
  const search = buildSearch(built.entries, null);
  pieces = new Map(search.pieces.map((p) => [p.key, p.value]));
  searchRoot = search.root;
  sharded = openSearch(pieces.get(search.root)!, async (key) => {
    read.push(key);
    const value = pieces.get(key);
    if (value === undefined) throw new Error(`no piece ${key}`);
    return value;
  });
});

const QUERIES = [
  'dualsens',
  'dualsnse',
  'setup hider',
  'multisim',
  'multi-sim',
  'liveries',
  'twitch commands',
  'websocket',
  'signpath',
  'hud',
  'stre',
  'race element',
  'forza xyzzyqwv',
  'xyzzyqwv',
  'acc telemetry overlay',
  'strem',
];

describe('the pieced index answers as the whole index', () => {
  test.each(QUERIES)('"%s": the same hits in the same order with the same snippets', async (q) => {
    expect(await sharded.search(q)).toEqual(whole.search(q));
  });

  test('a limit and a filter of public pages apply as they do to the whole index', async () => {
    const isPublic = (href: string) => !href.startsWith('/news/');
    expect(await sharded.search('race', 3, isPublic)).toEqual(whole.search('race', 3, isPublic));
  });
});

describe('with a memo, a repeated query parses and builds nothing again', () => {
  test('the second query reads no piece and answers the same', async () => {
    const reads: string[] = [];
    const memo = new PieceMemo();
    const readPiece = async (key: string) => {
      reads.push(key);
      return pieces.get(key)!;
    };
    const engine = openSearch(pieces.get(searchRoot)!, readPiece, { memo });
    const first = await engine.search('dualsense');
    expect(reads.length).toBeGreaterThan(0);
    reads.length = 0;
    expect(await engine.search('dualsense')).toEqual(first);
    expect(reads).toEqual([]);
    expect(first).toEqual(whole.search('dualsense'));
  });
});

describe('shards past the budget: each term reads its own shard, then those of its first two characters', () => {
  let small: ShardedSearchEngine;
  let bytesRead = 0;
  beforeAll(async () => {
    const built = await buildEntries(await loadFixtureSite());
    if (!built.ok) throw new Error('content does not build');
    const documents = searchDocuments(built.entries);
    const search = buildSearchOf(documents, null, { ...SEARCH_LIMITS, shardBytes: 2048 });
    const stored = new Map(search.pieces.map((p) => [p.key, p.value]));
    small = openSearch(
      stored.get(search.root)!,
      async (key) => {
        if (key.includes('/s')) bytesRead += stored.get(key)!.length;
        return stored.get(key)!;
      },
      { shardBudget: 16 * 1024 },
    );
  });

  test.each(['dualsnse', 'dualsens', 'setup hider', 'multisim', 'websocket', 'signpath', 'xyzzyqwv'])(
    '"%s": the whole index\'s hits, within the budget',
    async (q) => {
      bytesRead = 0;
      expect(await small.search(q)).toEqual(whole.search(q));
      expect(bytesRead).toBeLessThanOrEqual(16 * 1024);
    },
  );

  test('a typo in the first two characters finds nothing the whole index finds by it', async () => {
    expect(whole.search('fualsense').map((h) => h.title)).toContain('Using DSX for Dualsense Active Triggers');
    expect((await small.search('fualsense')).map((h) => h.title)).not.toContain('Using DSX for Dualsense Active Triggers');
  });
});
