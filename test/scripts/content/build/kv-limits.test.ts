/** Workers KV's size limits on a plan: at the limit and one byte past it, each breach naming its file. Pure, unit. */
import { describe, expect, test } from 'vitest';
import { entryKey, MANIFEST_KEY, searchIndexKey } from '../../../../contracts/kv-keys.ts';
import type { Manifest, ManifestEntry } from '../../../../contracts/kv-values.ts';
import { type BuiltEntry, sha256 } from '../../../../scripts/content/build/build-entries.ts';
import { kvLimitBreaches, type PlannedSources } from '../../../../scripts/content/build/kv-limits.ts';
import { KV_LIMITS, KvLimitError } from '../../../../scripts/content/kv/kv-batches.ts';
import { planUpload } from '../../../../scripts/content/publish/plan-upload.ts';

/** Small limits, so that the sizes are easy to make: the rules are the same at KV_LIMITS. */
const LIMITS = { ...KV_LIMITS, valueBytes: 1000, keyBytes: 40, bulkWriteBytes: 3000 };
const NO_SOURCES: PlannedSources = { entries: [], samples: [], media: [], cards: [], remoteImages: [], search: null };

const manifestEntry = (file: string, key: string): ManifestEntry => ({
  slug: file,
  type: 'guide',
  title: file,
  description: '',
  date: null,
  file,
  key,
  sourceHash: file,
  updated: null,
});
const manifestOf = (values: Record<string, string>, files: string[]): Manifest => ({
  version: 1,
  publishedAt: '2026-01-01T00:00:00.000Z',
  renderer: 'r',
  entries: files.map((file, i) => manifestEntry(file, Object.keys(values)[i]!)),
  samples: [],
  search: null,
  drafts: [],
  values,
});
const EMPTY = manifestOf({}, []);
const sourcesOf = (files: Record<string, string>): PlannedSources => ({
  ...NO_SOURCES,
  entries: Object.entries(files).map(([hash, file]) => ({ hash, value: { file } })),
});

describe('each value, key and bulk request', () => {
  test('a value at the limit passes; one byte more is refused, naming its file, the size and the limit', () => {
    const writes = [
      { key: entryKey('a'), value: 'x'.repeat(1000) },
      { key: entryKey('b'), value: `${'x'.repeat(998)}é` },
    ];
    expect(kvLimitBreaches({ writes, manifest: EMPTY, manifestChanged: false }, sourcesOf({ a: 'a.md', b: 'b.md' }), LIMITS)).toEqual([]);
    const over = [{ key: entryKey('b'), value: `${'x'.repeat(999)}é` }];
    expect(kvLimitBreaches({ writes: over, manifest: EMPTY, manifestChanged: false }, sourcesOf({ b: 'b.md' }), LIMITS)).toEqual([
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
    expect(kvLimitBreaches({ writes, manifest: EMPTY, manifestChanged: false }, sources, LIMITS).map((b) => b.split(':')[0])).toEqual([
      'samples/big.json',
      'media/huge.png',
      'the social card of post.md',
      'the image https',
    ]);
  });

  test('a key past the limit is refused, named', () => {
    const key = `entry/${'k'.repeat(35)}`;
    expect(kvLimitBreaches({ writes: [{ key, value: '' }], manifest: EMPTY, manifestChanged: false }, NO_SOURCES, LIMITS)).toEqual([
      `${key}: its key ${key}… is 41 bytes; Workers KV takes 40`,
    ]);
  });

  test('a value within the limit whose JSON for the bulk API alone passes a request is refused', () => {
    // A control character is 1 byte stored and 6 (\u0001) in the request's JSON.
    const writes = [{ key: entryKey('c'), value: '\u0001'.repeat(600) }];
    const [breach] = kvLimitBreaches({ writes, manifest: EMPTY, manifestChanged: false }, sourcesOf({ c: 'c.md' }), LIMITS);
    expect(breach).toMatch(/^c\.md: as sent to the bulk write API it is 3,6\d\d bytes; a request takes at most 3,000$/);
  });
});

describe('the manifest', () => {
  const values = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [entryKey(`h${i}`), 'v'.repeat(100 + i * 10)]));
  const files = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`h${i}`, `post-${i}.md`]));
  const search = searchIndexKey('s');
  const manifest = manifestOf({ ...values, [search]: 's'.repeat(120) }, Object.values(files));
  const sources = { ...sourcesOf(files), search: { key: search } };

  test('too big: its size, the limit, its five largest entries and the search index by name', () => {
    const limits = { ...LIMITS, valueBytes: 1500 };
    const [breach, ...more] = kvLimitBreaches({ writes: [], manifest, manifestChanged: true }, sources, limits);
    expect(more).toEqual([]);
    expect(breach).toBe(
      `the manifest ("${MANIFEST_KEY}") would be ${Buffer.byteLength(JSON.stringify(manifest)).toLocaleString('en')} bytes; ` +
        'Workers KV takes at most 1,500 bytes a value. It carries the stored value of every entry and draft (7, 910 bytes in all) and the search ' +
        'index; the largest: post-6.md 160 bytes, post-5.md 150 bytes, post-4.md 140 bytes, post-3.md 130 bytes, ' +
        'post-2.md 120 bytes, the search index (the text of every entry) 120 bytes',
    );
  });

  test('within the limit, or not written (unchanged), it passes', () => {
    const size = Buffer.byteLength(JSON.stringify(manifest));
    expect(kvLimitBreaches({ writes: [], manifest, manifestChanged: true }, sources, { ...LIMITS, valueBytes: size })).toEqual([]);
    expect(kvLimitBreaches({ writes: [], manifest, manifestChanged: false }, sources, { ...LIMITS, valueBytes: 10 })).toEqual([]);
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

  test('a post whose stored value passes 25 MiB throws a KvLimitError naming it and the manifest, saying nothing was written', () => {
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
    expect(lines[2]).toMatch(
      /^- the manifest \("manifest"\) would be 26,2\d\d,\d{3} bytes; .* the largest: huge\.md 26,214,\d{3} bytes, small\.md \d+ bytes$/,
    );
    expect(lines.at(-1)).toBe('Nothing was written: the site is unchanged.');
  });

  test('a site within the limits plans as before', () => {
    expect(plan([built('small.md', 'text')]).writes).toHaveLength(1);
  });
});
