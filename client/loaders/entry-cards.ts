/** Cards and pages of cards for the home page and the news and guide indexes, from manifest entries. Pure. */
import type { ManifestEntry } from '../../contracts/kv-values.ts';
import { entryPath } from '../../contracts/manifest-lookup.ts';
import type { EntryCard, IndexPager } from '../../contracts/page-payload.ts';

/** A manifest entry as an index card, linking to the entry's canonical page. */
export function entryCard(entry: ManifestEntry): EntryCard {
  return { slug: entry.slug, title: entry.title, description: entry.description, date: entry.date, href: entryPath(entry) };
}

/** Cards on one page of an index; more than this and the index continues on `?page=2`. */
export const INDEX_PAGE_SIZE = 20;

/**
 * The cards of page `pageParam` (absent: the first) of a list, and links to the pages around
 * it; null when there is no such page. The work is one page's cards, whatever the list's length.
 */
export function indexPage(
  list: ManifestEntry[],
  pageParam: string | null,
  path: string,
): { entries: EntryCard[]; pager: IndexPager } | null {
  const pageCount = Math.max(1, Math.ceil(list.length / INDEX_PAGE_SIZE));
  const page = pageParam === null ? 1 : /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : Number.NaN;
  if (!(page <= pageCount)) return null;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return {
    entries: list.slice((page - 1) * INDEX_PAGE_SIZE, page * INDEX_PAGE_SIZE).map(entryCard),
    pager: { page, pageCount, previous: page > 1 ? href(page - 1) : null, next: page < pageCount ? href(page + 1) : null },
  };
}
