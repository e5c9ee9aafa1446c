/** scripts/dev/live/live-state.ts: which pages moved between two manifests, drafts included. */
import { expect, test } from 'vitest';
import type { Manifest, ManifestEntry } from '../../../../contracts/kv-values.ts';
import { movedPaths } from '../../../../scripts/dev/live/live-state.ts';

const entry = (file: string, slug: string, type: ManifestEntry['type'] = 'guide'): ManifestEntry => ({
  slug,
  type,
  title: slug,
  description: slug,
  date: type === 'news' ? '2026-01-01' : null,
  file,
  key: `entry/${file}-${slug}`,
  sourceHash: slug,
  updated: null,
});

const manifest = (version: number, entries: ManifestEntry[], drafts: ManifestEntry[] = []): Manifest => ({
  version,
  publishedAt: '2026-01-01T00:00:00.000Z',
  renderer: 'test',
  entries,
  samples: [],
  search: null,
  drafts,
});

test('a file whose slug or section changed moved; one that kept its page, appeared or went away did not', () => {
  const before = manifest(
    1,
    [entry('a.md', 'a'), entry('b.md', 'b'), entry('c.md', 'c'), entry('gone.md', 'gone')],
    [entry('d.md', 'd', 'news')],
  );
  const after = manifest(
    2,
    [entry('a.md', 'a'), entry('b.md', 'b-renamed'), entry('c.md', 'c', 'news'), entry('new.md', 'new')],
    [entry('d.md', 'd2', 'news')],
  );
  expect(movedPaths(before, after)).toEqual({ '/guide/b': '/guide/b-renamed', '/guide/c': '/news/c', '/news/d': '/news/d2' });
});

test('nothing moved on a first publish', () => {
  expect(movedPaths(null, manifest(1, [entry('a.md', 'a')]))).toEqual({});
});
