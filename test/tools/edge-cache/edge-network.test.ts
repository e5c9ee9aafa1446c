/**
 * The network of tools/edge-cache: data centres sharing the upper tier, request collapsing, purges by tag on every
 * tier of every data centre, and the purge the Worker's purge route answers. Pure.
 */
import { describe, expect, test } from 'vitest';
import type { PurgeAnswer } from '../../../contracts/edge-cache.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
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

  test('the purge route’s 200 answer under workerd purges its tags on every tier; a refused purge purges nothing', async () => {
    let answer: PurgeAnswer = { ok: false, reason: 'rate limited' };
    const site = edge((request, call) => {
      if (request.method === 'POST') return Response.json(answer, { status: answer.ok ? 200 : 502 });
      const { pathname } = new URL(request.url);
      return ok(`${pathname} ${call}`, { ...KEPT, 'Cache-Tag': `entry:${pathname.slice(1)}` });
    });
    await site.send('/guide/laps');
    await site.send('/guide/other');
    const purge = () => site.send(PUBLISH_PURGE_API_PATH, { method: 'POST', body: JSON.stringify({ tags: ['entry:guide/laps'] }) });
    expect((await purge()).headers.get('cf-cache-status')).toBe('DYNAMIC');
    expect(await seen(site.send('/guide/laps'))).toEqual(['HIT', '/guide/laps 1']);
    answer = { ok: true, purged: ['entry:guide/laps'] };
    expect(await (await purge()).json()).toEqual(answer);
    expect(await seen(site.send('/guide/laps'))).toEqual(['MISS', '/guide/laps 5']);
    expect(await seen(site.send('/guide/other'))).toEqual(['HIT', '/guide/other 2']);
  });

  test('onPurge is told the tags of each purge-route answer that purged, not of a refused one nor of a purge called directly', async () => {
    const told: (readonly string[])[] = [];
    let answer: PurgeAnswer = { ok: false, reason: 'rate limited' };
    const network = createEdgeNetwork({
      origin: async () => Response.json(answer, { status: answer.ok ? 200 : 502 }),
      onPurge: (tags) => told.push(tags),
    });
    const purge = () =>
      network
        .dataCentre('lhr')
        .fetch(new Request(`https://race-element.test${PUBLISH_PURGE_API_PATH}`, { method: 'POST', body: '{"tags":["x"]}' }));
    await purge();
    network.purge(['entry:guide/laps']);
    expect(told).toEqual([]);
    answer = { ok: true, purged: ['entry:guide/laps', 'search'] };
    await purge();
    expect(told).toEqual([['entry:guide/laps', 'search']]);
  });
});
