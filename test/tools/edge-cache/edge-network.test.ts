/**
 * The network of tools/edge-cache: data centres sharing the upper tier, request collapsing, purges by tag on every
 * tier of every data centre, and the Worker's own purges within Workers Cache's purge limits. Pure.
 */
import { describe, expect, test } from 'vitest';
import { createEdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';
import { edge, ok, seen } from './edge-fixture.ts';

const KEPT = { 'Cache-Control': 'public, max-age=3600' };

describe('tiers', () => {
  test('a second data centre’s first request is answered by the upper tier: the origin runs once in all', async () => {
    const site = edge((_, call) => ok(`version ${call}`, KEPT));
    expect(await seen(site.send('/x', { dataCentre: 'lhr' }))).toEqual(['MISS', 'version 1']);
    site.advance(5);
    const fromUpper = await site.send('/x', { dataCentre: 'sin' });
    expect(await seen(fromUpper)).toEqual(['HIT', 'version 1']);
    expect(fromUpper.headers.get('age')).toBe('5');
    expect(await seen(site.send('/x', { dataCentre: 'sin' }))).toEqual(['HIT', 'version 1']);
    expect(site.calls).toHaveLength(1);
  });

  test('concurrent misses of one key wait for one fill: the origin runs once', async () => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const site = edge(async (_, call) => {
      await held;
      return ok(`version ${call}`, KEPT);
    });
    const answers = Promise.all(['lhr', 'lhr', 'lhr', 'sin', 'sin'].map((dataCentre) => seen(site.send('/x', { dataCentre }))));
    await Promise.resolve();
    release();
    expect((await answers).map(([, body]) => body)).toEqual(Array(5).fill('version 1'));
    expect(site.calls).toHaveLength(1);
  });

  test('collapsing is for what may be kept: concurrent requests of a private page each run the origin', async () => {
    const site = edge((_, call) => ok(`version ${call}`, { 'Cache-Control': 'private' }));
    const answers = await Promise.all([1, 2, 3].map(() => seen(site.send('/account'))));
    expect(answers.map(([status]) => status)).toEqual(['BYPASS', 'BYPASS', 'BYPASS']);
    expect(new Set(answers.map(([, body]) => body)).size).toBe(3);
  });
});

describe('purges', () => {
  const tagged = () =>
    edge((request, call) => {
      const tag = new URL(request.url).pathname === '/guide/laps' ? 'Entry:guide/laps' : 'list:news';
      return ok(`${new URL(request.url).pathname} ${call}`, { ...KEPT, 'Cache-Tag': `site,${tag}` });
    });

  test('by tag, without case: every tier of every data centre forgets what carries it, and keeps the rest', async () => {
    const site = tagged();
    for (const dataCentre of ['lhr', 'sin']) for (const path of ['/guide/laps', '/news']) await site.send(path, { dataCentre });
    site.network.purge(['ENTRY:GUIDE/LAPS']);
    expect(await seen(site.send('/guide/laps', { dataCentre: 'sin' }))).toEqual(['MISS', '/guide/laps 3']);
    expect(await seen(site.send('/guide/laps', { dataCentre: 'lhr' }))).toEqual(['HIT', '/guide/laps 3']);
    expect(await seen(site.send('/news', { dataCentre: 'lhr' }))).toEqual(['HIT', '/news 2']);
    site.network.purge(['site']);
    expect(await seen(site.send('/news', { dataCentre: 'sin' }))).toEqual(['MISS', '/news 4']);
  });

  test('a response asked for before a purge is not kept after it', async () => {
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const site = edge(async (_, call) => {
      if (call === 1) await held;
      return ok(`version ${call}`, { ...KEPT, 'Cache-Tag': 'site' });
    });
    const before = site.send('/x');
    await Promise.resolve();
    site.network.purge(['site']);
    release();
    expect(await seen(before)).toEqual(['MISS', 'version 1']);
    expect(await seen(site.send('/x'))).toEqual(['MISS', 'version 2']);
  });

  /** The Worker's purge of `tags` (its EDGE_PURGE binding), as Workers Cache answers it. */
  const purgeOf = (network: ReturnType<typeof createEdgeNetwork>, tags: string[]) =>
    network.purgeRequest(new Request('http://edge-cache/purge', { method: 'POST', body: JSON.stringify({ tags }) })).then((r) => r.json());
  const RATE_LIMITED = {
    success: false,
    errors: [{ code: 429, message: 'rate limited: at most 5 purge requests a minute, in bursts of 25' }],
  };

  test('the Worker’s purge empties every tier of its tags; past the bucket of 25, or with 101 tags, it is refused and purges nothing', async () => {
    const site = edge((_, call) => ok(`page ${call}`, { ...KEPT, 'Cache-Tag': 'entry:guide/laps' }));
    for (let i = 0; i < 25; i++) expect(await purgeOf(site.network, ['other'])).toEqual({ success: true, errors: [] });
    await site.send('/guide/laps');
    expect(await purgeOf(site.network, ['entry:guide/laps'])).toEqual(RATE_LIMITED);
    expect(await seen(site.send('/guide/laps'))).toEqual(['HIT', 'page 1']);
    site.advance(12);
    const tooMany = Array.from({ length: 101 }, (_, i) => `t${i}`);
    expect(await purgeOf(site.network, tooMany)).toEqual({
      success: false,
      errors: [{ code: 400, message: '101 tags: at most 100 tags (operations) a purge request' }],
    });
    // The minute's fifth of a refill: one more purge, then refused again.
    expect(await purgeOf(site.network, ['entry:guide/laps'])).toEqual({ success: true, errors: [] });
    expect(await seen(site.send('/guide/laps'))).toEqual(['MISS', 'page 2']);
    expect(await purgeOf(site.network, ['x'])).toEqual(RATE_LIMITED);
    expect(site.network.purges.map((p) => p.result.success)).toEqual([...Array(25).fill(true), false, false, true, false]);
  });

  test('refusals asked for: the next N, or all until a time, whatever the bucket holds', async () => {
    const site = edge(() => ok('x'));
    site.network.limits.refuseNext(2);
    expect(await purgeOf(site.network, ['a'])).toEqual(RATE_LIMITED);
    expect(await purgeOf(site.network, ['a'])).toEqual(RATE_LIMITED);
    expect(await purgeOf(site.network, ['a'])).toEqual({ success: true, errors: [] });
    site.network.limits.refuseUntil(Date.UTC(2026, 0, 5) + 120_000);
    site.advance(119);
    expect(await purgeOf(site.network, ['a'])).toEqual(RATE_LIMITED);
    site.advance(1);
    expect(await purgeOf(site.network, ['a'])).toEqual({ success: true, errors: [] });
  });

  test('onPurge is told the tags of each accepted purge of the Worker, not of a refused one nor of a purge called directly', async () => {
    const told: (readonly string[])[] = [];
    const network = createEdgeNetwork({ origin: async () => ok('x'), onPurge: (tags) => told.push(tags) });
    network.limits.refuseNext(1);
    await purgeOf(network, ['x']);
    network.purge(['entry:guide/laps']);
    expect(told).toEqual([]);
    await purgeOf(network, ['entry:guide/laps', 'search']);
    expect(told).toEqual([['entry:guide/laps', 'search']]);
  });
});
