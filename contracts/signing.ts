/**
 * What the HMAC-signed tokens (XSRF, draft previews) share: base64url, the HMAC key of a secret, the local hosts.
 * Pure but for WebCrypto, in the Worker and in Node.
 */
const encoder = new TextEncoder();

/** base64url without padding. */
export const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The bytes of base64url `text`, or null when it is none or not the canonical encoding of its bytes (a last
 * character with padding bits set decodes like another: one text per signature, so a changed text is a changed one).
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return base64url(bytes) === text ? bytes : null;
}

/** The developer's own machine, where a documented development secret stands in for a missing Worker secret. */
export const isLocalHost = (hostname: string): boolean => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC-SHA256 key for `secret`, for sign and verify; imported once per secret. */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}
