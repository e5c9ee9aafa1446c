/**
 * The upload plan: what a first, unchanged or changed upload writes and deletes, drafts, renderer changes and
 * display order. Pure, unit.
 */
import { describe, expect, test } from 'vitest';
import { MANIFEST_KEY, sampleKey, storedSampleKey } from '../../../../contracts/kv-keys.ts';
import type { EntryType, ManifestEntry } from '../../../../contracts/kv-values.ts';
import { type BuiltEntry, type BuiltSample, sha256 } from '../../../../scripts/content/build/build-entries.ts';
import { inDisplayOrder } from '../../../../scripts/content/build/manifest-entries.ts';
import type { BuiltCard } from '../../../../scripts/content/cards/build-cards.ts';
import { type PlanInput, planUpload } from '../../../../scripts/content/publish/plan-upload.ts';

const RENDERER = 'render-test';
const T1 = '2025-01-01T10:00:00.000Z';
const T2 = '2025-02-01T10:00:00.000Z';
const T3 = '2025-03-01T10:00:00.000Z';

/** A built entry as buildEntries would return it; `renderer` stands in for RENDERER_VERSION. */
function entry(
  slug: string,
  source = `Source of ${slug}`,
  opts: { type?: EntryType; date?: string; title?: string; renderer?: string; updated?: string | null } = {},
): BuiltEntry {
  const file = `${slug}.md`;
  const attributes = {
    title: opts.title ?? `Title ${slug}`,
    slug,
    description: `About ${slug}`,
    ...(opts.type ? { type: opts.type } : {}),
    ...(opts.date ? { date: opts.date } : {}),
  };
  return {
    hash: sha256(`${opts.renderer ?? RENDERER}\0${file}\0${source}`),
    sourceHash: sha256(source),
    updated: opts.updated ?? null,
    value: { attributes, file, markdown: source, html: `<p>${source}</p>`, toc: [], hasDiagrams: false, readingMinutes: 1 },
    text: source,
  };
}
const sample = (path: string, content = `echo ${path}`): BuiltSample => ({ path, hash: sha256(content), content });

/** Last edits as file-history.ts finds them: the guide edited, the news post and the page not. */
const EDITED = '2024-12-24T18:00:00+01:00';
const ENTRIES = [
  entry('a', 'A', { type: 'guide', updated: EDITED }),
  entry('b', 'B', { type: 'news', date: '2024-05-01' }),
  entry('c', 'C'),
];
const SAMPLES = [sample('start.bat')];
const START_KEY = sampleKey(sha256('echo start.bat'));

const plan = (input: Partial<PlanInput> = {}) =>
  planUpload({ entries: ENTRIES, samples: SAMPLES, previous: null, existingKeys: new Set(), renderer: RENDERER, now: T1, ...input });
/** Every key a plan's manifest names, as KV would hold them after publishing it. */
const keysOf = (p: ReturnType<typeof plan>) =>
  new Set([...p.manifest.entries.map((e) => e.key), ...p.manifest.samples.map(storedSampleKey), ...(p.manifest.pieces ?? [])]);
/** The site index's own pieces (index shards, lists): site-pieces.test.ts tests what they hold. */
const isIndexPiece = (key: string) => /^(index|list)\//.test(key);
/** The keys a plan writes, but its site index's pieces. */
const contentWrites = (p: ReturnType<typeof plan>) => p.writes.map((w) => w.key).filter((key) => !isIndexPiece(key));
/** The key of an entry's (or a draft's) piece in a plan. */
const keyOf = (p: ReturnType<typeof plan>, slug: string) => [...p.manifest.entries, ...p.manifest.drafts].find((e) => e.slug === slug)!.key;

describe('first upload', () => {
  const first = plan();

  test('writes every entry, and every sample under the hash of its text', () => {
    expect(contentWrites(first).sort()).toEqual([...first.manifest.entries.map((e) => e.key), START_KEY].sort());
    expect(first.writes.filter((w) => isIndexPiece(w.key)).map((w) => w.key)).toEqual(first.manifest.pieces);
    // Each entry's piece: as rendered, with its listing and its neighbours in its own list (a is the only guide).
    const a = first.writes.find((w) => w.key === keyOf(first, 'a'))!;
    expect(JSON.parse(a.value as string)).toEqual({
      ...ENTRIES[0]!.value,
      listing: expect.objectContaining({ slug: 'a', title: 'Title a', updated: EDITED }),
      previous: null,
      next: null,
    });
    expect(first.writes.find((w) => w.key === START_KEY)!.value).toBe('echo start.bat');
    expect(first.entries.every((e) => e.status === 'written')).toBe(true);
    expect(first.samples).toEqual([{ path: 'start.bat', status: 'written' }]);
  });

  test('never writes the manifest among the entries', () => {
    expect(first.writes.map((w) => w.key)).not.toContain(MANIFEST_KEY);
  });

  test('makes manifest version 1, with no deletes', () => {
    expect(first.manifestChanged).toBe(true);
    expect(first.manifest).toMatchObject({
      version: 1,
      publishedAt: T1,
      renderer: RENDERER,
      samples: [{ path: 'start.bat', hash: SAMPLES[0]!.hash, key: START_KEY }],
    });
    expect(first.deletes).toEqual([]);
  });

  test('manifest entries carry the attributes, key, source hash and updated time', () => {
    const b = first.manifest.entries.find((e) => e.slug === 'b');
    expect(b).toEqual({
      slug: 'b',
      type: 'news',
      title: 'Title b',
      description: 'About b',
      date: '2024-05-01',
      file: 'b.md',
      key: expect.stringMatching(/^entry\/[0-9a-f]{32}$/),
      sourceHash: sha256('B'),
      updated: null,
    });
    expect(first.manifest.entries.find((e) => e.slug === 'a')!.updated).toBe(EDITED);
    const c = first.manifest.entries.find((e) => e.slug === 'c')!;
    expect(c.type).toBeNull();
    expect(c.date).toBeNull();
  });
});

describe('unchanged content', () => {
  const first = plan();
  const again = plan({ previous: first.manifest, existingKeys: keysOf(first), now: T2 });

  test('writes nothing and leaves the manifest alone', () => {
    expect(again.writes).toEqual([]);
    expect(again.manifestChanged).toBe(false);
    expect(again.deletes).toEqual([]);
    expect(again.manifest.version).toBe(1);
    expect(again.manifest.publishedAt).toBe(T1);
  });

  test('reports every entry and sample as unchanged and keeps updated, whatever the upload time', () => {
    expect(again.entries.map((e) => e.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(again.samples).toEqual([{ path: 'start.bat', status: 'unchanged' }]);
    expect(Object.fromEntries(again.manifest.entries.map((e) => [e.slug, e.updated]))).toEqual({ a: EDITED, b: null, c: null });
  });

  test('the same text with other times (saved again, a scheduled date now past) publishes nothing: the live manifest stays', () => {
    const resaved = [entry('a', 'A', { type: 'guide', updated: '2025-01-31T09:00:00+00:00' }), ...ENTRIES.slice(1)];
    const later = plan({ entries: resaved, previous: first.manifest, existingKeys: keysOf(first), now: T3 });
    expect(later.manifestChanged).toBe(false);
    expect(later.manifest).toBe(first.manifest);
    expect(later.writes).toEqual([]);

    const soon = [...ENTRIES, entry('d', 'D', { type: 'news', date: '2025-01-15' })];
    const scheduled = plan({ entries: soon });
    expect(scheduled.manifest.entries.find((e) => e.slug === 'd')!.publishAt).toBe('2025-01-15T00:00:00.000Z');
    const past = plan({ entries: soon, previous: scheduled.manifest, existingKeys: keysOf(scheduled), now: T2 });
    expect(past.manifestChanged).toBe(false);
    expect(past.manifest).toBe(scheduled.manifest);
  });

  test('rewrites an entry that went missing from KV, without a new manifest', () => {
    const missing = new Set(keysOf(first));
    missing.delete(keyOf(first, 'c'));
    const repaired = plan({ previous: first.manifest, existingKeys: missing, now: T2 });
    expect(repaired.writes.map((w) => w.key)).toEqual([keyOf(first, 'c')]);
    expect(repaired.manifestChanged).toBe(false);
  });

  test('a changed sample is written under a new key, never over the old one, which the clean-up removes once unnamed', () => {
    const edited = plan({ samples: [sample('start.bat', 'echo new')], previous: first.manifest, existingKeys: keysOf(first), now: T2 });
    const newKey = sampleKey(sha256('echo new'));
    expect(edited.writes).toEqual([{ key: newKey, value: 'echo new' }]);
    expect(edited.manifest.samples).toEqual([{ path: 'start.bat', hash: sha256('echo new'), key: newKey }]);
    expect(edited.manifestChanged).toBe(true);
    expect(edited.manifest.version).toBe(2);
    // The live manifest names the old key until the new one is written: kept now, deleted by the next upload.
    expect(edited.deletes).toEqual([]);
    const next = plan({
      samples: [sample('start.bat', 'echo new')],
      previous: edited.manifest,
      existingKeys: keysOf(first).add(newKey),
      now: T3,
    });
    expect(next.writes).toEqual([]);
    expect(next.deletes).toEqual([START_KEY]);
  });

  test('two samples with the same text share one key, written once', () => {
    const twins = plan({ samples: [sample('a.bat', 'same'), sample('b.bat', 'same')] });
    expect(twins.writes.filter((w) => w.key === sampleKey(sha256('same')))).toHaveLength(1);
    expect(twins.manifest.samples.map((s) => s.key)).toEqual([sampleKey(sha256('same')), sampleKey(sha256('same'))]);
  });

  test('a manifest from before samples were named by content: its `sample/<path>` keys kept while it is the previous one', () => {
    const legacy = { ...first.manifest, samples: [{ path: 'start.bat', hash: SAMPLES[0]!.hash }] };
    const existing = new Set([...first.manifest.entries.map((e) => e.key), ...first.manifest.pieces!, 'sample/start.bat']);
    const upgraded = plan({ previous: legacy, existingKeys: existing, now: T2 });
    expect(upgraded.writes).toEqual([{ key: START_KEY, value: 'echo start.bat' }]);
    expect(upgraded.manifestChanged).toBe(true);
    expect(upgraded.deletes).toEqual([]);
    const after = plan({ previous: upgraded.manifest, existingKeys: existing.add(START_KEY), now: T3 });
    expect(after.deletes).toEqual(['sample/start.bat']);
  });
});

describe('a changed entry', () => {
  const first = plan();
  const edited = [
    ENTRIES[0]!,
    entry('b', 'B, edited', { type: 'news', date: '2024-05-01', updated: '2025-01-31T09:00:00+00:00' }),
    ENTRIES[2]!,
  ];
  const second = plan({ entries: edited, previous: first.manifest, existingKeys: keysOf(first), now: T2 });

  test('writes exactly that entry, its shard, and the chunks and directories of the lists showing it', () => {
    expect(contentWrites(second)).toEqual([keyOf(second, 'b')]);
    const kinds = second.writes.map((w) => w.key.split('/')[0]);
    // b is news: the news list's chunk and directory, and the catalogue's.
    // Its shard, and the shards' directory naming the shard's new key.
    expect(kinds.sort()).toEqual(['entry', 'index', 'index', 'list', 'list', 'list', 'list']);
    expect(second.entries.find((e) => e.slug === 'b')!.status).toBe('written');
    expect(
      second.entries
        .filter((e) => e.status === 'unchanged')
        .map((e) => e.slug)
        .sort(),
    ).toEqual(['a', 'c']);
  });

  test('updated is its last edit (from history, not the upload time), and the version increments', () => {
    const updated = Object.fromEntries(second.manifest.entries.map((e) => [e.slug, e.updated]));
    expect(updated).toEqual({ a: EDITED, b: '2025-01-31T09:00:00+00:00', c: null });
    expect(second.manifestChanged).toBe(true);
    expect(second.manifest.version).toBe(2);
    expect(second.manifest.publishedAt).toBe(T2);
  });

  test("keeps the old version's key for readers of the previous manifest", () => {
    expect(second.deletes).toEqual([]);
  });
});

describe('a deleted entry', () => {
  const first = plan();
  const removedKey = keyOf(first, 'c');
  const second = plan({ entries: ENTRIES.slice(0, 2), previous: first.manifest, existingKeys: keysOf(first), now: T2 });

  test('is gone from the new manifest but its key is kept while the previous manifest names it', () => {
    expect(second.manifest.entries.map((e) => e.slug)).not.toContain('c');
    expect(second.manifestChanged).toBe(true);
    expect(second.deletes).not.toContain(removedKey);
    expect(second.deletes).toEqual([]);
  });

  test('is deleted once neither manifest names it', () => {
    const third = plan({ entries: ENTRIES.slice(0, 2), previous: second.manifest, existingKeys: keysOf(first), now: T3 });
    expect(third.manifestChanged).toBe(false);
    expect(third.deletes.filter((key) => !isIndexPiece(key))).toEqual([removedKey]);
  });

  test('a stray key named by no manifest is deleted, samples included', () => {
    const existing = new Set([...keysOf(first), 'entry/stray', sampleKey('old')]);
    const next = plan({ entries: ENTRIES.slice(0, 2), previous: first.manifest, existingKeys: existing, now: T2 });
    expect(next.deletes).toEqual(['entry/stray', sampleKey('old')]);
  });

  test('a removed sample is kept for one version, then deleted', () => {
    const second = plan({ samples: [], previous: first.manifest, existingKeys: keysOf(first), now: T2 });
    expect(second.manifest.samples).toEqual([]);
    expect(second.deletes).toEqual([]);
    const third = plan({ samples: [], previous: second.manifest, existingKeys: keysOf(first), now: T3 });
    expect(third.deletes).toEqual([START_KEY]);
  });
});

describe('drafts', () => {
  const draft = entry('wip', 'Work in progress', { type: 'news', date: '2025-01-01' });
  const first = plan({ drafts: [draft] });

  test("are written, named only in the manifest's drafts, and reported apart", () => {
    expect(first.writes.map((w) => w.key)).toContain(keyOf(first, 'wip'));
    expect(first.manifest.entries.map((e) => e.slug)).toEqual(expect.not.arrayContaining(['wip']));
    expect(first.manifest.drafts).toEqual([expect.objectContaining({ slug: 'wip', key: keyOf(first, 'wip'), type: 'news' })]);
    expect(first.drafts).toEqual([{ file: 'wip.md', slug: 'wip', status: 'written' }]);
    expect(first.entries.map((e) => e.slug)).not.toContain('wip');
  });

  test('are kept by the clean-up while a manifest names them, and removed after', () => {
    const keys = new Set([...keysOf(first), keyOf(first, 'wip')]);
    const again = plan({ drafts: [draft], previous: first.manifest, existingKeys: keys, now: T2 });
    expect(again.manifestChanged).toBe(false);
    expect(again.deletes).toEqual([]);
    const published = plan({ previous: first.manifest, existingKeys: keys, now: T2 });
    expect(published.manifestChanged).toBe(true);
    const after = plan({ previous: published.manifest, existingKeys: keys, now: T3 });
    expect(after.deletes.filter((key) => !isIndexPiece(key))).toEqual([keyOf(first, 'wip')]);
  });
});

describe('a renderer change', () => {
  test('publishes a new version, keeping updated; an entry rendered alike keeps its key (its piece is named by its content)', () => {
    const first = plan();
    const rerendered = ENTRIES.map((e) =>
      entry(e.value.attributes.slug, e.value.markdown, { ...e.value.attributes, renderer: 'render-next', updated: e.updated }),
    );
    const second = plan({ entries: rerendered, renderer: 'render-next', previous: first.manifest, existingKeys: keysOf(first), now: T2 });
    expect(second.writes).toEqual([]);
    expect(second.manifest.entries.map((e) => e.key)).toEqual(first.manifest.entries.map((e) => e.key));
    expect(second.manifest.entries.map((e) => e.updated)).toEqual(first.manifest.entries.map((e) => e.updated));
    expect(second.manifest).toMatchObject({ version: 2, renderer: 'render-next' });
  });
});

describe('display order', () => {
  const m = (slug: string, type: ManifestEntry['type'], title: string, date: string | null = null): ManifestEntry => ({
    slug,
    type,
    title,
    description: '',
    date,
    file: `${slug}.md`,
    key: `entry/${slug}`,
    sourceHash: '',
    updated: T1,
  });

  test('news newest first (same day by title), then everything else by title', () => {
    const ordered = inDisplayOrder([
      m('guide-z', 'guide', 'Zandvoort guide'),
      m('old', 'news', 'Old news', '2022-04-25'),
      m('page', null, 'Features'),
      m('new-b', 'news', 'Beta', '2025-01-20'),
      m('guide-a', 'guide', 'Another guide'),
      m('new-a', 'news', 'Alpha', '2025-01-20'),
      m('mid', 'news', 'Middle', '2024-09-24'),
    ]);
    expect(ordered.map((e) => e.slug)).toEqual(['new-a', 'new-b', 'mid', 'old', 'guide-a', 'page', 'guide-z']);
  });

  test('planUpload stores entries in display order', () => {
    const p = plan({
      entries: [
        entry('g', 'G', { type: 'guide', title: 'B guide' }),
        entry('n1', 'N1', { type: 'news', date: '2023-01-01' }),
        entry('n2', 'N2', { type: 'news', date: '2024-01-01' }),
        entry('p', 'P', { title: 'A page' }),
      ],
    });
    expect(p.manifest.entries.map((e) => e.slug)).toEqual(['n2', 'n1', 'p', 'g']);
  });
});

describe('search index', () => {
  const search = { root: 'search/aaa', pieces: [{ key: 'search/aaa', value: '{"version":1}' }] };
  const next = { root: 'search/bbb', pieces: [{ key: 'search/bbb', value: '{"version":1,"x":1}' }] };
  const withSearch = (p: ReturnType<typeof plan>) => new Set([...keysOf(p), ...(p.manifest.search ? [p.manifest.search] : [])]);

  test('is written before the manifest and named by it', () => {
    const first = plan({ search });
    expect(first.writes.map((w) => w.key)).toContain('search/aaa');
    expect(first.manifest.search).toBe('search/aaa');
  });

  test('is not written again when unchanged, and nothing is published', () => {
    const first = plan({ search });
    const again = plan({ search, previous: first.manifest, existingKeys: withSearch(first), now: T2 });
    expect(again.writes).toEqual([]);
    expect(again.manifestChanged).toBe(false);
  });

  test('a new index replaces the old one, which is deleted one version later', () => {
    const first = plan({ search });
    const second = plan({ search: next, previous: first.manifest, existingKeys: withSearch(first), now: T2 });
    expect(second.writes.map((w) => w.key)).toEqual(['search/bbb']);
    expect(second.manifestChanged).toBe(true);
    expect(second.deletes).not.toContain('search/aaa');
    const third = plan({ search: next, previous: second.manifest, existingKeys: new Set([...withSearch(first), 'search/bbb']), now: T2 });
    expect(third.deletes).toEqual(['search/aaa']);
  });
});

describe('social cards', () => {
  /** A card as build-cards.ts makes it, its key standing for the hash of `look`. */
  const card = (file: string, look: string): BuiltCard => {
    const hash = sha256(look);
    return {
      file,
      hash,
      key: `media/${hash}.png`,
      card: { url: `/media/${hash}.png`, width: 1200, height: 630, alt: `Race Element: ${look}` },
      bytes: new Uint8Array([1, 2, 3]),
    };
  };
  // b's card looks like a's: one key for both.
  const cards = new Map([card('a.md', 'A'), card('b.md', 'A'), card('c.md', 'C')].map((c) => [c.file, c]));
  const first = plan({ cards });
  const cardKeys = [...new Set([...cards.values()].map((c) => c.key))].sort();
  const stored = (p: ReturnType<typeof plan>) => new Set([...keysOf(p), ...(p.manifest.media ?? [])]);

  test('each entry names its card, each card key is written once, and the manifest lists the keys for the clean-up', () => {
    expect(first.manifest.entries.find((e) => e.slug === 'c')!.card).toEqual(cards.get('c.md')!.card);
    expect(first.manifest.entries.find((e) => e.slug === 'b')!.card!.url).toBe(cards.get('a.md')!.card.url);
    expect(
      first.writes
        .filter((w) => w.key.startsWith('media/'))
        .map((w) => w.key)
        .sort(),
    ).toEqual(cardKeys);
    expect(first.manifest.media).toEqual(cardKeys);
    expect(first.cards!.map((c) => [c.file, c.status])).toEqual([
      ['a.md', 'written'],
      ['b.md', 'written'],
      ['c.md', 'written'],
    ]);
  });

  test('a second upload with the same cards writes none, and publishes nothing', () => {
    const again = plan({ cards, previous: first.manifest, existingKeys: stored(first), now: T2 });
    expect(again.writes).toEqual([]);
    expect(again.manifestChanged).toBe(false);
    expect(again.cards!.every((c) => c.status === 'unchanged')).toBe(true);
  });

  test('a changed card is a new key; the old one is kept a version for open pages, then deleted', () => {
    const changed = new Map(cards).set('c.md', card('c.md', 'C, retitled'));
    const second = plan({ cards: changed, previous: first.manifest, existingKeys: stored(first), now: T2 });
    // The card's key, and c's piece, whose listing names the card.
    expect(contentWrites(second)).toEqual([keyOf(second, 'c'), changed.get('c.md')!.key]);
    expect(second.manifestChanged).toBe(true);
    expect(second.deletes).toEqual([]);
    const third = plan({
      cards: changed,
      previous: second.manifest,
      existingKeys: new Set([...stored(first), ...stored(second)]),
      now: T3,
    });
    // With c's piece of the first version, and the index pieces that named it.
    expect(third.deletes.filter((key) => !isIndexPiece(key))).toEqual([keyOf(first, 'c'), cards.get('c.md')!.key].sort());
  });

  test('an entry without a card names none', () => {
    expect(plan().manifest.entries.every((e) => e.card === undefined)).toBe(true);
    expect(plan().manifest.media).toBeUndefined();
  });
});
