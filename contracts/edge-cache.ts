/**
 * The shared cache in front of the Worker (Workers Cache; tools/edge-cache/ locally): the caching headers and
 * `Cache-Tag` values pages carry, which tags a publish purges, and what a purge answers. Pure (zod schemas).
 */
import * as z from 'zod';
import type { Manifest, ManifestEntry } from './kv-values.ts';
import { manifestLookup, sectionOf } from './manifest-lookup.ts';
import { KV_SETTLE_SECONDS, MAX_TAGS_PER_PURGE } from './publish-lock.ts';
import type { Section } from './routes.ts';

/** Every response a shared cache may keep: purging it empties the cache of the site. */
export const SITE_TAG = 'site';
/** Search results, which any change of any article's text may change. */
export const SEARCH_TAG = 'search';
/** The samples route's answers (worker/content/samples-route.ts), which any change of the manifest's samples may change. */
export const SAMPLES_TAG = 'samples';
/** Every page that shows the article (its own page, and any that shows its title or card); ASCII as tags must be. */
export const entryTag = (section: Section, slug: string): string => `entry:${section}/${encodeURIComponent(slug)}`;
/** Every page that lists a section (its index, the home page, its feed, the sitemap). */
export const listTag = (section: Section): string => `list:${section}`;

/** The manifest as the Worker reads it through its own cache (worker/content/manifest-source.ts). */
export const MANIFEST_TAG = 'manifest';
/** Seconds an isolate reuses the manifest it read before asking again (wrangler.toml MANIFEST_TTL_SECONDS). */
export const MANIFEST_MEMO_SECONDS = 5;

/**
 * When a publish purges again, in seconds after its manifest write. Until KV's propagation is over (60 s, a read in
 * flight included), a data centre may read the old manifest into its cache and render old pages from it: the manifest
 * then, and once every isolate's memo of it has run out, the pages and the manifest. KV documents "60 seconds or
 * more": `lateAfterSeconds` repeats that pair for a data centre whose KV shows the write later (up to about 5 minutes).
 */
export interface PurgesAgain {
  manifestAfterSeconds: number;
  pagesAfterSeconds: number;
  lateAfterSeconds?: number;
}
export const PURGES_AGAIN: PurgesAgain = {
  manifestAfterSeconds: KV_SETTLE_SECONDS + 5,
  pagesAfterSeconds: KV_SETTLE_SECONDS + 5 + MANIFEST_MEMO_SECONDS + 1,
  lateAfterSeconds: 5 * KV_SETTLE_SECONDS + 5,
};

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

/** At most MAX_TAGS_PER_PURGE tags, else the whole site (SITE_TAG, and the manifest's tag when it was one): one purge request. Pure. */
export function coalescedTags(tags: readonly string[]): string[] {
  if (tags.length <= MAX_TAGS_PER_PURGE) return [...tags];
  return tags.includes(MANIFEST_TAG) ? [MANIFEST_TAG, SITE_TAG] : [SITE_TAG];
}

/** What a cache purge answers (Workers Cache's `CachePurgeResult`), and the local stand-in (tools/edge-cache/) likewise. */
export const cachePurgeResultSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number(), message: z.string() })),
});
export type PurgeResult = z.infer<typeof cachePurgeResultSchema>;

/** What index pages, the home page, feeds, llms.txt and the sitemap show of an entry, besides its slug: where and how it is listed. */
const LISTED_FIELDS = ['type', 'title', 'description', 'date', 'updated', 'changed', 'publishAt'] as const;
/**
 * Manifest fields no public page shows as such: the publish's own number and time, the renderer (a new one gives each
 * entry a new key), the entries, the search index and the samples (compared apart), drafts (private), images (named by
 * content) and the keys of its derived pieces and their number (they follow from the rest). Any other field,
 * one added later included, is site-wide until it is listed here.
 */
const NOT_SITE_WIDE = new Set([
  'version',
  'publishedAt',
  'renderer',
  'entries',
  'search',
  'samples',
  'drafts',
  'media',
  'pieces',
  'shards',
]);
/** JSON with object keys sorted: two records that hold the same, however their keys were ordered, are equal. */
const canonical = (value: unknown): string | undefined =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/**
 * The tags of the pages that publishing `after` over `before` makes different, sorted: each entry added, removed or
 * changed (any field of its record), or whose neighbours in its list (the articles its page links to) changed: its
 * entryTag; an entry added or removed, or whose listed fields changed: its section's listTag; any entry added, removed
 * or changed, or another search index: SEARCH_TAG; any sample added, removed or changed: SAMPLES_TAG, the samples route
 * alone, since an article showing a sample has a new key when the sample changes (its hash covers the samples it
 * embeds: scripts/content/build/build-entries.ts withSamplesHash), so its record changed and its tags are purged above;
 * nothing published before, or another value of a site-wide field: SITE_TAG alone, which empties every page. Scheduled
 * entries are compared as the manifest holds them: when one goes public is the Worker's headers' concern. Pure.
 */
export function purgeTagsFor(before: Manifest | null, after: Manifest): string[] {
  if (before === null) return [SITE_TAG];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const field = (m: Manifest, key: string) => canonical((m as Record<string, unknown>)[key]);
  if ([...fields].some((key) => !NOT_SITE_WIDE.has(key) && field(before, key) !== field(after, key))) return [SITE_TAG];
  const tagOf = (e: ManifestEntry) => entryTag(sectionOf(e), e.slug);
  const records = (m: Manifest) => new Map(m.entries.map((e) => [tagOf(e), e]));
  // Each typed entry's neighbours in its list, by slug: its page links to them.
  const around = (m: Manifest) =>
    new Map(
      [manifestLookup(m).news, manifestLookup(m).guide].flatMap((list) =>
        list.map((e, i) => [tagOf(e), canonical([list[i - 1]?.slug, list[i + 1]?.slug])] as const),
      ),
    );
  const [was, is, wasAround, isAround] = [records(before), records(after), around(before), around(after)];
  const tags = new Set<string>(before.search === after.search ? [] : [SEARCH_TAG]);
  if (canonical(before.samples) !== canonical(after.samples)) tags.add(SAMPLES_TAG);
  for (const tag of new Set([...was.keys(), ...is.keys()])) {
    const [old, now] = [was.get(tag), is.get(tag)];
    if (canonical(old) !== canonical(now)) {
      tags.add(tag).add(SEARCH_TAG);
      if (!old || !now || LISTED_FIELDS.some((key) => canonical(old[key]) !== canonical(now[key])))
        tags.add(listTag(sectionOf((now ?? old)!)));
    } else if (wasAround.get(tag) !== isAround.get(tag)) tags.add(tag);
  }
  return [...tags].sort();
}
