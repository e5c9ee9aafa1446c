/**
 * Published content from a whole manifest: one written by an upload from before the site index, or a whole-site
 * preview's (worker/preview/). Its public view at the request's time is in hand; entries are read by key. Pure but for `entry`.
 */
import type { EntryPage, PageContent } from '../../client/route-module.ts';
import type { Manifest, ManifestEntry, StoredEntry } from '../../contracts/kv-values.ts';
import { entryPath, findEntry, manifestLookup } from '../../contracts/manifest-lookup.ts';
import type { ArticleLink } from '../../contracts/page-payload.ts';
import { findDraft } from '../../contracts/preview-token.ts';
import { type IndexRow, listingOf } from '../../contracts/site-index.ts';

const rowOf = (e: ManifestEntry, draft = false): IndexRow => ({
  slug: e.slug,
  type: e.type,
  key: e.key,
  ...(draft ? { draft: true as const } : {}),
});

/** `view`: the public view at the request's time (contracts/scheduled-entries.ts); `asRead`: the manifest whole, drafts included. */
export function wholeManifestContent(
  view: Manifest,
  asRead: Manifest,
  entry: (key: string) => Promise<StoredEntry>,
): Omit<PageContent, 'search'> {
  const lookup = manifestLookup(view);
  /** The entries just before and after in its own list: typed guides by title, news newest first. */
  const around = (e: ManifestEntry) => {
    if (e.type === null || !lookup.position.has(e)) return { previous: null, next: null };
    const list = lookup[e.type];
    const at = lookup.position.get(e)!;
    const link = (n: ManifestEntry | undefined): ArticleLink | null => (n ? { title: n.title, href: entryPath(n) } : null);
    return { previous: link(list[at - 1]), next: link(list[at + 1]) };
  };
  return {
    published: async () => ({ version: view.version, publishedAt: view.publishedAt }),
    find: async (name) => {
      const found = findEntry(view, name);
      return found && rowOf(found);
    },
    findDraft: async (section, slug) => {
      const found = findDraft(asRead, section, slug);
      return found && rowOf(found, true);
    },
    async page(row): Promise<EntryPage> {
      const found = row.draft ? asRead.drafts.find((d) => d.key === row.key) : lookup.bySlug.get(row.slug);
      if (!found) throw new Error(`${row.slug} is not in the manifest`);
      return { stored: await entry(row.key), listing: listingOf(found), ...around(found) };
    },
    list: async (name, start, count) => {
      const list = name === 'all' ? view.entries : lookup[name];
      return { total: list.length, entries: list.slice(start, start + count) };
    },
    samples: async () => view.samples,
  };
}
