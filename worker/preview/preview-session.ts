/**
 * The whole-site preview session of a request, from its signed cookie and the preview's record: readers then get
 * the preview's manifest, responses are private and unindexed. I/O: KV reads of `preview/<name>`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { previewKey } from '../../contracts/kv-keys.ts';
import { type PreviewRecord, parseStored, previewRecordSchema } from '../../contracts/kv-values.ts';
import { previewSecret } from '../../contracts/preview-token.ts';
import { isLocalHost } from '../../contracts/signing.ts';
import { PREVIEW_COOKIE, verifyPreviewSession } from '../../contracts/site-preview.ts';
import type { AppEnv } from '../app-env.ts';
import { ContentReader, contentReaderFor } from '../content/content-reader.ts';
import { requestCookies } from '../http/request-cookies.ts';
import { DRAFT_ISOLATION_HEADERS } from '../http/security-headers.ts';
import { withoutSharedCache } from '../http/shared-cache.ts';

/** A re-upload of a preview shows within this many seconds (KV's shortest read cache). */
const RECORD_CACHE_TTL = 30;
const MEMO_LIMIT = 20;
/** Parsed records by name, with the KV text they came from: parsed again only when it changed. */
const memo = new Map<string, { raw: string; record: PreviewRecord }>();

/** Unpublished content: private, kept by no cache, not indexed, isolated from its opener. */
export const PREVIEW_RESPONSE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  ...DRAFT_ISOLATION_HEADERS,
} as const;

/** The cookie's attributes, the same for setting and clearing it. */
export const previewCookieOptions = (url: URL) =>
  ({ path: '/', httpOnly: true, secure: !isLocalHost(url.hostname), sameSite: 'Lax' }) as const;

/** The preview record `name`, or null when there is none; throws naming the key when unreadable. */
export async function readPreviewRecord(kv: KVNamespace, name: string): Promise<PreviewRecord | null> {
  const key = previewKey(name);
  const raw = await kv.get(key, { type: 'text', cacheTtl: RECORD_CACHE_TTL });
  if (raw === null) return null;
  const kept = memo.get(name);
  if (kept?.raw === raw) return kept.record;
  const record = parseStored(previewRecordSchema, raw, `The preview record ${key}`);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(name, { raw, record });
  return record;
}

export const previewSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookies = requestCookies(c);
  c.set('cookies', cookies);
  c.set('preview', null);
  const value = cookies.get(PREVIEW_COOKIE);
  if (value === undefined) return next();

  const url = new URL(c.req.url);
  const secret = previewSecret(c.env.PREVIEW_SECRET, url);
  const check = secret ? await verifyPreviewSession(secret, value, new Date()) : null;
  let record: PreviewRecord | null = null;
  try {
    record = check?.ok ? await readPreviewRecord(c.env.CONTENT, check.name) : null;
  } catch (error) {
    console.error('preview session', error);
    const why = error instanceof Error ? error.message : String(error);
    return c.text(`The preview cannot be shown right now: ${why}`, 503, { 'Cache-Control': 'no-store', 'Retry-After': '10' });
  }
  if (check?.ok && record) c.set('preview', { name: check.name, expires: check.expires, record });
  await next();

  // The response depended on the cookie either way: never shared, never stored, none of the shared cache's directives
  // or tags left (c.header copies a finished response before changing its headers).
  withoutSharedCache(c);
  if (c.var.preview) {
    for (const [name, header] of Object.entries(PREVIEW_RESPONSE_HEADERS)) c.header(name, header);
    // A validator of a preview answer would let a later public request revalidate into it.
    c.header('ETag', undefined);
    return;
  }
  c.header('Cache-Control', 'private, no-store');
  // A route that set the cookie itself (a new session) is not overruled.
  if (!c.res.headers.getSetCookie().some((line) => line.startsWith(`${PREVIEW_COOKIE}=`))) {
    deleteCookie(c, PREVIEW_COOKIE, previewCookieOptions(url));
  }
};

/** The content reader for this request: the preview's manifest in a session, else the published one. */
export function contentFor(c: Context<AppEnv>): ContentReader {
  const session = c.var.preview;
  return session ? new ContentReader(c.env.CONTENT, { manifest: session.record.manifest }) : contentReaderFor(c.env, c.executionCtx);
}
