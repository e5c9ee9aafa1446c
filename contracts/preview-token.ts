/**
 * Preview links for drafts. A `draft: true` entry is stored in KV like any other, but the
 * manifest lists it only under `drafts`, which no public page, index, feed, sitemap, search or
 * 404 suggestion reads. Its page answers only with a valid `?preview=<token>`:
 *
 *   token = <expiry, Unix seconds>.<base64url HMAC-SHA256(secret, "draft-preview\n<section>/<slug>\n<expiry>")>
 *
 * signed by the upload (scripts/content/preview-links.ts) with the Worker secret PREVIEW_SECRET,
 * verified by the article's loader (client/routes/article.tsx). The
 * token names the draft's URL, not its content, so a link keeps showing the latest upload of
 * the draft until it expires. Without PREVIEW_SECRET, requests to localhost use
 * LOCAL_PREVIEW_SECRET (so `npm start` previews work on a fresh clone) and other hosts show no
 * draft at all. A wrong, expired or foreign token is treated exactly like no token.
 *
 * Runs in the Worker and in Node (WebCrypto in both); pure but for the HMAC.
 */
import type { Manifest, ManifestEntry } from './kv-values.ts';
import { base64url, fromBase64url, hmacKey, isLocalHost } from './signing.ts';

export const PREVIEW_PARAM = 'preview';
export const LOCAL_PREVIEW_SECRET = 'race-element-local-preview-only';
/** How long a printed link works unless the upload is told otherwise. */
export const DEFAULT_PREVIEW_DAYS = 7;

const encoder = new TextEncoder();

/** The secret for this request's host, or null when drafts may not be shown on it. */
export function previewSecret(configured: string | undefined, url: URL): string | null {
  if (configured) return configured;
  return isLocalHost(url.hostname) ? LOCAL_PREVIEW_SECRET : null;
}

const message = (path: string, expires: number): Uint8Array<ArrayBuffer> => encoder.encode(`draft-preview\n${path}\n${expires}`);

/** A token for the draft at `path` (`/news/<slug>`), valid until `expires` (Unix seconds). */
export async function signPreview(secret: string, path: string, expires: number): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), message(path, expires)));
  return `${expires}.${base64url(signature)}`;
}

/** When `token` expires, if it was signed for `path` with `secret` and has not expired at `now`; else null. */
export async function verifyPreview(secret: string, path: string, token: string | null, now: Date): Promise<Date | null> {
  if (!token || token.length > 200) return null;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return null;
  const signature = fromBase64url(match[2]!);
  // HMAC verification is constant-time.
  const valid = signature !== null && (await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, message(path, expires)));
  return valid ? new Date(expires * 1000) : null;
}

/** The draft at /<section>/<slug> (exact slug: a preview link is printed with it), if any. */
export function findDraft(manifest: Manifest, section: 'news' | 'guide', slug: string): ManifestEntry | undefined {
  return manifest.drafts.find((d) => d.slug === slug && (d.type === 'news' ? 'news' : 'guide') === section);
}
