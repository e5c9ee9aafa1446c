/**
 * XSRF protection by signed double-submit token: the cookie `<random>.<HMAC(secret, random)>` must come back in the
 * header on every non-GET /api/ request (docs/reliability.md). Pure but for the HMAC (WebCrypto).
 */
import { timingSafeEqual } from 'hono/utils/buffer';
import { base64url, fromBase64url, hmacKey, isLocalHost } from '../../contracts/signing.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/xsrf-names.ts';

/** Used on localhost when XSRF_SECRET is not set, so `npm start` works on a fresh clone; other hosts get none. */
export const LOCAL_DEVELOPMENT_SECRET = 'race-element-local-development-only';

const encoder = new TextEncoder();

/** The secret for this request's host, or null when none may be used. */
export function xsrfSecret(configured: string | undefined, url: URL): string | null {
  if (configured) return configured;
  return isLocalHost(url.hostname) ? LOCAL_DEVELOPMENT_SECRET : null;
}

/** A new token: 18 random bytes and their signature, both base64url. */
export async function createXsrfToken(secret: string): Promise<string> {
  const random = base64url(crypto.getRandomValues(new Uint8Array(18)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(random)));
  return `${random}.${base64url(signature)}`;
}

/**
 * Tokens this isolate has already found valid, per secret, so that a returning visitor's page
 * view costs no HMAC. Only valid tokens enter; the oldest leaves when the set is full.
 */
const verified = new Map<string, Set<string>>();
const VERIFIED_LIMIT = 1000;

/** True when `token` was signed with `secret`. HMAC verification is constant-time. */
export async function isValidXsrfToken(token: string | undefined, secret: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  let known = verified.get(secret);
  if (known?.has(token)) return true;
  const [random, signature, extra] = token.split('.');
  if (!random || !signature || extra !== undefined) return false;
  const signatureBytes = fromBase64url(signature);
  if (!signatureBytes) return false;
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(random));
  if (valid) {
    if (!known) {
      known = new Set();
      verified.set(secret, known);
    }
    if (known.size >= VERIFIED_LIMIT) known.delete(known.values().next().value as string);
    known.add(token);
  }
  return valid;
}

export type XsrfCheck = { ok: true } | { ok: false; reason: string };

/** Header present, cookie present, the two equal (in constant time), the cookie validly signed; else why not. */
export async function checkXsrf(
  cookieToken: string | undefined,
  headerToken: string | undefined,
  secret: string | null,
): Promise<XsrfCheck> {
  if (secret === null) return { ok: false, reason: 'XSRF protection is not configured on this server (XSRF_SECRET is missing).' };
  if (!headerToken) return { ok: false, reason: `Missing ${XSRF_HEADER} header.` };
  if (!cookieToken) return { ok: false, reason: `Missing ${XSRF_COOKIE} cookie.` };
  if (!(await timingSafeEqual(cookieToken, headerToken)))
    return { ok: false, reason: `${XSRF_HEADER} header does not match the ${XSRF_COOKIE} cookie.` };
  if (!(await isValidXsrfToken(cookieToken, secret))) return { ok: false, reason: `${XSRF_COOKIE} is not validly signed.` };
  return { ok: true };
}
