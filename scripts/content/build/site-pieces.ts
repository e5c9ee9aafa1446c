/**
 * A manifest's site index (contracts/site-index.ts): entry pieces with their listing and neighbours, index shards, list
 * directories and chunks, and the root naming them. Pure: manifest entries and stored entries in; keys and values out.
 */
import { createHash } from 'node:crypto';
import { entryKey, indexShardKey, listKey, PIECE_HASH_LENGTH } from '../../../contracts/kv-keys.ts';
import type { Manifest, ManifestEntry, StoredEntry } from '../../../contracts/kv-values.ts';
import { entryPath } from '../../../contracts/manifest-lookup.ts';
import {
  type EntryPiece,
  type IndexRow,
  type ListDirectory,
  type Listing,
  type ListName,
  listingOf,
  SHARDS_PER_DIRECTORY,
  SITE_INDEX_FORMAT,
  type SiteRoot,
  shardOf,
  slugHash,
} from '../../../contracts/site-index.ts';
import type { KvPair } from '../kv/kv-store.ts';

/** A shard holds about this many rows; the count is kept while shards hold between half and twice it. */
export const ROWS_PER_SHARD = 24;
/** List chunks end after an entry whose slug hashes to 0 modulo `mean`, or at `max` entries: an edit moves no boundary. */
const CHUNKING: Record<ListName, { mean: number; max: number }> = {
  news: { mean: 16, max: 48 },
  guide: { mean: 16, max: 48 },
  all: { mean: 512, max: 2048 },
};

type Unkeyed = Omit<ManifestEntry, 'key'>;

const pieceName = (value: string): string => createHash('sha256').update(value).digest('hex').slice(0, PIECE_HASH_LENGTH);
const piece = (keyOf: (hash: string) => string, value: unknown): KvPair & { value: string } => {
  const text = JSON.stringify(value);
  return { key: keyOf(pieceName(text)), value: text };
};

/**
 * Each entry's piece, named by its value: the stored entry with its listing and its neighbours in its own list (news
 * newest first, guides by title; `entries` in display order). Drafts and untyped pages have none.
 */
export function entryPieces(
  entries: readonly Unkeyed[],
  drafts: readonly Unkeyed[],
  stored: (file: string) => StoredEntry,
): { entries: ManifestEntry[]; drafts: ManifestEntry[]; pieces: KvPair[] } {
  const pieces: KvPair[] = [];
  const link = (e: Unkeyed | undefined) =>
    e ? { title: e.title, href: entryPath(e), ...(e.publishAt === undefined ? {} : { publishAt: e.publishAt }) } : null;
  const ofType = { news: entries.filter((e) => e.type === 'news'), guide: entries.filter((e) => e.type === 'guide') };
  const position = new Map([...ofType.news.entries(), ...ofType.guide.entries()].map(([i, e]) => [e, i]));
  const keyed = (list: readonly Unkeyed[], withNeighbours: boolean): ManifestEntry[] =>
    list.map((entry) => {
      const siblings = withNeighbours && entry.type !== null ? ofType[entry.type] : [];
      const at = withNeighbours ? (position.get(entry) ?? -1) : -1;
      // What its page shows: the sitemap's `changed` stays in the lists, so a commit that changes no text keeps the key.
      const { changed: _, ...listing } = listingOf(entry);
      const value: EntryPiece = {
        ...stored(entry.file),
        listing,
        previous: at < 0 ? null : link(siblings[at - 1]),
        next: at < 0 ? null : link(siblings[at + 1]),
      };
      const made = piece(entryKey, value);
      pieces.push(made);
      return { ...entry, key: made.key };
    });
  return { entries: keyed(entries, true), drafts: keyed(drafts, false), pieces };
}

/** The shard count for `entries` rows: `previous` while in bounds, else about ROWS_PER_SHARD rows a shard. */
export function shardCount(entries: number, previous: number | undefined): number {
  if (previous !== undefined && entries <= previous * ROWS_PER_SHARD * 2 && entries >= (previous * ROWS_PER_SHARD) / 2) return previous;
  return Math.max(1, Math.ceil(entries / ROWS_PER_SHARD));
}

/** Its go-live time when later than the publish: until then no public reader shows it (contracts/scheduled-entries.ts). */
const pendingAt = (entry: ManifestEntry, publishedAt: string): string | undefined =>
  entry.publishAt !== undefined && Date.parse(entry.publishAt) > Date.parse(publishedAt) ? entry.publishAt : undefined;

/** A row for an entry; a draft's is marked. */
function rowOf(entry: ManifestEntry, draft: boolean, publishAt: string | undefined): IndexRow {
  const file = entry.file.replace(/\.md$/, '');
  return {
    slug: entry.slug,
    type: entry.type,
    key: entry.key,
    ...(file.toLowerCase() === entry.slug.toLowerCase() ? {} : { file }),
    ...(publishAt === undefined ? {} : { publishAt }),
    ...(draft ? { draft: true as const } : {}),
  };
}

/** The chunks of a list and its directory. */
function listPieces(
  entries: readonly ManifestEntry[],
  { mean, max }: { mean: number; max: number },
  pending: (e: ManifestEntry) => string | undefined,
): { directory: KvPair; chunks: KvPair[] } {
  const cut: Listing[][] = [[]];
  for (const entry of entries) {
    const last = cut.at(-1)!;
    last.push(listingOf(entry));
    if (slugHash(entry.slug) % mean === 0 || last.length >= max) cut.push([]);
  }
  const chunks = cut.filter((c) => c.length > 0).map((listed) => ({ ...piece(listKey, { entries: listed }), count: listed.length }));
  const directory: ListDirectory = {
    total: entries.length,
    chunks: chunks.map(({ key, count }) => ({ key, count })),
    scheduled: entries.flatMap((e, position) => {
      const publishAt = pending(e);
      return publishAt === undefined ? [] : [{ position, publishAt }];
    }),
  };
  return { directory: piece(listKey, directory), chunks: chunks.map(({ key, value }) => ({ key, value })) };
}

/** The root and every piece it names (entry pieces are the manifest's own keys: entryPieces). */
export function sitePieces(manifest: Manifest, shards: number): { root: SiteRoot; pieces: KvPair[] } {
  const pending = (e: ManifestEntry) => pendingAt(e, manifest.publishedAt);
  const buckets: IndexRow[][] = Array.from({ length: shards }, () => []);
  for (const [entry, draft] of [...manifest.entries.map((e) => [e, false] as const), ...manifest.drafts.map((e) => [e, true] as const)]) {
    const row = rowOf(entry, draft, pending(entry));
    const at = new Set([shardOf(row.slug, shards), ...(row.file ? [shardOf(row.file, shards)] : [])]);
    for (const i of at) buckets[i]!.push(row);
  }
  const shardPieces = buckets.map((rows) => piece(indexShardKey, { rows }));
  const directories = Array.from({ length: Math.ceil(shards / SHARDS_PER_DIRECTORY) }, (_, d) =>
    piece(indexShardKey, { shards: shardPieces.slice(d * SHARDS_PER_DIRECTORY, (d + 1) * SHARDS_PER_DIRECTORY).map((s) => s.key) }),
  );
  const lists = {
    news: listPieces(
      manifest.entries.filter((e) => e.type === 'news'),
      CHUNKING.news,
      pending,
    ),
    guide: listPieces(
      manifest.entries.filter((e) => e.type === 'guide'),
      CHUNKING.guide,
      pending,
    ),
    all: listPieces(manifest.entries, CHUNKING.all, pending),
  };
  const root: SiteRoot = {
    format: SITE_INDEX_FORMAT,
    version: manifest.version,
    publishedAt: manifest.publishedAt,
    renderer: manifest.renderer,
    shardCount: shards,
    shardDirectories: directories.map((d) => d.key),
    lists: { news: lists.news.directory.key, guide: lists.guide.directory.key, all: lists.all.directory.key },
    search: manifest.search,
    samples: manifest.samples,
    scheduled: manifest.entries.flatMap((e) => {
      const publishAt = pending(e);
      return publishAt === undefined ? [] : [{ path: entryPath(e), publishAt }];
    }),
  };
  const listed = Object.values(lists).flatMap(({ directory, chunks }) => [directory, ...chunks]);
  return { root, pieces: [...shardPieces, ...directories, ...listed] };
}

/**
 * `manifest` with its site index: the record naming every piece (and the search pieces, `searchKeys`), the root, and the
 * pieces KV lacks (`existing`); the shard count kept from `previous` while in bounds.
 */
export function indexed(
  manifest: Manifest,
  previous: Pick<Manifest, 'shards'> | null,
  existing: ReadonlySet<string>,
  searchKeys: readonly string[] = manifest.search ? [manifest.search] : [],
): { manifest: Manifest; root: SiteRoot; writes: KvPair[] } {
  const shards = shardCount(manifest.entries.length + manifest.drafts.length, previous?.shards);
  const { root, pieces } = sitePieces(manifest, shards);
  const unique = [...new Map(pieces.map((p) => [p.key, p])).values()];
  const keys = [...new Set([...unique.map((p) => p.key), ...searchKeys])];
  return { manifest: { ...manifest, pieces: keys, shards }, root, writes: unique.filter((p) => !existing.has(p.key)) };
}
