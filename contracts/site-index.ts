/**
 * The bounded site index the Worker reads (docs/performance.md, Work per request): a small root under `manifest` naming
 * immutable pieces: index shards (a row per entry), list directories and chunks, the catalogue. Schemas and the shard rule. Pure.
 */
import * as z from 'zod';
import { ENTRY_TYPES } from './front-matter-fields.ts';
import { checkStored, type Manifest, manifestEntrySchema, manifestSchema, storedEntrySchema } from './kv-values.ts';

/** What the root's `format` says: a root, not a whole manifest (contracts/kv-values.ts), which older uploads wrote. */
export const SITE_INDEX_FORMAT = 2;

/** A row of an index shard: enough to find an entry by the name a URL gives and to read its piece. */
export const indexRowSchema = z.object({
  slug: z.string(),
  type: z.enum(ENTRY_TYPES).nullable(),
  /** KV key of the entry's piece (a StoredEntry with its listing and neighbours). */
  key: z.string(),
  /** The content file's name without `.md`, when it differs from the slug in more than letter case. */
  file: z.string().optional(),
  publishAt: z.string().optional(),
  /** A draft: found only through a preview link (contracts/preview-token.ts). */
  draft: z.literal(true).optional(),
});
export type IndexRow = z.infer<typeof indexRowSchema>;

/** `index/<hash>`: the rows whose slug or file name (lower case) falls in this shard, in the manifest's order. */
export const indexShardSchema = z.object({ rows: z.array(indexRowSchema) });

/** Shard keys a directory holds: the root names directories, so that it stays a few hundred bytes at any size. */
export const SHARDS_PER_DIRECTORY = 64;
/** `index/<hash>`: the keys of up to SHARDS_PER_DIRECTORY consecutive shards. */
export const shardDirectorySchema = z.object({ shards: z.array(z.string()).min(1) });

/** What lists, feeds and neighbours show of an entry without reading it: its manifest record but its keys. */
export const listingSchema = manifestEntrySchema.omit({ key: true, sourceHash: true });
export type Listing = z.infer<typeof listingSchema>;

/** An entry's listing: its fields that lists, feeds and its neighbours show (a manifest entry has them all). */
export const listingOf = ({ slug, type, title, description, date, file, updated, changed, publishAt, card }: Listing): Listing => ({
  slug,
  type,
  title,
  description,
  date,
  file,
  updated,
  ...(changed === undefined ? {} : { changed }),
  ...(publishAt === undefined ? {} : { publishAt }),
  ...(card === undefined ? {} : { card }),
});

/** A neighbour of an article in its list; one not yet public at the request's time is not shown. */
export const articleLinkSchema = z.object({ title: z.string(), href: z.string(), publishAt: z.string().optional() });

/** `entry/<hash>`: an entry as rendered, with what its page shows around it; any change to these makes a new key. */
export const entryPieceSchema = storedEntrySchema.extend({
  listing: listingSchema,
  previous: articleLinkSchema.nullable(),
  next: articleLinkSchema.nullable(),
});
export type EntryPiece = z.infer<typeof entryPieceSchema>;

/** `list/<hash>`: consecutive entries of one list, in display order. */
export const listChunkSchema = z.object({ entries: z.array(listingSchema) });

/**
 * `list/<hash>`: a list's directory: its chunks in order with their lengths, and where its scheduled entries stand, so
 * that a page of the public list reads only the chunks it shows.
 */
export const listDirectorySchema = z.object({
  total: z.number().int().nonnegative(),
  chunks: z.array(z.object({ key: z.string(), count: z.number().int().positive() })),
  scheduled: z.array(z.object({ position: z.number().int().nonnegative(), publishAt: z.string() })),
});
export type ListDirectory = z.infer<typeof listDirectorySchema>;

/** The lists: news newest first, typed guides by title, then every entry (the catalogue, for the sitemap and llms.txt). */
export const LIST_NAMES = ['news', 'guide', 'all'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/** `manifest`: the published version's root, read by every request that misses the isolate's memo. */
export const siteRootSchema = z.object({
  format: z.literal(SITE_INDEX_FORMAT),
  version: z.number().int().nonnegative(),
  publishedAt: z.string(),
  renderer: z.string(),
  /** How many index shards: a name's is `shardOf(name, shardCount)`, in directory ⌊i / SHARDS_PER_DIRECTORY⌋. */
  shardCount: z.number().int().positive(),
  /** Keys of the shard directories. */
  shardDirectories: z.array(z.string()).min(1),
  /** Key of each list's directory. */
  lists: z.object({ news: z.string(), guide: z.string(), all: z.string() }),
  /** Key of the search root (worker/content/search-engine.ts); null when none was built. */
  search: z.string().nullable(),
  samples: z.array(z.object({ path: z.string(), hash: z.string(), key: z.string().optional() })),
  /** Entries not public when published, by page path: few, so that search and caches know when without a read. */
  scheduled: z.array(z.object({ path: z.string(), publishAt: z.string() })),
});
export type SiteRoot = z.infer<typeof siteRootSchema>;

/** The `manifest` value: a root of the site index, or a whole manifest, as uploads before it wrote; throws naming what is wrong. */
export function parsePublished(text: string, what: string): SiteRoot | Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
  const isRoot = (json as { format?: unknown } | null)?.format === SITE_INDEX_FORMAT;
  return isRoot ? checkStored(siteRootSchema, json, what) : checkStored(manifestSchema, json, what);
}

/** FNV-1a over UTF-16 code units: the same shard for the same name in Node and in workerd. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The shard holding the rows a name finds (its number): by its lower case, so that a slug in another case finds it too. */
export const shardOf = (name: string, shardCount: number): number => fnv1a(name.toLowerCase()) % shardCount;

/** A stable number for an entry, for content-defined chunk boundaries (scripts/content/build/site-pieces.ts). */
export const slugHash = (slug: string): number => fnv1a(slug);
