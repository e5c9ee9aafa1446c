/**
 * The shared cache in front of the Worker (Workers Cache; tools/edge-cache/ locally): the `Cache-Tag` values pages
 * carry and the purge route's body and answer, which the upload sends and the Worker checks. Pure (zod schemas).
 */
import * as z from 'zod';
import { KV_SETTLE_SECONDS } from './publish-lock.ts';
import type { Section } from './routes.ts';

/** Every response a shared cache may keep: purging it empties the cache of the site. */
export const SITE_TAG = 'site';
/** Search results, which any change of any article's text may change. */
export const SEARCH_TAG = 'search';
/** Every page that shows the article (its own page, and any that shows its title or card); ASCII as tags must be. */
export const entryTag = (section: Section, slug: string): string => `entry:${section}/${encodeURIComponent(slug)}`;
/** Every page that lists a section (its index, the home page, its feed, the sitemap). */
export const listTag = (section: Section): string => `list:${section}`;

/**
 * Seconds after a manifest write by which every data centre reads the new manifest (KV's propagation, and the isolate's
 * memo of 5 s): a page rendered before then may come from the old one, so a publish purges again at this age.
 */
export const SECOND_PURGE_AFTER_SECONDS = KV_SETTLE_SECONDS + 5;

/** Workers Cache takes printable ASCII tags of at most 1,024 characters, matched without case. */
const tag = z.string().regex(/^[\x21-\x7e]{1,1024}$/, 'a tag is 1 to 1024 printable ASCII characters');
/** Tags one purge request carries; the upload sends more in several requests. */
export const MAX_TAGS_PER_PURGE = 100;

/** POST body of the purge route: empty every cached response carrying one of `tags`. */
export const purgeRequestSchema = z.strictObject({ tags: z.array(tag).min(1).max(MAX_TAGS_PER_PURGE) });
export type PurgeRequest = z.infer<typeof purgeRequestSchema>;

/**
 * 200 `{ ok: true, purged }` once the cache took the purge (or, under workerd where no cache is in front, at once: a
 * cache in front acts on this answer); 502 `{ ok: false, reason }` when the cache refused it.
 */
export const purgeAnswerSchema = z.union([
  z.object({ ok: z.literal(true), purged: z.array(z.string()) }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type PurgeAnswer = z.infer<typeof purgeAnswerSchema>;
