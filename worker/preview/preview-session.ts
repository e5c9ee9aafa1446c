/**
 * A whole-site preview session: the signed cookie of a request under its path and the preview's record, and the
 * request the app then serves with the preview's manifest, private and unindexed. I/O: KV reads of `preview/<name>`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { previewKey } from '../../contracts/kv-keys.ts';
import { type PreviewRecord, parseStored, previewRecordSchema } from '../../contracts/kv-values.ts';
import { previewSecret } from '../../contracts/preview-token.ts';
import { isLocalHost } from '../../contracts/signing.ts';
import { PREVIEW_COOKIE, verifyPreviewSession } from '../../contracts/site-preview.ts';
import type { AppEnv, PreviewSession } from '../app-env.ts';
import { ContentReader, contentReaderFor } from '../content/content-reader.ts';
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

/**
 * The cookie's attributes, the same for setting and clearing it: scoped to the preview's own path, so the browser never
 * sends it to a public URL and the cache in front of the Worker needs no `Vary: Cookie`. `path` "/" names the cookie an
 * earlier release set for every URL, cleared when a session starts or ends.
 */
export const previewCookieOptions = (url: URL, path: string) =>
  ({ path, httpOnly: true, secure: !isLocalHost(url.hostname), sameSite: 'Lax' }) as const;

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

/** Why a request under a preview's path is in no session: no cookie, one not good for it, or the preview is gone. */
export type NoSession = 'none' | 'invalid' | 'gone';

/** The session of the preview `name` the request's cookie holds; throws naming the key when its record is unreadable. */
export async function findPreviewSession(c: Context<AppEnv>, name: string): Promise<PreviewSession | NoSession> {
  const value = getCookie(c, PREVIEW_COOKIE);
  if (value === undefined) return 'none';
  const secret = previewSecret(c.env.PREVIEW_SECRET, new URL(c.req.url));
  const check = secret ? await verifyPreviewSession(secret, value, new Date()) : null;
  if (!check?.ok || check.name !== name) return 'invalid';
  const record = await readPreviewRecord(c.env.CONTENT, name);
  return record ? { name, expires: check.expires, record } : 'gone';
}

/** Sessions by the request made for them: only the preview route makes one, so no header a client sends can. */
const sessions = new WeakMap<Request, PreviewSession>();

/** The request for `pathname` that the app serves as `session` shows it: host and query as sent. */
export function requestInPreview(raw: Request, pathname: string, session: PreviewSession): Request {
  const url = new URL(raw.url);
  // Set, not resolved: a path `//host/…` must not name another host.
  url.pathname = pathname;
  const request = new Request(url, raw);
  sessions.set(request, session);
  return request;
}

/** The request's preview session; a session's responses leave as PREVIEW_RESPONSE_HEADERS say. */
export const previewSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = sessions.get(c.req.raw) ?? null;
  c.set('preview', session);
  await next();
  if (!session) return;
  // Never shared nor stored: none of the shared cache's directives or tags left (c.header copies a finished response
  // before changing its headers), and no validator a later request could revalidate into.
  withoutSharedCache(c);
  for (const [name, header] of Object.entries(PREVIEW_RESPONSE_HEADERS)) c.header(name, header);
  c.header('ETag', undefined);
};

/** The content reader for this request: the preview's manifest in a session, else the published one. */
export function contentFor(c: Context<AppEnv>): ContentReader {
  const session = c.var.preview;
  return session ? new ContentReader(c.env.CONTENT, { manifest: session.record.manifest }) : contentReaderFor(c.env, c.executionCtx);
}
