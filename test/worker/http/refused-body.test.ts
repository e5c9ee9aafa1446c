/**
 * An over-limit page-view POST is answered 413 after its body is read, so the connection serves the next
 * request. Raw HTTP against workerd.
 */
import { connect, type Socket } from 'node:net';
import { beforeAll, expect, test } from 'vitest';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../../worker/http/xsrf.ts';
import { GIVE_UP_MS } from '../../support/give-up.ts';
import { type SiteWorker, sharedWorker } from '../../support/shared-worker.ts';

let worker: SiteWorker;
beforeAll(async () => {
  worker = sharedWorker();
});

/** Resolves with everything the socket has received once `done` holds for it, or rejects. */
function receive(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no complete answer in ${GIVE_UP_MS} ms; received: ${text}`)), GIVE_UP_MS);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (done(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    socket.on('error', (error) => reject(new Error(`${error.message}; received: ${text}`)));
    socket.on('close', () => reject(new Error(`connection closed; received: ${text}`)));
  });
}

test('an oversized page-view body gets its 413 and the connection stays usable', async () => {
  const token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
  const host = `localhost:${worker.url.port}`;
  const body = JSON.stringify({ path: '/news', pad: 'x'.repeat(5000) });
  const socket = connect(Number(worker.url.port), '127.0.0.1');
  try {
    await new Promise((resolve) => socket.once('connect', resolve));
    const answers = receive(socket, (text) => (text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length === 2 && text.includes('User-agent'));
    socket.write(
      `POST /api/_analog/analytics/hits HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Cookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    // The head, then the body after a pause, so the Worker answers in the same order on every run.
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(`GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    const text = await answers;
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    expect(statuses).toEqual(['413', '200']);
    expect(text).toContain('Body larger than 1024 bytes.');
  } finally {
    socket.destroy();
  }
});
