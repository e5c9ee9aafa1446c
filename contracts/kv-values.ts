/**
 * What each Workers KV key holds, as zod schemas shared by the writer and the reader. Pure.
 * Values are JSON, read through `parseStored`, so a corrupt or foreign value is a clear error, not a crash.
 */
import * as z from 'zod';
import { entryAttributesSchema } from './front-matter.ts';
import { ENTRY_TYPES } from './front-matter-fields.ts';
import { PREVIEW_NAME_PATTERN } from './site-preview.ts';
import { SOCIAL_CARD_URL_PATTERN, type SocialCard } from './social-card.ts';

/** Front matter: contracts/front-matter.ts. */
export type { EntryAttributes } from './front-matter.ts';
export type { EntryType } from './front-matter-fields.ts';

/** A heading of an article's table of contents. */
export const tocItemSchema = z.object({
  depth: z.number().int().min(1).max(6),
  id: z.string(),
  text: z.string(),
});
export type TocItem = z.infer<typeof tocItemSchema>;

/** `entry/<sha256>`: an entry as the upload rendered it. */
export const storedEntrySchema = z.object({
  attributes: entryAttributesSchema,
  file: z.string(),
  markdown: z.string(),
  html: z.string(),
  toc: z.array(tocItemSchema),
  hasDiagrams: z.boolean(),
  readingMinutes: z.number().int().nonnegative(),
});
export type StoredEntry = z.infer<typeof storedEntrySchema>;

/** An article's social card (contracts/social-card.ts). */
export const socialCardSchema: z.ZodType<SocialCard> = z.object({
  url: z.string().regex(SOCIAL_CARD_URL_PATTERN),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().min(1),
});

/** What the manifest says of each entry, enough for indexes, feeds and lookups without reading it. */
export const manifestEntrySchema = z.object({
  slug: z.string(),
  type: z.enum(ENTRY_TYPES).nullable(),
  title: z.string(),
  description: z.string(),
  /** News: the calendar date (YYYY-MM-DD) of its front-matter date, as written. */
  date: z.string().nullable(),
  /** The content file's name, e.g. `guide-get-started.md`. */
  file: z.string(),
  /** KV key of the StoredEntry. */
  key: z.string(),
  /** sha256 of the markdown source alone: tells a content change from a renderer change. */
  sourceHash: z.string(),
  /**
   * ISO time of the file's last edit after it was added (git history; the mtime outside git);
   * null when it has none, or for news, none after its date (scripts/content/source/file-history.ts).
   */
  updated: z.string().nullable(),
  /**
   * ISO time of the file's last change of any kind, the sitemap's lastmod: its newest commit
   * (the one that added it, when never edited since), else its mtime. Absent: not known (content
   * made in memory, a manifest from before it was recorded).
   */
  changed: z.string().optional(),
  /**
   * ISO UTC time at which a scheduled news post goes live (its front-matter date was later than
   * the upload, or carries a time of day). Until then no public reader shows it
   * (contracts/scheduled-entries.ts). Absent: public since its upload.
   */
  publishAt: z.string().optional(),
  /** The article's social card (contracts/social-card.ts). Absent: pages name the site card. */
  card: socialCardSchema.optional(),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

const manifestSampleSchema = z.object({
  /** Below content/samples/, as the samples route is asked for it. */
  path: z.string(),
  /** sha256 of the file. */
  hash: z.string(),
  /** KV key of its text, `sample/<hash>` (kv-keys.ts storedSampleKey); absent in manifests from before it was recorded. */
  key: z.string().optional(),
});
export type ManifestSample = z.infer<typeof manifestSampleSchema>;

/**
 * A published version, naming every key it serves: kept in its history record (`history/<version>`); older uploads wrote
 * it whole under `manifest`, where an upload now writes its site index's root (contracts/site-index.ts).
 */
export const manifestSchema = z.object({
  /** Increases by one with every publish. */
  version: z.number().int().nonnegative(),
  publishedAt: z.string(),
  renderer: z.string(),
  /** In display order: news newest first, then every other entry by title (see plan-upload.ts). */
  entries: z.array(manifestEntrySchema),
  samples: z.array(manifestSampleSchema),
  /** KV key of the search index (`search/<sha256>`, see search-index.ts); null if none was built. */
  search: z.string().nullable().default(null),
  /**
   * Entries with `draft: true`, stored like the others but listed only here: nothing public
   * reads this list; a signed preview link shows one (contracts/preview-token.ts).
   */
  drafts: z.array(manifestEntrySchema).default([]),
  /**
   * KV keys of the images from content/media/ and of the articles' social cards
   * (`media/<sha256>.<ext>`), and of the images fetched from other hosts (`media/remote/<sha256>`),
   * so clean-ups keep them; absent: none.
   */
  media: z.array(z.string()).optional(),
  /**
   * Keys of the pieces of its site index (contracts/site-index.ts) and search, derived from it by the upload, so that
   * clean-ups keep them; absent in manifests from before the index.
   */
  pieces: z.array(z.string()).optional(),
  /** How many index shards its root has; the next upload keeps the number while the shards stay in bounds. */
  shards: z.number().int().positive().optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** `preview/<name>`: a whole-site preview's manifest (contracts/site-preview.ts) and who made it when. */
export const previewRecordSchema = z.object({
  name: z.string().regex(PREVIEW_NAME_PATTERN),
  /** The preview's own version: 1 for its first upload, one more for each upload of the same name. */
  version: z.number().int().positive(),
  publishedAt: z.string(),
  /** `user@host` of the machine that uploaded it. */
  by: z.string(),
  /** When the last link printed for it stops working (ISO); then the preview may be cleaned up. */
  expiresAt: z.string(),
  manifest: manifestSchema,
});
export type PreviewRecord = z.infer<typeof previewRecordSchema>;

/** `media/remote/<sha256>`: an image on another host that a page shows through the Worker. */
export const storedRemoteImageSchema = z.object({
  url: z.string().regex(/^https?:\/\//i, 'an http(s) URL'),
});
export type StoredRemoteImage = z.infer<typeof storedRemoteImageSchema>;

/** Parses a KV value as JSON and checks its shape; throws an Error naming what is wrong. */
export function parseStored<T>(schema: z.ZodType<T>, raw: string, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
  return checkStored(schema, json, what);
}

/** Checks parsed JSON's shape; throws an Error naming what is wrong. */
export function checkStored<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${what} is malformed at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return result.data;
}
