/**
 * The public view of a manifest at a time: scheduled entries hidden until their publishAt, derived once per
 * go-live. Unit.
 */
import { describe, expect, test } from 'vitest';
import type { Manifest, ManifestEntry } from '../../contracts/kv-values.ts';
import { manifestLookup } from '../../contracts/manifest-lookup.ts';
import { isPublicAt, publicPaths, visibleManifest } from '../../contracts/scheduled-entries.ts';

const entry = (slug: string, publishAt?: string): ManifestEntry => ({
  slug,
  type: 'news',
  title: slug,
  description: '',
  date: (publishAt ?? '2024-01-01').slice(0, 10),
  file: `news-${slug}.md`,
  key: `entry/${slug}`,
  sourceHash: slug,
  updated: null,
  ...(publishAt ? { publishAt } : {}),
});

const manifest = (...entries: ManifestEntry[]): Manifest => ({
  version: 1,
  publishedAt: '2024-01-01T00:00:00.000Z',
  renderer: 'r',
  entries,
  samples: [],
  search: null,
  drafts: [],
});

const at = (iso: string) => Date.parse(iso);
const slugs = (m: Manifest) => m.entries.map((e) => e.slug);

describe('visibleManifest', () => {
  const m = manifest(
    entry('late', '2026-12-02T09:00:00.000Z'),
    entry('soon', '2026-12-01T18:00:00.000Z'),
    entry('old'),
    entry('past-timed', '2024-05-01T10:00:00.000Z'),
  );

  test('leaves out entries whose publishAt is after now, keeping display order', () => {
    expect(slugs(visibleManifest(m, at('2026-12-01T17:59:59.999Z')))).toEqual(['old', 'past-timed']);
    expect(slugs(visibleManifest(m, at('2026-12-01T18:00:00.000Z')))).toEqual(['soon', 'old', 'past-timed']);
    expect(slugs(visibleManifest(m, at('2026-12-02T09:00:00.000Z')))).toEqual(['late', 'soon', 'old', 'past-timed']);
  });

  test('is the manifest itself when nothing is pending', () => {
    const plain = manifest(entry('old'), entry('past-timed', '2024-05-01T10:00:00.000Z'));
    expect(visibleManifest(plain, at('2025-01-01T00:00:00Z'))).toBe(plain);
    expect(visibleManifest(m, at('2027-01-01T00:00:00Z')).entries).toEqual(m.entries);
  });

  test('is the same object until the clock passes the next publishAt, so lookups are derived once per go-live', () => {
    const n = manifest(entry('late', '2026-12-02T09:00:00.000Z'), entry('soon', '2026-12-01T18:00:00.000Z'), entry('old'));
    const before = visibleManifest(n, at('2026-11-01T00:00:00Z'));
    expect(visibleManifest(n, at('2026-12-01T17:00:00Z'))).toBe(before);
    expect(manifestLookup(visibleManifest(n, at('2026-12-01T17:59:00Z')))).toBe(manifestLookup(before));
    const afterSoon = visibleManifest(n, at('2026-12-01T18:00:00Z'));
    expect(afterSoon).not.toBe(before);
    expect(manifestLookup(afterSoon).news.map((e) => e.slug)).toEqual(['soon', 'old']);
    expect(visibleManifest(n, at('2026-12-02T08:59:59Z'))).toBe(afterSoon);
    // A clock that goes back (another isolate's view of time) gets the right view, not the memo.
    expect(slugs(visibleManifest(n, at('2026-11-30T00:00:00Z')))).toEqual(['old']);
  });

  test('keeps drafts and everything else of the manifest', () => {
    const view = visibleManifest(m, at('2026-01-01T00:00:00Z'));
    expect({ ...view, entries: [] }).toEqual({ ...m, entries: [] });
  });
});

test('isPublicAt: no publishAt is public; else from that instant on', () => {
  expect(isPublicAt(entry('a'), 0)).toBe(true);
  expect(isPublicAt(entry('b', '2026-12-01T18:00:00.000Z'), at('2026-12-01T17:59:59Z'))).toBe(false);
  expect(isPublicAt(entry('b', '2026-12-01T18:00:00.000Z'), at('2026-12-01T18:00:00Z'))).toBe(true);
});

test('publicPaths names the pages of the view only', () => {
  const m = manifest(entry('soon', '2026-12-01T18:00:00.000Z'), entry('old'));
  expect([...publicPaths(visibleManifest(m, at('2026-01-01T00:00:00Z')))]).toEqual(['/news/old']);
  expect([...publicPaths(visibleManifest(m, at('2026-12-01T18:00:00Z')))].sort()).toEqual(['/news/old', '/news/soon']);
});
