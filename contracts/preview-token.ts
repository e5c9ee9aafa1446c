/**
 * Preview links for drafts: `?preview=<expiry>.<HMAC of the draft's URL and expiry>`, signed by the upload, checked by
 * the article's loader. Runs in the Worker and in Node; pure but for the HMAC (WebCrypto).
 */
import type { Manifest, ManifestEntry } from './kv-values.ts';
import { base64url, fromBase64url, hmacKey, isLocalHost } from './signing.ts';

/** The query parameter that carries a preview token. */
export const PREVIEW_PARAM = 'preview';
/** Signs and checks previews on localhost when PREVIEW_SECRET is not set, so `npm start` previews work at once. */
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

/**
 * When `token` expires, if it was signed for `path` with `secret` and has not expired at `now`; else null, exactly as
 * for no token. The token names the URL, not the text, so a link shows each new upload of the draft.
 */
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
