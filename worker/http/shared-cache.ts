/**
 * The headers of a response every visitor may share through the cache in front of the Worker (contracts/edge-cache.ts),
 * and their removal from one that turned out private. Pure.
 */
import type { Context } from 'hono';
import {
  BROWSER_CACHE_CONTROL,
  CACHE_TAG_HEADER,
  EDGE_CACHE_CONTROL_HEADER,
  edgeCacheControl,
  SITE_TAG,
} from '../../contracts/edge-cache.ts';

/** Printable ASCII but the comma, which separates tags in the header. */
const HEADER_TAG = /^[\x21-\x2b\x2d-\x7e]{1,1024}$/;

export type CacheHeaders = { 'Cache-Control': string } & Record<string, string>;

/**
 * Browsers ask again on each load; the shared cache keeps the response until a purge of one of `tags` (SITE_TAG always),
 * at most until `nextGoLive` (ms, a scheduled post going live; null: none). No `Vary`: nothing a public URL answers
 * depends on a cookie (a preview session has paths of its own), so every visitor, cookies or not, shares one copy. A tag
 * the cache would drop keeps the response out of it, since a purge could not reach it.
 */
export function sharedCacheHeaders(tags: readonly string[], nextGoLive: number | null, now = Date.now()): CacheHeaders {
  const all = [...new Set([SITE_TAG, ...tags])];
  const untilChange = nextGoLive === null ? null : Math.max(1, Math.ceil((nextGoLive - now) / 1000));
  const edge = all.every((tag) => HEADER_TAG.test(tag)) ? edgeCacheControl(untilChange) : 'no-store';
  return { 'Cache-Control': BROWSER_CACHE_CONTROL, [EDGE_CACHE_CONTROL_HEADER]: edge, [CACHE_TAG_HEADER]: all.join(',') };
}

/** What a response was built from: the request's content reader (content/content-reader.ts). */
export interface ReadContent {
  /** True when KV failed and an older manifest was served. */
  stale: boolean;
  nextGoLive(): number | null;
}

/** Shared headers for a response built from `content`, unless it came from an older manifest: then asked for afresh. */
export const contentCacheHeaders = (tags: readonly string[], content: ReadContent): CacheHeaders =>
  content.stale ? { 'Cache-Control': 'no-cache' } : sharedCacheHeaders(tags, content.nextGoLive());

/** Takes a finished response out of the shared cache's reach: its own directives and tags go (Cache-Control is the caller's). */
export function withoutSharedCache(c: Context): void {
  c.header(EDGE_CACHE_CONTROL_HEADER, undefined);
  c.header(CACHE_TAG_HEADER, undefined);
}
