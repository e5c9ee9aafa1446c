/**
 * purgeTagsFor: the cache tags a publish purges, from the manifest before it and the one it makes live. Unit.
 */
import { describe, expect, test } from 'vitest';
import { entryTag, listTag, purgeTagsFor, SAMPLES_TAG, SEARCH_TAG, SITE_TAG } from '../../contracts/edge-cache.ts';
import type { Manifest, ManifestEntry } from '../../contracts/kv-values.ts';

const entry = (slug: string, type: ManifestEntry['type'], more: Partial<ManifestEntry> = {}): ManifestEntry => ({
  slug,
  type,
  title: `Title of ${slug}`,
  description: `About ${slug}`,
  date: type === 'news' ? '2024-01-01' : null,
  file: `${slug}.md`,
  key: `entry/${slug}`,
  sourceHash: slug,
  updated: null,
  ...more,
});

/** News newest first, then guides and untyped pages by title, as the upload orders them. */
const v1: Manifest = {
  version: 1,
  publishedAt: '2024-01-01T00:00:00.000Z',
  renderer: 'r1',
  entries: [
    entry('n3', 'news', { date: '2024-03-01' }),
    entry('n2', 'news', { date: '2024-02-01' }),
    entry('n1', 'news', { date: '2024-01-01' }),
    entry('g1', 'guide'),
    entry('g2', 'guide'),
    entry('features', null),
  ],
  samples: [{ path: 'a.bat', hash: 'h1' }],
  search: 'search/1',
  drafts: [entry('d1', 'news')],
  media: ['media/1.png'],
};
/** The next version: `change` applied to v1's entries, a new number and time. */
const next = (change: (entries: ManifestEntry[]) => ManifestEntry[], more: Partial<Manifest> = {}): Manifest => ({
  ...v1,
  version: 2,
  publishedAt: '2024-04-01T00:00:00.000Z',
  entries: change(v1.entries.map((e) => ({ ...e }))),
  ...more,
});
const edit = (slug: string, fields: Partial<ManifestEntry>) => (entries: ManifestEntry[]) =>
  entries.map((e) => (e.slug === slug ? { ...e, ...fields } : e));

describe('purgeTagsFor', () => {
  test('nothing published before, or another value of a site-wide field: the site tag alone, which empties every page', () => {
    expect(purgeTagsFor(null, v1)).toEqual([SITE_TAG]);
    // A field purgeTagsFor does not know (one added later) counts as site-wide until it is listed.
    expect(purgeTagsFor(v1, { ...next((e) => e), theme: 'dark' } as Manifest)).toEqual([SITE_TAG]);
  });

  test('samples added, removed or changed: the samples tag, not the site; the articles that show them have new keys', () => {
    const changed = { path: 'a.bat', hash: 'h2', key: 'sample/h2' };
    expect(
      purgeTagsFor(
        v1,
        next((e) => e, { samples: [changed] }),
      ),
    ).toEqual([SAMPLES_TAG]);
    expect(
      purgeTagsFor(
        v1,
        next((e) => e, { samples: [...v1.samples, { path: 'b.bat', hash: 'h3' }] }),
      ),
    ).toEqual([SAMPLES_TAG]);
    expect(purgeTagsFor(v1, next(edit('g1', { key: 'entry/new' }), { samples: [] }))).toEqual([
      entryTag('guide', 'g1'),
      SAMPLES_TAG,
      SEARCH_TAG,
    ]);
  });

  test('a new version of the same content, drafts, images or renderer purges nothing', () => {
    expect(
      purgeTagsFor(
        v1,
        next((e) => e),
      ),
    ).toEqual([]);
    expect(
      purgeTagsFor(
        v1,
        next((e) => e, { drafts: [], media: ['media/2.png'], renderer: 'r2' }),
      ),
    ).toEqual([]);
    // The same records with their fields in another order (a manifest read back from KV or history) are the same.
    const reordered = v1.entries.map((e) => Object.fromEntries(Object.entries(e).reverse()) as ManifestEntry);
    expect(purgeTagsFor(v1, { ...v1, entries: reordered })).toEqual([]);
  });

  test("an entry's text changed (a new key): its page and search, not the lists", () => {
    expect(purgeTagsFor(v1, next(edit('g1', { key: 'entry/g1-2', sourceHash: 'g1-2' })))).toEqual([entryTag('guide', 'g1'), SEARCH_TAG]);
  });

  test('a listed field changed: its page, its section’s lists and search', () => {
    const expected = [entryTag('guide', 'g2'), listTag('guide'), SEARCH_TAG];
    expect(purgeTagsFor(v1, next(edit('g2', { title: 'New title', key: 'entry/g2-2' })))).toEqual(expected);
    expect(purgeTagsFor(v1, next(edit('g2', { description: 'New', key: 'entry/g2-2' })))).toEqual(expected);
    // A later edit time (the sitemap's lastmod, the feed's updated), with the same key.
    expect(purgeTagsFor(v1, next(edit('g2', { updated: '2024-04-01T00:00:00.000Z' })))).toEqual(expected);
    expect(purgeTagsFor(v1, next(edit('g2', { changed: '2024-04-01T00:00:00.000Z' })))).toEqual(expected);
    // Untyped to typed: the guide index lists it now, after g2, whose page then links to it.
    expect(purgeTagsFor(v1, next(edit('features', { type: 'guide' })))).toEqual(
      [entryTag('guide', 'features'), entryTag('guide', 'g2'), listTag('guide'), SEARCH_TAG].sort(),
    );
  });

  test('a field only its own page shows (its social card): its page and search', () => {
    const card = { url: '/media/card.png', width: 1200, height: 630, alt: 'Card' };
    expect(purgeTagsFor(v1, next(edit('g1', { card })))).toEqual([entryTag('guide', 'g1'), SEARCH_TAG]);
  });

  test("an entry added: its page, its section's lists, search, and the pages of its new neighbours", () => {
    const added = next((entries) => [entries[0]!, entry('n25', 'news', { date: '2024-02-15' }), ...entries.slice(1)]);
    expect(purgeTagsFor(v1, added)).toEqual(
      [entryTag('news', 'n25'), entryTag('news', 'n3'), entryTag('news', 'n2'), listTag('news'), SEARCH_TAG].sort(),
    );
  });

  test('an entry removed: its page, its lists, search, and its former neighbours', () => {
    const removed = next((entries) => entries.filter((e) => e.slug !== 'n2'));
    expect(purgeTagsFor(v1, removed)).toEqual(
      [entryTag('news', 'n2'), entryTag('news', 'n3'), entryTag('news', 'n1'), listTag('news'), SEARCH_TAG].sort(),
    );
    // The last untyped page has no list and so no neighbours.
    expect(
      purgeTagsFor(
        v1,
        next((entries) => entries.filter((e) => e.slug !== 'features')),
      ),
    ).toEqual([entryTag('guide', 'features'), listTag('guide'), SEARCH_TAG]);
  });

  test("a neighbour's new title is purged by its own tag, which the pages showing it carry", () => {
    expect(purgeTagsFor(v1, next(edit('n2', { title: 'Renamed', key: 'entry/n2-2' })))).toEqual([
      entryTag('news', 'n2'),
      listTag('news'),
      SEARCH_TAG,
    ]);
  });

  test('a move to another section: the page at each path, both sections’ lists, and the neighbours on both sides', () => {
    // g1, a guide, becomes the oldest news post: it stays where it was in the manifest's order.
    expect(purgeTagsFor(v1, next(edit('g1', { type: 'news', date: '2023-01-01' })))).toEqual(
      [
        entryTag('guide', 'g1'),
        entryTag('guide', 'g2'),
        entryTag('news', 'g1'),
        entryTag('news', 'n1'),
        listTag('guide'),
        listTag('news'),
        SEARCH_TAG,
      ].sort(),
    );
  });

  test('a scheduled post is compared as the manifest holds it, whether or not it is public yet', () => {
    const scheduled = entry('later', 'news', { date: '2099-01-01', publishAt: '2099-01-01T09:00:00.000Z' });
    const withLater = next((entries) => [scheduled, ...entries]);
    expect(purgeTagsFor(v1, withLater)).toEqual([entryTag('news', 'later'), entryTag('news', 'n3'), listTag('news'), SEARCH_TAG].sort());
    const moved = {
      ...withLater,
      entries: withLater.entries.map((e) => (e.slug === 'later' ? { ...e, publishAt: '2099-01-02T09:00:00.000Z' } : e)),
    };
    expect(purgeTagsFor(withLater, moved)).toEqual([entryTag('news', 'later'), listTag('news'), SEARCH_TAG]);
  });

  test('another search index alone: search; tags are sorted, once each, and ASCII', () => {
    expect(
      purgeTagsFor(
        v1,
        next((e) => e, { search: 'search/2' }),
      ),
    ).toEqual([SEARCH_TAG]);
    const tags = purgeTagsFor(
      v1,
      next((entries) => [...entries, entry('ünïcode page', 'guide', { title: 'Zed' })]),
    );
    expect(tags).toEqual([...new Set(tags)].sort());
    expect(tags).toContain(entryTag('guide', 'ünïcode page'));
    expect(tags.every((t) => /^[\x21-\x7e]+$/.test(t))).toBe(true);
  });
});
