/** GET /media/<sha256>.<ext>: an image of content/media/ or a social card, as the upload stored it. I/O: reads KV. */
import type { Context } from 'hono';
import { CACHE_TAG_HEADER, SITE_TAG } from '../../contracts/edge-cache.ts';
import { MEDIA_CACHE_CONTROL, MEDIA_FILE_PATTERN, MEDIA_PATH_PREFIX, MEDIA_TYPES, type MediaExtension } from '../../contracts/media.ts';
import type { AppEnv } from '../app-env.ts';
import { notModified } from '../http/etag.ts';

/** KV's edge cache may keep an image as long as it likes: its key never changes meaning. */
const MEDIA_KV_CACHE_TTL = 60 * 60 * 24 * 30;

/** The name is the content's hash, so the answer never changes: immutable for a year, the hash as strong ETag, 304. */
export async function mediaFile(c: Context<AppEnv>): Promise<Response> {
  const name = new URL(c.req.url).pathname.slice(MEDIA_PATH_PREFIX.length);
  const match = MEDIA_FILE_PATTERN.exec(name);
  const missing = { 'Cache-Control': 'no-cache' };
  if (!match) return c.text(`No image is published at ${MEDIA_PATH_PREFIX}${name.slice(0, 80)}.`, 404, missing);
  const etag = `"${match[1]}"`;
  const headers = { 'Cache-Control': MEDIA_CACHE_CONTROL, [CACHE_TAG_HEADER]: SITE_TAG };
  const unchanged = notModified(c.req.raw, etag, headers);
  if (unchanged) return unchanged;
  let bytes: ArrayBuffer | null;
  try {
    bytes = await c.env.CONTENT.get(`media/${name}`, { type: 'arrayBuffer', cacheTtl: MEDIA_KV_CACHE_TTL });
  } catch {
    return c.text('Images are unavailable right now.', 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' });
  }
  if (bytes === null) return c.text(`No image is published at ${MEDIA_PATH_PREFIX}${name}.`, 404, missing);
  return c.body(bytes, 200, {
    ...headers,
    ETag: etag,
    'Content-Type': MEDIA_TYPES[match[2] as MediaExtension],
    'X-Content-Type-Options': 'nosniff',
  });
}
