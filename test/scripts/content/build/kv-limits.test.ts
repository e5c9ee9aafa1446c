/** Workers KV's size limits on a plan: at the limit and one byte past it, each breach naming its file. Pure, unit. */
import { describe, expect, test } from 'vitest';
import { entryKey, MANIFEST_KEY } from '../../../../contracts/kv-keys.ts';
import type { SiteRoot } from '../../../../contracts/site-index.ts';
import { type BuiltEntry, sha256 } from '../../../../scripts/content/build/build-entries.ts';
import { kvLimitBreaches, type PlannedSources } from '../../../../scripts/content/build/kv-limits.ts';
import { KV_LIMITS, KvLimitError } from '../../../../scripts/content/kv/kv-batches.ts';
import { planUpload } from '../../../../scripts/content/publish/plan-upload.ts';

/** Small limits, so that the sizes are easy to make: the rules are the same at KV_LIMITS. */
const LIMITS = { ...KV_LIMITS, valueBytes: 1000, keyBytes: 40, bulkWriteBytes: 3000 };
const NO_SOURCES: PlannedSources = { entries: [], samples: [], media: [], cards: [], remoteImages: [], search: null };

const sourcesOf = (files: Record<string, string>): PlannedSources => ({
  ...NO_SOURCES,
  entries: Object.entries(files).map(([hash, file]) => ({ key: entryKey(hash), file })),
});

describe('each value, key and bulk request', () => {
  test('a value at the limit passes; one byte more is refused, naming its file, the size and the limit', () => {
    const writes = [
      { key: entryKey('a'), value: 'x'.repeat(1000) },
      { key: entryKey('b'), value: `${'x'.repeat(998)}é` },
    ];
    expect(kvLimitBreaches({ writes, root: null }, sourcesOf({ a: 'a.md', b: 'b.md' }), LIMITS)).toEqual([]);
    const over = [{ key: entryKey('b'), value: `${'x'.repeat(999)}é` }];
    expect(kvLimitBreaches({ writes: over, root: null }, sourcesOf({ b: 'b.md' }), LIMITS)).toEqual([
      'b.md: its stored value is 1,001 bytes; Workers KV takes at most 1,000 bytes a value',
    ]);
  });

  test('bytes (an image) count as stored; samples, images, cards and copies are named by what they are', () => {
    const sources: PlannedSources = {
      ...NO_SOURCES,
      samples: [{ path: 'big.json', hash: 'h' }],
      media: [{ name: 'huge.png', key: 'media/1.png' }],
      cards: [{ file: 'post.md', key: 'media/2.png' }],
      remoteImages: [{ url: 'https://example.com/i.png', key: 'media/remote/3' }],
    };
    const big = new Uint8Array(1001);
    const writes = [
      { key: 'sample/h', value: 'x'.repeat(1001) },
      { key: 'media/1.png', value: big },
      { key: 'media/2.png', value: big },
      { key: 'media/remote/3', value: 'y'.repeat(1001) },
      { key: 'media/4.png', value: new Uint8Array(1000) },
    ];
    expect(kvLimitBreaches({ writes, root: null }, sources, LIMITS).map((b) => b.split(':')[0])).toEqual([
      'samples/big.json',
      'media/huge.png',
      'the social card of post.md',
      'the image https',
    ]);
  });

  test('a key past the limit is refused, named', () => {
    const key = `entry/${'k'.repeat(35)}`;
    expect(kvLimitBreaches({ writes: [{ key, value: '' }], root: null }, NO_SOURCES, LIMITS)).toEqual([
      `${key}: its key ${key}… is 41 bytes; Workers KV takes 40`,
    ]);
  });

  test('a value within the limit whose JSON for the bulk API alone passes a request is refused', () => {
    // A control character is 1 byte stored and 6 (\u0001) in the request's JSON.
    const writes = [{ key: entryKey('c'), value: '\u0001'.repeat(600) }];
    const [breach] = kvLimitBreaches({ writes, root: null }, sourcesOf({ c: 'c.md' }), LIMITS);
    expect(breach).toMatch(/^c\.md: as sent to the bulk write API it is 3,6\d\d bytes; a request takes at most 3,000$/);
  });
});

describe('the root', () => {
  const rootOf = (shards: number): SiteRoot => ({
    format: 2,
    version: 1,
    publishedAt: '2026-01-01T00:00:00.000Z',
    renderer: 'r',
    shardCount: shards * 64,
    shardDirectories: Array.from({ length: shards }, (_, i) => `index/${String(i).padStart(32, '0')}`),
    lists: { news: 'list/n', guide: 'list/g', all: 'list/a' },
    search: null,
    samples: [],
    scheduled: [],
  });

  test('too big (a site of millions of entries): its size, its shards and the limit', () => {
    const root = rootOf(30);
    const bytes = Buffer.byteLength(JSON.stringify(root));
    expect(kvLimitBreaches({ writes: [], root }, NO_SOURCES, { ...LIMITS, valueBytes: bytes - 1 })).toEqual([
      `the site index's root ("${MANIFEST_KEY}") would be ${bytes.toLocaleString('en')} bytes for 1,920 shards; Workers KV takes at most ${(bytes - 1).toLocaleString('en')} bytes a value`,
    ]);
  });

  test('within the limit, or not written (unchanged), it passes', () => {
    const root = rootOf(30);
    const size = Buffer.byteLength(JSON.stringify(root));
    expect(kvLimitBreaches({ writes: [], root }, NO_SOURCES, { ...LIMITS, valueBytes: size })).toEqual([]);
    expect(kvLimitBreaches({ writes: [], root: null }, NO_SOURCES, { ...LIMITS, valueBytes: 10 })).toEqual([]);
  });
});

describe('planUpload, at the real limits', () => {
  const built = (file: string, source: string): BuiltEntry => ({
    hash: sha256(`r\0${file}\0${source}`),
    sourceHash: sha256(source),
    updated: null,
    value: {
      attributes: { title: file, slug: file.replace('.md', ''), description: 'd', type: 'guide' },
      file,
      markdown: source,
      html: `<p>${source}</p>`,
      toc: [],
      hasDiagrams: false,
      readingMinutes: 1,
    },
    text: source,
  });
  const plan = (entries: BuiltEntry[]) =>
    planUpload({ entries, samples: [], previous: null, existingKeys: new Set(), renderer: 'r', now: '2026-01-01T00:00:00.000Z' });

  test('a post whose stored value passes 25 MiB throws a KvLimitError naming it, saying nothing was written', () => {
    const half = 'x'.repeat(KV_LIMITS.valueBytes / 2);
    let error: unknown;
    try {
      plan([built('small.md', 'text'), built('huge.md', half)]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KvLimitError);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe("the content does not fit Workers KV's size limits (https://developers.cloudflare.com/kv/platform/limits/):");
    expect(lines[1]).toMatch(
      /^- huge\.md: its stored value is 26,214,\d{3} bytes; Workers KV takes at most 26,214,400 bytes \(25 MiB\) a value$/,
    );
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toBe('Nothing was written: the site is unchanged.');
  });

  test('a site within the limits plans its entry and its site index: a shard and its directory, the directories of the lists and their chunk', () => {
    const { writes } = plan([built('small.md', 'text')]);
    // The guides' list and the catalogue hold the same one entry: one directory and one chunk serve both.
    expect(writes.map((w) => w.key.split('/')[0]).sort()).toEqual(['entry', 'index', 'index', 'list', 'list', 'list']);
  });
});
