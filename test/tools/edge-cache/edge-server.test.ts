/**
 * tools/edge-cache over HTTP: a data centre's node:http front before a node:http origin, as `npm start` puts it
 * before workerd. Loopback servers.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';
import { httpOrigin, startEdgeServer } from '../../../tools/edge-cache/edge-server.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../tools/loopback-server.ts';

let origin: LoopbackServer;
let front: LoopbackServer;
/** What the origin got: method, target, Host and body. */
const asked: string[] = [];

beforeAll(async () => {
  origin = await listenOnLoopback(
    createServer(async (request, response) => {
      const body = Buffer.concat(await request.toArray()).toString();
      asked.push(`${request.method} ${request.url} ${request.headers.host} ${body}`.trim());
      if (request.method === 'POST') return void response.writeHead(201, 'Made', { 'Set-Cookie': ['a=1', 'b=2'] }).end('made');
      response.writeHead(200, { 'Cache-Control': 'public, max-age=60', 'Cache-Tag': 'site', 'Content-Type': 'text/plain' }).end('page');
    }),
  );
  const network = createEdgeNetwork({ origin: httpOrigin({ hostname: origin.url.hostname, port: Number(origin.url.port) }) });
  front = await startEdgeServer(network.dataCentre('local'));
});
afterAll(async () => {
  await front?.close();
  await origin?.close();
});

test('a GET is asked of the origin once with its own Host (the front’s), then answered from the cache; Cache-Tag never sent', async () => {
  const url = new URL('/guide/laps?x=1', front.url);
  const first = await fetch(url);
  expect([first.status, first.headers.get('cf-cache-status'), await first.text()]).toEqual([200, 'MISS', 'page']);
  const second = await fetch(url);
  expect([second.headers.get('cf-cache-status'), second.headers.has('cache-tag'), await second.text()]).toEqual(['HIT', false, 'page']);
  const head = await fetch(url, { method: 'HEAD' });
  expect([head.headers.get('cf-cache-status'), await head.text()]).toEqual(['HIT', '']);
  expect(asked).toEqual([`GET /guide/laps?x=1 ${front.url.host}`]);
});

test('a POST reaches the origin with its body; its status text and every Set-Cookie come back', async () => {
  asked.length = 0;
  const made = await fetch(new URL('/api/x', front.url), { method: 'POST', body: 'data' });
  expect([made.status, made.statusText, made.headers.get('cf-cache-status'), await made.text()]).toEqual([201, 'Made', 'DYNAMIC', 'made']);
  expect(made.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  expect(asked).toEqual([`POST /api/x ${front.url.host} data`]);
});
