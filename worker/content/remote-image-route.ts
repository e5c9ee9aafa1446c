/**
 * GET /media/remote/<sha256>: an image from another host that the upload could not copy (docs/publishing.md, Images).
 * I/O: the Cache API, KV (the URL), fetch (the other host).
 */
import type { Context } from 'hono';
import { CACHE_TAG_HEADER, SITE_TAG } from '../../contracts/edge-cache.ts';
import { remoteImageKey } from '../../contracts/kv-keys.ts';
import { parseStored, storedRemoteImageSchema } from '../../contracts/kv-values.ts';
import {
  MEDIA_TYPES,
  REMOTE_IMAGE_CACHE_CONTROL,
  REMOTE_IMAGE_MAX_BYTES,
  REMOTE_IMAGE_NAME_PATTERN,
  REMOTE_IMAGE_PATH_PREFIX,
} from '../../contracts/media.ts';
import { readAtMost } from '../../contracts/read-at-most.ts';
import type { AppEnv } from '../app-env.ts';

const FETCH_TIMEOUT_MS = 10_000;
/** A stored URL never changes meaning (its key is its hash): KV's edge may keep it long. */
const KV_CACHE_TTL = 60 * 60 * 24 * 30;
const SERVED_TYPES = new Set<string>(Object.values(MEDIA_TYPES));

type Fetched = { ok: true; bytes: Uint8Array<ArrayBuffer>; type: string } | { ok: false; reason: string };

/**
 * Fetches only URLs an upload stored, so this is no open proxy; once per data centre, kept a day. An image type the
 * site serves, at most 4 MB, else a 502 naming host and reason, never kept. The site's CSP lets no SVG run script.
 */
export async function remoteImage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const name = url.pathname.slice(REMOTE_IMAGE_PATH_PREFIX.length);
  if (!REMOTE_IMAGE_NAME_PATTERN.test(name))
    return c.text(`No image is published at ${REMOTE_IMAGE_PATH_PREFIX}${name.slice(0, 80)}.`, 404, { 'Cache-Control': 'no-cache' });

  const cache = dataCentreCache();
  const cacheKey = `${url.origin}${REMOTE_IMAGE_PATH_PREFIX}${name}`;
  const kept = await cache?.match(cacheKey).catch(() => undefined);
  // A copy with headers of its own: the middleware adds the security headers to it.
  if (kept) return new Response(kept.body, kept);

  let stored: string | null;
  try {
    stored = await c.env.CONTENT.get(remoteImageKey(name), { cacheTtl: KV_CACHE_TTL });
  } catch {
    return c.text('Images are unavailable right now.', 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' });
  }
  if (stored === null) return c.text(`No image is published at ${REMOTE_IMAGE_PATH_PREFIX}${name}.`, 404, { 'Cache-Control': 'no-cache' });
  const { url: source } = parseStored(storedRemoteImageSchema, stored, `KV value ${remoteImageKey(name)}`);

  const fetched = await fetchImage(source);
  const host = new URL(source).host;
  if (!fetched.ok) return c.text(`The image from ${host} could not be fetched: ${fetched.reason}.`, 502, { 'Cache-Control': 'no-store' });
  const response = new Response(fetched.bytes, {
    headers: {
      'Content-Type': fetched.type,
      'Cache-Control': REMOTE_IMAGE_CACHE_CONTROL,
      [CACHE_TAG_HEADER]: SITE_TAG,
      'X-Content-Type-Options': 'nosniff',
    },
  });
  if (cache)
    c.executionCtx.waitUntil(
      cache.put(cacheKey, response.clone()).catch((error) => console.error('Remote image cache write failed', error)),
    );
  return response;
}

async function fetchImage(source: string): Promise<Fetched> {
  let response: Response;
  try {
    response = await fetch(source, {
      headers: { Accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8' },
      redirect: 'follow',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      ok: false,
      reason: timedOut ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : `the request failed (${(error as Error).message})`,
    };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, reason: `the host answered ${response.status}` };
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!SERVED_TYPES.has(type)) {
    await response.body?.cancel();
    return { ok: false, reason: `it sent ${type || 'no content type'}, not an image the site serves` };
  }
  const bytes = await readAtMost(response, REMOTE_IMAGE_MAX_BYTES);
  if (!bytes) return { ok: false, reason: `it is over ${REMOTE_IMAGE_MAX_BYTES / 1024 / 1024} MB` };
  return { ok: true, bytes, type };
}

/** The data centre's cache, when the runtime has one. */
function dataCentreCache(): Cache | null {
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
}
