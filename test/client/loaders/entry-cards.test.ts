/**
 * Index paging: page 1 at the bare path, later pages at ?page=N, and malformed page numbers are no page. Unit.
 */
import { expect, test } from 'vitest';
import { INDEX_PAGE_SIZE, indexPage } from '../../../client/loaders/entry-cards.ts';
import type { ManifestEntry } from '../../../contracts/kv-values.ts';

const entries = Array.from(
  { length: INDEX_PAGE_SIZE * 2 + 1 },
  (_, i): ManifestEntry => ({
    slug: `s${i}`,
    type: 'guide',
    title: `T${i}`,
    description: '',
    date: null,
    file: `s${i}.md`,
    key: `entry/${i}`,
    sourceHash: String(i),
    updated: '2024-01-01T00:00:00.000Z',
  }),
);

test('page 1 is the bare path, later pages carry ?page=N, the last page holds the rest', () => {
  const first = indexPage(entries, null, '/guide');
  expect(first?.entries).toHaveLength(INDEX_PAGE_SIZE);
  expect(first?.pager).toEqual({ page: 1, pageCount: 3, previous: null, next: '/guide?page=2' });
  const second = indexPage(entries, '2', '/guide');
  expect(second?.pager).toEqual({ page: 2, pageCount: 3, previous: '/guide', next: '/guide?page=3' });
  expect(indexPage(entries, '3', '/guide')?.entries.map((e) => e.href)).toEqual([`/guide/s${INDEX_PAGE_SIZE * 2}`]);
});

test.each(['0', '4', '-1', '1.5', 'x', '01', ''])('?page=%s is no page of it', (page) => {
  expect(indexPage(entries, page, '/guide')).toBeNull();
});
