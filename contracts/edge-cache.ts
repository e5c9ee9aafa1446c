/**
 * The shared cache in front of the Worker (Workers Cache; tools/edge-cache/ locally): the caching headers and
 * `Cache-Tag` values pages carry, and the purge route's body and answer, which the upload sends and the Worker checks.
 * Pure (zod schemas).
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

/** What browsers get with a shared response: ask each load (a publish shows at once; an unchanged page costs a 304). */
export const BROWSER_CACHE_CONTROL = 'no-cache';
/** The shared cache's own header, read before Cache-Control and stripped before the browser; like Cache-Tag. */
export const EDGE_CACHE_CONTROL_HEADER = 'Cloudflare-CDN-Cache-Control';
export const CACHE_TAG_HEADER = 'Cache-Tag';
/** A day fresh: a publish purges by tag, so freshness comes from the purge, not from this. */
export const EDGE_FRESH_SECONDS = 86_400;
/** Then served stale for a day while one request refreshes it, and for a week while the Worker fails. */
export const EDGE_STALE_SECONDS = 86_400;
export const EDGE_STALE_IF_ERROR_SECONDS = 604_800;

/**
 * The shared cache's directives for a response that changes by itself in `untilChange` seconds (a scheduled post going
 * live; null: never): neither fresh nor served stale-while-revalidate past that moment. No `s-maxage` and no
 * `must-revalidate`: either would turn both stale directives off.
 */
export function edgeCacheControl(untilChange: number | null): string {
  const left = untilChange ?? Number.POSITIVE_INFINITY;
  const fresh = Math.min(EDGE_FRESH_SECONDS, left);
  const stale = Math.min(EDGE_STALE_SECONDS, left - fresh);
  return `max-age=${fresh}${stale > 0 ? `, stale-while-revalidate=${stale}` : ''}, stale-if-error=${EDGE_STALE_IF_ERROR_SECONDS}`;
}

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
