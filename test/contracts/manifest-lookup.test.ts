/**
 * Manifest lookups: entries by slug or file name, sections and lists, made once per manifest. Unit.
 */
import { describe, expect, test } from 'vitest';
import type { Manifest, ManifestEntry } from '../../contracts/kv-values.ts';
import { entryPath, findEntry, manifestLookup, sectionOf } from '../../contracts/manifest-lookup.ts';

const entry = (slug: string, type: ManifestEntry['type'], file = `${slug}.md`): ManifestEntry => ({
  slug,
  type,
  title: slug,
  description: '',
  date: type === 'news' ? '2024-01-01' : null,
  file,
  key: `entry/${slug}`,
  sourceHash: slug,
  updated: '2024-01-01T00:00:00.000Z',
});

const manifest: Manifest = {
  version: 1,
  publishedAt: '2024-01-01T00:00:00.000Z',
  renderer: 'r',
  entries: [entry('2024-news', 'news', 'news-one.md'), entry('DSX', 'guide', 'guide-dsx.md'), entry('features', null)],
  samples: [],
  search: null,
  drafts: [],
};

describe('findEntry', () => {
  test('by exact slug, then slug in another case, then file name', () => {
    expect(findEntry(manifest, 'DSX')?.slug).toBe('DSX');
    expect(findEntry(manifest, 'dsx')?.slug).toBe('DSX');
    expect(findEntry(manifest, 'guide-dsx')?.slug).toBe('DSX');
    expect(findEntry(manifest, 'nothing')).toBeUndefined();
  });
});

describe('sections and lists', () => {
  test('news under /news; guides and untyped pages under /guide', () => {
    expect(manifest.entries.map(sectionOf)).toEqual(['news', 'guide', 'guide']);
    expect(manifest.entries.map(entryPath)).toEqual(['/news/2024-news', '/guide/DSX', '/guide/features']);
  });

  test('typed entries are listed in manifest order; untyped pages in no list', () => {
    const lookup = manifestLookup(manifest);
    expect(lookup.news.map((e) => e.slug)).toEqual(['2024-news']);
    expect(lookup.guide.map((e) => e.slug)).toEqual(['DSX']);
    expect(lookup.position.has(manifest.entries[2]!)).toBe(false);
  });

  test('made once per manifest object', () => {
    expect(manifestLookup(manifest)).toBe(manifestLookup(manifest));
  });
});
