/** The loader both indexes share. Pure apart from reading the manifest through the context. */
import { manifestLookup } from '../../contracts/manifest-lookup.ts';
import type { PageMeta } from '../../contracts/page-payload.ts';
import type { Section } from '../../contracts/routes.ts';
import { pageMeta } from '../page-meta.ts';
import type { Loaded, LoaderArgs } from '../route-module.ts';
import { notFound } from '../routes/message.tsx';
import { indexPage } from './entry-cards.ts';

/** One page of a section's cards (`?page=N`), or a 404 for a page the index does not have. */
export async function loadIndex(
  section: Section,
  { url, context }: LoaderArgs,
  meta: (siteUrl: string, page: number) => PageMeta,
): Promise<Loaded> {
  const list = manifestLookup(await context.content.manifest())[section];
  const shown = indexPage(list, url.searchParams.get('page'), `/${section}`);
  if (!shown) {
    const asked = (url.searchParams.get('page') ?? '').slice(0, 12);
    return notFound(context.siteUrl, url.pathname + url.search, 'No such page', `The ${section} index has no page ${asked}.`);
  }
  const kind = section === 'news' ? 'newsIndex' : 'guideIndex';
  return { status: 200, meta: meta(context.siteUrl, shown.pager.page), body: { kind, ...shown } };
}

/** Page 1 of an index is its bare path; later pages carry `?page=N` in URL and title. */
export function indexMeta(siteUrl: string, section: Section, page: number, title: string, description: string): PageMeta {
  const path = page === 1 ? `/${section}` : `/${section}?page=${page}`;
  return pageMeta(siteUrl, path, page === 1 ? title : `${title}, page ${page}`, description);
}
