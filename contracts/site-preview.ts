/**
 * Whole-site previews as upload and Worker agree on them: the name rule, the record's schema, the signed link and
 * cookie tokens (docs/publishing.md, Whole-site previews). Pure but for the HMAC.
 */
import { PREVIEW_PATH_PREFIX } from './routes.ts';
import { base64url, fromBase64url, hmacKey } from './signing.ts';

/** Lowercase letters, digits and single dashes, starting with a letter or digit: `pr-42`. */
export const PREVIEW_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,62}$/;
export const PREVIEW_COOKIE = 'site-preview';
/** A name the start route must never take for a preview (it is the leave route). */
const RESERVED_NAMES = new Set(['leave']);

/** Why a name cannot be a preview's, or null when it can. */
export function previewNameProblem(name: string): string | null {
  if (RESERVED_NAMES.has(name)) return `"${name}" is reserved`;
  if (!PREVIEW_NAME_PATTERN.test(name))
    return `"${name}" is not a preview name: lowercase letters, digits and single dashes, at most 63, not starting or ending with a dash (e.g. pr-42)`;
  return null;
}

export type TokenCheck = { ok: true; expires: Date } | { ok: false; reason: 'malformed' | 'forged' | 'expired'; expires?: Date };

const encoder = new TextEncoder();
const linkMessage = (name: string, expires: number) => encoder.encode(`site-preview-link\n${name}\n${expires}`);
const sessionMessage = (name: string, expires: number) => encoder.encode(`site-preview-session\n${name}\n${expires}`);

async function sign(secret: string, message: Uint8Array<ArrayBuffer>): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), message)));
}

/** Checks `<expiry>.<signature>` against `message`; the signature first, so "expired" is said only of a genuine token. */
async function check(secret: string, token: string, message: (expires: number) => Uint8Array<ArrayBuffer>, now: Date): Promise<TokenCheck> {
  const match = token.length <= 200 ? /^(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token) : null;
  const signature = match ? fromBase64url(match[2]!) : null;
  if (!match || !signature) return { ok: false, reason: 'malformed' };
  const expires = Number(match[1]);
  // HMAC verification is constant-time.
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, message(expires)))) return { ok: false, reason: 'forged' };
  const at = new Date(expires * 1000);
  return expires * 1000 <= now.getTime() ? { ok: false, reason: 'expired', expires: at } : { ok: true, expires: at };
}

/** The token of a link to preview `name` that works until `expires` (Unix seconds). */
export async function signPreviewLink(secret: string, name: string, expires: number): Promise<string> {
  return `${expires}.${await sign(secret, linkMessage(name, expires))}`;
}

export const verifyPreviewLink = (secret: string, name: string, token: string, now: Date): Promise<TokenCheck> =>
  check(secret, token, (expires) => linkMessage(name, expires), now);

/** The session cookie's value for `name`, expiring with the link that started it. */
export async function signPreviewSession(secret: string, name: string, expires: number): Promise<string> {
  return `${name}.${expires}.${await sign(secret, sessionMessage(name, expires))}`;
}

/** The preview a session cookie names and when it ends, or why it is no session. */
export async function verifyPreviewSession(
  secret: string,
  value: string,
  now: Date,
): Promise<({ name: string } & TokenCheck) | { ok: false; reason: 'malformed'; name?: undefined }> {
  const dot = value.indexOf('.');
  const name = value.slice(0, dot);
  if (dot < 1 || previewNameProblem(name) !== null) return { ok: false, reason: 'malformed' };
  return { name, ...(await check(secret, value.slice(dot + 1), (expires) => sessionMessage(name, expires), now)) };
}

/**
 * Where the preview `name` lives, `/_preview/<name>`: its home page, and each public path under it (`/_preview/<name>/news`).
 * The session's cookie goes to these paths only, so no public URL ever carries it.
 */
export const previewBasePath = (name: string): string => `${PREVIEW_PATH_PREFIX}${name}`;

/** The link an upload prints: `<origin>/_preview/<name>?token=…`. */
export const previewLinkPath = (name: string, token: string): string => `${previewBasePath(name)}?token=${encodeURIComponent(token)}`;
