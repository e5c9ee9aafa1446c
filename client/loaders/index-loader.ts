/** The loader both indexes share. Pure apart from reading the list through the context. */
import type { PageMeta } from '../../contracts/page-payload.ts';
import type { Section } from '../../contracts/routes.ts';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';
import { notFound } from '../routes/message.tsx';
import { entryCard, INDEX_PAGE_SIZE, indexPager, pageNumber } from './entry-cards.ts';

/** One page of a section's cards (`?page=N`), or a 404 for a page the index does not have. */
export async function loadIndex(
  section: Section,
  { url, context }: LoaderArgs,
  meta: (siteUrl: string, page: number) => PageMeta,
): Promise<Loaded> {
  const page = pageNumber(url.searchParams.get('page'));
  // A page past the end reads the list's directory and no chunk.
  const { total, entries } = Number.isNaN(page)
    ? { total: 0, entries: [] }
    : await context.content.list(section, (page - 1) * INDEX_PAGE_SIZE, INDEX_PAGE_SIZE);
  const pager = indexPager(page, total, `/${section}`);
  if (!pager) {
    const asked = (url.searchParams.get('page') ?? '').slice(0, 12);
    return notFound(context.siteUrl, url.pathname + url.search, 'No such page', `The ${section} index has no page ${asked}.`);
  }
  const kind = section === 'news' ? 'newsIndex' : 'guideIndex';
  return { status: 200, meta: meta(context.siteUrl, pager.page), body: { kind, entries: entries.map(entryCard), pager } };
}

/** Page 1 of an index is its bare path; later pages carry `?page=N` in URL and title. */
export function indexMeta(siteUrl: string, section: Section, page: number, title: string, description: string): PageMeta {
  const path = page === 1 ? `/${section}` : `/${section}?page=${page}`;
  return pageMeta(siteUrl, path, page === 1 ? title : `${title}, page ${page}`, description);
}
