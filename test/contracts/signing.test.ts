/** The pieces both signed tokens share: base64url both ways, and which hosts are local. */
import { expect, test } from 'vitest';
import { base64url, fromBase64url, hmacKey, isLocalHost } from '../../contracts/signing.ts';

test('base64url has no padding and no + or /, and reads back to the same bytes', () => {
  const bytes = Uint8Array.from([251, 255, 191, 0, 1]);
  const text = base64url(bytes);
  expect(text).toBe('-_-_AAE');
  expect(fromBase64url(text)).toEqual(bytes);
});

test('text that is no base64url reads as null', () => {
  for (const text of ['', 'a+b', 'a/b', 'ab=', 'abcde']) expect(fromBase64url(text), text).toBeNull();
});

test('only the canonical text of some bytes reads back: a last character with its padding bits set is refused', () => {
  // F is E with one of the two bits past the 40 data bits set: atob reads both as the same five bytes.
  expect(atob(`${'-_-_AAF'.replace(/-/g, '+').replace(/_/g, '/')}=`)).toBe(atob('+/+/AAE='));
  expect(fromBase64url('-_-_AAF')).toBeNull();
});

test('the local hosts are loopback names only', () => {
  expect(['localhost', '127.0.0.1', '[::1]'].every(isLocalHost)).toBe(true);
  expect(['race.elementfuture.com', 'localhost.example.com', '127.0.0.2'].some(isLocalHost)).toBe(false);
});

test('a secret has one key, which signs and verifies', async () => {
  expect(hmacKey('s')).toBe(hmacKey('s'));
  const data = new TextEncoder().encode('x');
  const signature = await crypto.subtle.sign('HMAC', await hmacKey('s'), data);
  expect(await crypto.subtle.verify('HMAC', await hmacKey('s'), signature, data)).toBe(true);
  expect(await crypto.subtle.verify('HMAC', await hmacKey('t'), signature, data)).toBe(false);
});
