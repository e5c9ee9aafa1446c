/**
 * The live channel tells a same-origin page the current and every later state and refuses other origins.
 * Real sockets (node:http and `ws`).
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { type LiveChannel, liveChannel, sameOrigin } from '../../../../scripts/dev/live/live-channel.ts';
import type { LiveState } from '../../../../scripts/dev/live/live-state.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../../tools/loopback-server.ts';

describe('sameOrigin', () => {
  test("an Origin whose host is the request's Host, over http or https", () => {
    expect(sameOrigin({ headers: { origin: 'http://localhost:8787', host: 'localhost:8787' } })).toBe(true);
    expect(sameOrigin({ headers: { origin: 'https://127.0.0.1:9000', host: '127.0.0.1:9000' } })).toBe(true);
  });

  test('another site, another port, no Origin, or not a web origin: refused', () => {
    expect(sameOrigin({ headers: { origin: 'https://evil.example', host: 'localhost:8787' } })).toBe(false);
    expect(sameOrigin({ headers: { origin: 'http://localhost:3000', host: 'localhost:8787' } })).toBe(false);
    expect(sameOrigin({ headers: { host: 'localhost:8787' } })).toBe(false);
    expect(sameOrigin({ headers: { origin: 'null', host: 'localhost:8787' } })).toBe(false);
    expect(sameOrigin({ headers: { origin: 'file://localhost:8787', host: 'localhost:8787' } })).toBe(false);
  });
});

let listening: LoopbackServer | undefined;
let channel: LiveChannel | undefined;
afterEach(async () => {
  channel?.close();
  await listening?.close();
});

/** A WebSocket client on the channel, sending `origin`; its messages so far, and whether it was refused. */
function client(port: number, origin: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/__dev/live`, { origin });
  const messages: LiveState[] = [];
  let refused: number | undefined;
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveState));
  socket.on('unexpected-response', (_request, response) => (refused = response.statusCode));
  socket.on('error', () => {});
  return { socket, messages, refused: () => refused };
}

test('a page of the origin gets the state on connecting and each one sent; another origin is refused', async () => {
  channel = liveChannel({ version: 3, problems: [], moved: { '/guide/a': '/guide/b' } });
  const live = channel;
  const server = createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => live.upgrade(request, socket, head));
  listening = await listenOnLoopback(server);
  const port = Number(listening.url.port);

  const page = client(port, `http://127.0.0.1:${port}`);
  await expect.poll(() => page.messages).toEqual([{ version: 3, problems: [], moved: {} }]);
  expect(live.size()).toBe(1);
  live.send({ version: 3, problems: ['guide-a.md:3:7: front matter: unreadable YAML'], moved: {} });
  live.send({ version: 4, problems: [], moved: { '/guide/a': '/guide/b' } });
  await expect.poll(() => page.messages.map((m) => m.version)).toEqual([3, 3, 4]);
  expect(page.messages[2]!.moved).toEqual({ '/guide/a': '/guide/b' });

  const stranger = client(port, 'https://evil.example');
  await expect.poll(() => stranger.refused()).toBe(403);
  expect(stranger.messages).toEqual([]);
  expect(live.size()).toBe(1);
  page.socket.close();
});
