/** The names front matter knows, shared by its schema (front-matter.ts) and the messages about it (maintainer-errors.ts). */

/** An entry's `type`; untyped pages (features, sponsor) have none. */
export const ENTRY_TYPES = ['guide', 'news'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const FRONT_MATTER_FIELDS = ['title', 'slug', 'description', 'type', 'date', 'draft'] as const;
