/**
 * ETags: weak comparison of If-None-Match, the bodiless 304 with its headers, and hex digests. Unit.
 */
import { describe, expect, test } from 'vitest';
import { hexDigest, matchesEtag, notModified } from '../../../worker/http/etag.ts';

describe('matchesEtag (weak comparison, RFC 9110 §13.1.2)', () => {
  test.each([
    ['W/"abc"', 'W/"abc"', true],
    ['"abc"', 'W/"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"other", W/"abc"', 'W/"abc"', true],
    ['*', 'W/"abc"', true],
    ['W/"abcd"', 'W/"abc"', false],
    ['', 'W/"abc"', false],
  ])('If-None-Match %s against %s: %s', (header, etag, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });

  test('no header never matches', () => {
    expect(matchesEtag(undefined, '"x"')).toBe(false);
    expect(matchesEtag(null, '"x"')).toBe(false);
  });
});

describe('notModified', () => {
  test('a matching request gets a bodiless 304 with the validator and the caching headers', async () => {
    const request = new Request('http://localhost/x', { headers: { 'If-None-Match': '"abc"' } });
    const shared = { 'Cache-Control': 'no-cache', 'Cloudflare-CDN-Cache-Control': 'max-age=60', 'Cache-Tag': 'site', Vary: 'Cookie' };
    const response = notModified(request, 'W/"abc"', shared);
    expect(response?.status).toBe(304);
    expect(response?.headers.get('etag')).toBe('W/"abc"');
    expect(response?.headers.get('cache-control')).toBe('no-cache');
    expect(response?.headers.get('cloudflare-cdn-cache-control')).toBe('max-age=60');
    expect(response?.headers.get('cache-tag')).toBe('site');
    expect(response?.headers.get('vary')).toBe('Cookie');
    expect(await response?.text()).toBe('');
  });

  test('any other request gets null: the caller sends the full response', () => {
    expect(notModified(new Request('http://localhost/x'), '"abc"', { 'Cache-Control': 'no-cache' })).toBeNull();
  });
});

test('hexDigest is lower-case hex of the digest', async () => {
  expect(await hexDigest('SHA-256', 'abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(await hexDigest('SHA-1', 'abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
});
