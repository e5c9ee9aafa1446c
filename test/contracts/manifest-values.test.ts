/** The values a manifest carries: which keys, taken as stored, left out of history. Unit. */
import { expect, test } from 'vitest';
import type { Manifest, ManifestEntry } from '../../contracts/kv-values.ts';
import { carriedKeys, withoutValues, withValues } from '../../contracts/manifest-values.ts';

const entry = (slug: string, key = `entry/${slug}`): ManifestEntry => ({
  slug,
  type: 'guide',
  title: slug,
  description: '',
  date: null,
  file: `${slug}.md`,
  key,
  sourceHash: slug,
  updated: null,
});

const manifest: Manifest = {
  version: 2,
  publishedAt: '2026-01-01T00:00:00.000Z',
  renderer: 'r',
  // Two files rendered alike share a key: it is carried once.
  entries: [entry('a'), entry('b'), entry('b-again', 'entry/b')],
  samples: [{ path: 'x.bat', hash: 'h' }],
  search: 'search/s',
  drafts: [entry('draft')],
  media: ['media/m.png'],
};

test('a manifest carries its entries, its drafts and its search index; not samples or images', () => {
  expect(carriedKeys(manifest)).toEqual(['entry/a', 'entry/b', 'entry/draft', 'search/s']);
  expect(carriedKeys({ ...manifest, search: null, drafts: [] })).toEqual(['entry/a', 'entry/b']);
});

test('withValues takes each carried value as stored, and names the first key it lacks', () => {
  const stored = new Map(carriedKeys(manifest).map((key) => [key, `value of ${key}`]));
  const carrying = withValues(manifest, (key) => stored.get(key));
  expect(carrying.values).toEqual(Object.fromEntries(stored));
  expect(withoutValues(carrying)).toEqual(manifest);
  stored.delete('entry/draft');
  expect(() => withValues(manifest, (key) => stored.get(key) ?? null)).toThrow(
    'the manifest cannot carry entry/draft: its value is missing',
  );
});

test('a manifest that carries values carries only the current ones', () => {
  const stale = { ...manifest, values: { 'entry/old': 'gone' } };
  expect(Object.keys(withValues(stale, (key) => key).values ?? {})).not.toContain('entry/old');
});
