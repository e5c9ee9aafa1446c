/**
 * The decisions of tools/edge-cache: what it keeps and for how long, by the edge's headers (RFC 9111 through
 * http-cache-semantics, Workers Cache's precedence and defaults), what it never keeps, and its key; expiry on one tier
 * alone, where a second tier's own staleness does not add to it. Pure.
 */
import { describe, expect, test } from 'vitest';
import { edge, ok, seen } from './edge-fixture.ts';

describe('what is kept', () => {
  test('a public response: MISS, then HIT with its age, the origin asked once', async () => {
    const site = edge((_, call) => ok(`version ${call}`, { 'Cache-Control': 'public, max-age=60' }));
    expect(await seen(site.send('/guide/laps'))).toEqual(['MISS', 'version 1']);
    site.advance(10);
    const hit = await site.send('/guide/laps');
    expect(await seen(hit)).toEqual(['HIT', 'version 1']);
    expect(hit.headers.get('age')).toBe('10');
    expect(site.calls).toHaveLength(1);
  });

  test('the edge header wins over the browser’s: kept per CDN-Cache-Control while Cache-Control says no-cache', async () => {
    const site = edge(() => ok('page', { 'Cache-Control': 'no-cache', 'CDN-Cache-Control': 'max-age=60' }));
    await site.send('/');
    const hit = await site.send('/');
    expect(hit.headers.get('cf-cache-status')).toBe('HIT');
    expect(hit.headers.get('cache-control')).toBe('no-cache');
    expect(hit.headers.get('cdn-cache-control')).toBe('max-age=60');
    expect(site.calls).toHaveLength(1);
  });

  test('Cloudflare-CDN-Cache-Control wins over CDN-Cache-Control, and neither it nor Cache-Tag reaches the client', async () => {
    const headers = { 'Cloudflare-CDN-Cache-Control': 'no-store', 'CDN-Cache-Control': 'max-age=60', 'Cache-Tag': 'site' };
    const site = edge(() => ok('page', headers));
    const first = await site.send('/');
    expect([first.headers.get('cf-cache-status'), (await site.send('/')).headers.get('cf-cache-status')]).toEqual(['BYPASS', 'BYPASS']);
    expect(first.headers.has('cloudflare-cdn-cache-control')).toBe(false);
    expect(first.headers.has('cache-tag')).toBe(false);
    expect(first.headers.get('cdn-cache-control')).toBe('max-age=60');
  });

  test('without Cache-Control: a 200 for 2 hours, as Workers Cache does; a 500 not at all', async () => {
    const site = edge((request) => (request.url.endsWith('/broken') ? new Response('no', { status: 500 }) : ok('page')));
    await site.send('/');
    site.advance(7199);
    expect((await site.send('/')).headers.get('cf-cache-status')).toBe('HIT');
    site.advance(2);
    expect((await site.send('/')).headers.get('cf-cache-status')).toBe('EXPIRED');
    expect((await site.send('/broken')).headers.get('cf-cache-status')).toBe('BYPASS');
  });

  test.each([
    ['private', { 'Cache-Control': 'private, max-age=60' }],
    ['no-store', { 'Cache-Control': 'no-store' }],
    ['Set-Cookie', { 'Cache-Control': 'public, max-age=60', 'Set-Cookie': 'session=1' }],
    ['Vary: *', { 'Cache-Control': 'public, max-age=60', Vary: '*' }],
  ])('%s: BYPASS, never stored', async (_, headers) => {
    const site = edge((_, call) => ok(`version ${call}`, headers));
    expect(await seen(site.send('/x'))).toEqual(['BYPASS', 'version 1']);
    expect(await seen(site.send('/x'))).toEqual(['BYPASS', 'version 2']);
  });

  test('no-cache is stored and revalidated on every request: REVALIDATED on a 304, EXPIRED on a new body', async () => {
    const site = edge((request, call) =>
      call === 2 && request.headers.get('if-none-match') === '"a"'
        ? new Response(null, { status: 304, headers: { ETag: '"a"' } })
        : ok(`version ${call}`, { 'Cache-Control': 'no-cache', ETag: call === 1 ? '"a"' : '"b"' }),
    );
    await site.send('/x');
    expect(await seen(site.send('/x'))).toEqual(['REVALIDATED', 'version 1']);
    expect(await seen(site.send('/x'))).toEqual(['EXPIRED', 'version 3']);
  });
});

describe('expiry', () => {
  const oneTier = { oneTier: true };
  const validated = () =>
    edge(
      (request, call) =>
        request.headers.get('if-none-match') === '"v1"' && call === 2
          ? new Response(null, { status: 304, headers: { ETag: '"v1"', 'Cache-Control': 'public, max-age=60' } })
          : ok(`version ${call}`, { 'Cache-Control': 'public, max-age=60', ETag: `"v${call}"` }),
      oneTier,
    );

  test('past max-age the entry is revalidated with its ETag: REVALIDATED on a 304 (fresh again), EXPIRED on a 200', async () => {
    const site = validated();
    await site.send('/x');
    site.advance(61);
    expect(await seen(site.send('/x'))).toEqual(['REVALIDATED', 'version 1']);
    expect(site.calls[1]!.headers.get('if-none-match')).toBe('"v1"');
    expect(await seen(site.send('/x'))).toEqual(['HIT', 'version 1']);
    site.advance(61);
    expect(await seen(site.send('/x'))).toEqual(['EXPIRED', 'version 3']);
    expect(await seen(site.send('/x'))).toEqual(['HIT', 'version 3']);
  });

  test('through both tiers: the upper tier’s 304 revalidates the lower tier’s copy', async () => {
    const site = edge((request, call) =>
      call === 2 && request.headers.get('if-none-match') === '"v1"'
        ? new Response(null, { status: 304, headers: { ETag: '"v1"' } })
        : ok(`version ${call}`, { 'Cache-Control': 'public, max-age=60', ETag: `"v${call}"` }),
    );
    await site.send('/x');
    site.advance(61);
    expect(await seen(site.send('/x'))).toEqual(['REVALIDATED', 'version 1']);
    expect(await seen(site.send('/x'))).toEqual(['HIT', 'version 1']);
    expect(site.calls).toHaveLength(2);
  });

  test('a conditional request that matches a fresh entry’s ETag gets its 304 from the cache', async () => {
    const site = validated();
    await site.send('/x');
    const unchanged = await site.send('/x', { headers: { 'If-None-Match': 'W/"v1"' } });
    expect([unchanged.status, unchanged.headers.get('cf-cache-status'), unchanged.headers.get('etag')]).toEqual([304, 'HIT', '"v1"']);
    expect((await site.send('/x', { headers: { 'If-None-Match': '"v0"' } })).status).toBe(200);
    expect(site.calls).toHaveLength(1);
  });

  test('stale-while-revalidate: UPDATING with the stale copy while it refreshes in the background, then the fresh one', async () => {
    const headers = { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' };
    const site = edge((_, call) => ok(`version ${call}`, headers), oneTier);
    await site.send('/x');
    site.advance(61);
    expect(await seen(site.send('/x'))).toEqual(['UPDATING', 'version 1']);
    await site.settled();
    expect(await seen(site.send('/x'))).toEqual(['HIT', 'version 2']);
    site.advance(60 + 301);
    expect(await seen(site.send('/x'))).toEqual(['EXPIRED', 'version 3']);
  });

  test('stale-if-error: STALE on a 500 and on a throw within its window; after it, the error', async () => {
    const site = edge((_, call) => {
      if (call === 2) return new Response('down', { status: 500 });
      if (call === 3) throw new Error('the Worker threw');
      return call === 1
        ? ok('version 1', { 'Cache-Control': 'public, max-age=60, stale-if-error=300' })
        : new Response('down', { status: 503 });
    });
    await site.send('/x');
    site.advance(61);
    expect(await seen(site.send('/x'))).toEqual(['STALE', 'version 1']);
    expect(await seen(site.send('/x'))).toEqual(['STALE', 'version 1']);
    site.advance(300);
    expect((await site.send('/x')).status).toBe(503);
  });

  test('without stale-if-error, a stale copy is served on errors until purged (Workers Cache’s default)', async () => {
    const site = edge((_, call) =>
      call === 1 ? ok('version 1', { 'Cache-Control': 'max-age=60' }) : new Response('down', { status: 502 }),
    );
    await site.send('/x');
    site.advance(30 * 86_400);
    expect(await seen(site.send('/x'))).toEqual(['STALE', 'version 1']);
    site.network.purge();
    expect((await site.send('/x')).status).toBe(502);
  });

  test.each(['s-maxage=60', 'max-age=60, must-revalidate', 'max-age=60, proxy-revalidate'])(
    '%s: fresh for its 60 s, then no stale-while-revalidate and no stale-if-error',
    async (freshness) => {
      const headers = { 'Cache-Control': `public, ${freshness}, stale-while-revalidate=300, stale-if-error=300` };
      const site = edge((_, call) => (call === 3 ? new Response('down', { status: 500 }) : ok(`version ${call}`, headers)));
      await site.send('/x');
      site.advance(59);
      expect(await seen(site.send('/x'))).toEqual(['HIT', 'version 1']);
      site.advance(2);
      expect(await seen(site.send('/x'))).toEqual(['EXPIRED', 'version 2']);
      site.advance(61);
      expect((await site.send('/x')).status).toBe(500);
    },
  );
});

describe('the key', () => {
  const counting = () => edge((_, call) => ok(`version ${call}`, { 'Cache-Control': 'public, max-age=60' }));

  test('GET and HEAD share an entry: a HEAD that misses is asked as a GET, and the GET after it hits', async () => {
    const site = counting();
    const head = await site.send('/x', { method: 'HEAD' });
    expect([head.headers.get('cf-cache-status'), await head.text()]).toEqual(['MISS', '']);
    expect(site.calls[0]!.method).toBe('GET');
    expect(await seen(site.send('/x'))).toEqual(['HIT', 'version 1']);
    expect(await seen(site.send('/x', { method: 'HEAD' }))).toEqual(['HIT', '']);
  });

  test('POST (and PUT, PATCH, DELETE) never cached: DYNAMIC, the origin asked every time with the body', async () => {
    const site = counting();
    for (const method of ['POST', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await site.send('/x', { method, body: 'data' })).headers.get('cf-cache-status')).toBe('DYNAMIC');
    }
    expect(site.calls).toHaveLength(5);
    expect(await site.calls[0]!.text()).toBe('data');
    expect(await seen(site.send('/x'))).toEqual(['MISS', 'version 6']);
  });

  test('the host is not in the key; the query is, in its order', async () => {
    const site = counting();
    await site.send('/x?a=1&b=2', { host: 'race-element.test' });
    expect(await seen(site.send('/x?a=1&b=2', { host: 'www.race-element.test' }))).toEqual(['HIT', 'version 1']);
    expect(await seen(site.send('/x?b=2&a=1'))).toEqual(['MISS', 'version 2']);
    expect(await seen(site.send('/x'))).toEqual(['MISS', 'version 3']);
  });

  test('Vary: Cookie: a request with a cookie never gets the variant stored for one without, and each keeps its own', async () => {
    const site = edge((request, call) =>
      ok(`${request.headers.get('cookie') ?? 'no cookie'} ${call}`, { 'Cache-Control': 'public, max-age=60', Vary: 'Cookie' }),
    );
    expect(await seen(site.send('/x'))).toEqual(['MISS', 'no cookie 1']);
    expect(await seen(site.send('/x', { headers: { Cookie: 'theme=dark' } }))).toEqual(['MISS', 'theme=dark 2']);
    expect(await seen(site.send('/x', { headers: { Cookie: 'theme=light' } }))).toEqual(['MISS', 'theme=light 3']);
    expect(await seen(site.send('/x'))).toEqual(['HIT', 'no cookie 1']);
    expect(await seen(site.send('/x', { headers: { Cookie: 'theme=dark' } }))).toEqual(['HIT', 'theme=dark 2']);
  });
});
