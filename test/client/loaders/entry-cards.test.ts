/**
 * Index paging: page 1 at the bare path, later pages at ?page=N, and malformed page numbers are no page. Unit.
 */
import { expect, test } from 'vitest';
import { INDEX_PAGE_SIZE, indexPager, pageNumber } from '../../../client/loaders/entry-cards.ts';

const TOTAL = INDEX_PAGE_SIZE * 2 + 1;
const pager = (param: string | null) => indexPager(pageNumber(param), TOTAL, '/guide');

test('page 1 is the bare path, later pages carry ?page=N, the last page holds the rest', () => {
  expect(pager(null)).toEqual({ page: 1, pageCount: 3, previous: null, next: '/guide?page=2' });
  expect(pager('2')).toEqual({ page: 2, pageCount: 3, previous: '/guide', next: '/guide?page=3' });
  expect(pager('3')).toEqual({ page: 3, pageCount: 3, previous: '/guide?page=2', next: null });
});

test('an empty list has its first page', () => {
  expect(indexPager(1, 0, '/news')).toEqual({ page: 1, pageCount: 1, previous: null, next: null });
});

test.each(['0', '4', '-1', '1.5', 'x', '01', ''])('?page=%s is no page of it', (page) => {
  expect(pager(page)).toBeNull();
});
