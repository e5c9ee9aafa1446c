/**
 * XSRF protection by signed double-submit token. HTML responses give the browser a cookie
 * `XSRF-TOKEN` = `<random>.<HMAC-SHA256(secret, random)>`; every non-GET request under /api/
 * must echo it in the `X-XSRF-TOKEN` header. A cross-site page can make the browser send the
 * cookie but cannot read it to set the header; the signature stops a token planted by a
 * sibling subdomain.
 *
 * The secret comes from the Worker secret XSRF_SECRET. When it is not set, requests to
 * localhost use LOCAL_DEVELOPMENT_SECRET (so `npm start` works on a fresh clone), and any
 * other host refuses every state-changing request.
 */
import { base64url, fromBase64url, hmacKey, isLocalHost } from '../../contracts/signing.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/xsrf-names.ts';

export const LOCAL_DEVELOPMENT_SECRET = 'race-element-local-development-only';

const encoder = new TextEncoder();

/** The secret for this request's host, or null when none may be used. */
export function xsrfSecret(configured: string | undefined, url: URL): string | null {
  if (configured) return configured;
  return isLocalHost(url.hostname) ? LOCAL_DEVELOPMENT_SECRET : null;
}

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

/** Compares header and cookie without leaking, through timing, how much of them agree. */
export function sameToken(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  // Token length is not a secret (every token has the same shape); the content is.
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let i = 0; i < left.length; i++) difference |= left[i]! ^ right[i]!;
  return difference === 0;
}

export type XsrfCheck = { ok: true } | { ok: false; reason: string };

export async function checkXsrf(
  cookieToken: string | undefined,
  headerToken: string | undefined,
  secret: string | null,
): Promise<XsrfCheck> {
  if (secret === null) return { ok: false, reason: 'XSRF protection is not configured on this server (XSRF_SECRET is missing).' };
  if (!headerToken) return { ok: false, reason: `Missing ${XSRF_HEADER} header.` };
  if (!cookieToken) return { ok: false, reason: `Missing ${XSRF_COOKIE} cookie.` };
  if (!sameToken(cookieToken, headerToken)) return { ok: false, reason: `${XSRF_HEADER} header does not match the ${XSRF_COOKIE} cookie.` };
  if (!(await isValidXsrfToken(cookieToken, secret))) return { ok: false, reason: `${XSRF_COOKIE} is not validly signed.` };
  return { ok: true };
}
