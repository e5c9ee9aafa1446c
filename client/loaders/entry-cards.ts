/** Cards and the pager of the home page and the news and guide indexes, from listings. Pure. */
import { entryPath } from '../../contracts/manifest-lookup.ts';
import type { EntryCard, IndexPager } from '../../contracts/page-payload.ts';
import type { Listing } from '../../contracts/site-index.ts';

/** An entry as an index card, linking to its canonical page. */
export function entryCard(entry: Listing): EntryCard {
  return { slug: entry.slug, title: entry.title, description: entry.description, date: entry.date, href: entryPath(entry) };
}

/** Cards on one page of an index; more than this and the index continues on `?page=2`. */
export const INDEX_PAGE_SIZE = 20;

/** The page `?page=` asks for (absent: the first); NaN for anything but a page number. */
export const pageNumber = (pageParam: string | null): number =>
  pageParam === null ? 1 : /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : Number.NaN;

/** Links to the pages around `page` of a list `total` entries long; null when the list has no such page. */
export function indexPager(page: number, total: number, path: string): IndexPager | null {
  const pageCount = Math.max(1, Math.ceil(total / INDEX_PAGE_SIZE));
  if (!(page <= pageCount)) return null;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return { page, pageCount, previous: page > 1 ? href(page - 1) : null, next: page < pageCount ? href(page + 1) : null };
}
