/**
 * Published content from a site index's root (contracts/site-index.ts): each answer reads the pieces it shows, whatever
 * the site's size, through `read` (the isolate's memo and the Worker's cached entrypoint). Pure but for `read`.
 */
import type * as z from 'zod';
import type { EntryPage, PageContent } from '../../client/route-module.ts';
import { sectionOf } from '../../contracts/manifest-lookup.ts';
import type { ArticleLink } from '../../contracts/page-payload.ts';
import {
  entryPieceSchema,
  indexShardSchema,
  type Listing,
  listChunkSchema,
  listDirectorySchema,
  SHARDS_PER_DIRECTORY,
  type SiteRoot,
  shardDirectorySchema,
  shardOf,
} from '../../contracts/site-index.ts';

/** A piece by key, parsed and checked against `schema`; a missing or malformed one is ContentError('unreadable'). */
export type ReadPiece = <T>(key: string, schema: z.ZodType<T>, what: string) => Promise<T>;

export function indexedContent(root: SiteRoot, read: ReadPiece, now: number): Omit<PageContent, 'search'> {
  const isPublic = (publishAt: string | undefined) => publishAt === undefined || Date.parse(publishAt) <= now;
  const shardRows = async (name: string) => {
    const shard = shardOf(name, root.shardCount);
    const directory = root.shardDirectories[Math.floor(shard / SHARDS_PER_DIRECTORY)]!;
    const { shards } = await read(directory, shardDirectorySchema, 'A shard directory');
    return (await read(shards[shard % SHARDS_PER_DIRECTORY]!, indexShardSchema, 'An index shard')).rows;
  };
  const shown = (link: (ArticleLink & { publishAt?: string }) | null): ArticleLink | null =>
    link && isPublic(link.publishAt) ? { title: link.title, href: link.href } : null;

  return {
    published: async () => ({ version: root.version, publishedAt: root.publishedAt }),

    async find(name) {
      const rows = (await shardRows(name)).filter((r) => !r.draft && isPublic(r.publishAt));
      const lower = name.toLowerCase();
      return (
        rows.find((r) => r.slug === name) ??
        rows.find((r) => r.slug.toLowerCase() === lower) ??
        rows.find((r) => r.file?.toLowerCase() === lower)
      );
    },

    async findDraft(section, slug) {
      return (await shardRows(slug)).find((r) => r.draft && r.slug === slug && sectionOf(r) === section);
    },

    async page(row): Promise<EntryPage> {
      const piece = await read(row.key, entryPieceSchema, `The stored entry ${row.key}`);
      return { stored: piece, listing: piece.listing, previous: shown(piece.previous), next: shown(piece.next) };
    },

    async list(name, start, count) {
      const directory = await read(root.lists[name], listDirectorySchema, `The ${name} list`);
      const hidden = directory.scheduled
        .filter((s) => !isPublic(s.publishAt))
        .map((s) => s.position)
        .sort((a, b) => a - b);
      // The list's position of the public list's `v`th entry: one further for each entry not yet public before it.
      const positionOf = (v: number) => hidden.reduce((at, h) => (h <= at ? at + 1 : at), v);
      const total = directory.total - hidden.length;
      const from = positionOf(start);
      const to = start + count >= total ? directory.total : positionOf(start + count - 1) + 1;
      let offset = 0;
      const reads: Promise<{ entries: Listing[]; at: number }>[] = [];
      for (const { key, count: length } of directory.chunks) {
        const at = offset;
        offset += length;
        if (at + length <= from || at >= to) continue;
        reads.push(read(key, listChunkSchema, `A chunk of the ${name} list`).then(({ entries }) => ({ entries, at })));
      }
      const skip = new Set(hidden);
      const entries = (await Promise.all(reads)).flatMap(({ entries, at }) =>
        entries.flatMap((entry, i) => (at + i >= from && at + i < to && !skip.has(at + i) ? [entry] : [])),
      );
      return { total, entries };
    },

    samples: async () => root.samples,
  };
}
