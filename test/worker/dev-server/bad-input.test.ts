/**
 * `npm start`'s dev server answers the bad-input corpus and the hard cases (odd targets, huge or slow bodies,
 * bad headers, unknown methods) as the Worker does and keeps serving. Dev server (without its Workers Cache stand-in,
 * whose hits answer before the Worker as in production: edge-cache.test.ts) and workerd.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diskRenderCache } from '../../../scripts/content/build/render-cache.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import { type DevServer, startDevServer } from '../../../scripts/dev/live/dev-server.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../../worker/http/xsrf.ts';
import { badRequestCorpus, type Outcome, sendAll } from '../../support/bad-requests.ts';
import { GIVE_UP_MS } from '../../support/give-up.ts';

const HITS = '/api/_analog/analytics/hits';
const page = (slug: string, title: string, extra = '') =>
  `---\ntitle: ${title}\nslug: ${slug}\ndescription: About ${title}\n${extra}---\n${title}, in a few words.\n`;

let folder: string;
let dev: DevServer;
let worker: LocalWorker;
let token: string;
const log: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'dev-server-bad-input-'));
  const content = join(folder, 'articles');
  mkdirSync(join(content, 'samples'), { recursive: true });
  // The paths the corpus asks for, so that some of its requests reach real pages.
  writeFileSync(join(content, 'guide-DSX.md'), page('DSX', 'DSX', 'type: guide\n'));
  writeFileSync(join(content, 'guide-multi-sim.md'), page('multi-sim', 'Multi sim', 'type: guide\n'));
  writeFileSync(join(content, 'features.md'), page('features', 'Features'));
  writeFileSync(
    join(content, 'news-race-element-2-released.md'),
    page('race-element-2-released', 'Released', 'type: news\ndate: 2026-01-05\n'),
  );
  writeFileSync(join(content, 'samples', 'start-race-element-minimized.bat'), '@echo off\r\nstart /min RaceElement.exe\r\n');
  [dev, worker] = await Promise.all([
    startDevServer({
      contentDir: content,
      port: 0,
      host: '127.0.0.1',
      persistTo: join(folder, 'state'),
      log: (line) => log.push(line),
      renderCache: diskRenderCache(join(folder, 'render-cache')),
      diagrams: null,
      cards: null,
      // A page kept from an earlier request answers one the Worker would refuse (a 9 KB cookie), as in production.
      edgeCache: false,
    }),
    startLocalWorker({ listen: true }),
  ]);
  const published = await uploadContent({ content, store: worker.store, diagrams: null, cards: null });
  if (!published.ok) throw new Error(JSON.stringify(published.problems));
  token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
});
afterAll(async () => {
  await dev?.close();
  await worker?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Both servers: the dev server first, the Worker second. */
const both = () => [new URL(dev.url), worker.url] as const;

/** The dev server still serves a page. */
async function stillServes(): Promise<void> {
  const response = await fetch(new URL('/guide/DSX', dev.url));
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('/__dev/live.js');
}

describe("the Worker's bad-input corpus", () => {
  test('every request gets the status the Worker gives it', async () => {
    // About fifty of each of the corpus's fourteen kinds: the Worker alone answers the whole corpus (http/bad-input.test.ts).
    const corpus = badRequestCorpus({ token, count: 700 });
    const [throughDev, direct] = await Promise.all(both().map((origin) => sendAll(origin, corpus, 16)));
    const explain = (o: Outcome, other: Outcome) =>
      `${o.request.category}: ${o.request.method} ${o.request.target.slice(0, 100)} → dev server ${o.status}, Worker ${other.status} ${o.body.slice(0, 80)}`;
    const differ = throughDev!.flatMap((o, i) => (o.status === direct![i]!.status ? [] : [explain(o, direct![i]!)]));
    expect(differ.slice(0, 20), `${differ.length} of ${corpus.length} differ`).toEqual([]);
    const unanswered = throughDev!.filter((o) => o.status === 0 || o.status >= 500);
    expect(unanswered.map((o) => explain(o, o))).toEqual([]);
    await stillServes();
  });
});

/** One request on a raw socket: `head` as written, then each chunk of `body` after `gapMs`; the whole answer read. */
function exchange(origin: URL, head: string, body: (string | Buffer)[] = [], gapMs = 0): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? Number.NaN);
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(text.slice(0, end));
      const whole = end >= 0 && (chunked ? text.endsWith('0\r\n\r\n') : received.length >= end + 4 + length);
      if (!whole && !socket.destroyed) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (end < 0) return reject(new Error(`no answer: ${text.slice(0, 200) || 'nothing received'}`));
      resolve({ status: Number(text.slice(9, 12)), body: received.subarray(end + 4).toString('utf8') });
    };
    // Gives up on an answer that never ends, long after a loaded machine would have sent it.
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, GIVE_UP_MS);
    const socket = connect(Number(origin.port), origin.hostname, async () => {
      socket.write(head.replace('{host}', origin.host));
      for (const chunk of body) {
        if (gapMs) await new Promise((wait) => setTimeout(wait, gapMs));
        if (socket.destroyed || done) return;
        socket.write(chunk);
      }
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    socket.on('error', () => {});
    socket.on('close', finish);
  });
}

/** A POST with a body of `bytes`, sent whole by node:http (as a browser or curl would). */
function postWhole(origin: URL, path: string, headers: Record<string, string>, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: origin.hostname, port: origin.port, method: 'POST', path, headers: { ...headers, 'Content-Length': String(bytes) } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let left = bytes;
    const write = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('the cases that ended the process or turned into a 502', () => {
  const gated = () => ({ 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token });

  test('a `///` target (and `//x`, `/..//`) gets what the Worker answers', async () => {
    for (const target of ['///', '//x', '/..//', '//guide/DSX']) {
      const [viaDev, direct] = await Promise.all(
        both().map((origin) => exchange(origin, `GET ${target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n`)),
      );
      expect(viaDev!.status, target).toBe(direct!.status);
      expect(viaDev!.status, target).toBeLessThan(500);
    }
    await stillServes();
  });

  test('a 5 MB POST to the hits endpoint: 413, declared or streamed', async () => {
    const declared = await postWhole(new URL(dev.url), HITS, gated(), 5 * 1024 * 1024);
    expect(declared).toEqual({ status: 413, body: 'Body larger than 8192 bytes.' });
    // Chunked, no length: the page-view route stops reading at 1 KB + 1.
    const streamed = await exchange(
      new URL(dev.url),
      `POST ${HITS} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nCookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${token}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      Array.from({ length: 80 }, () => `10000\r\n${'x'.repeat(0x10000)}\r\n`),
    );
    expect(streamed).toEqual({ status: 413, body: '{"error":"Body larger than 1024 bytes."}' });
    await stillServes();
  });

  test('a slow body is read as it comes; one that stops before its end gets the 413 once past 1 KB', async () => {
    const json = JSON.stringify({ path: '/guide/DSX' });
    const headers = `Content-Type: application/json\r\nCookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${token}\r\n`;
    const [viaDev, direct] = await Promise.all(
      both().map((origin) =>
        exchange(
          origin,
          `POST ${HITS} HTTP/1.1\r\nHost: {host}\r\n${headers}Content-Length: ${json.length}\r\nConnection: close\r\n\r\n`,
          [...json],
          40,
        ),
      ),
    );
    expect(viaDev).toEqual(direct);
    expect(viaDev!.status).toBe(204);
    const unfinished = await exchange(
      new URL(dev.url),
      `POST ${HITS} HTTP/1.1\r\nHost: {host}\r\n${headers}Transfer-Encoding: chunked\r\n\r\n`,
      ['200\r\n', `${'x'.repeat(0x200)}\r\n`, '200\r\n', `${'x'.repeat(0x200)}\r\n`, `1\r\nx\r\n`],
      50,
    );
    expect(unfinished).toEqual({ status: 413, body: '{"error":"Body larger than 1024 bytes."}' });
    await stillServes();
  });

  test('bad headers and a method Node does not know: what the Worker (or workerd) answers, with its reason', async () => {
    const heads = [
      'GET / HTTP/1.1\r\nHost: {host}\r\nCookie: theme=\x01dark\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: {host}\r\nCookie: a=b\x7f\r\nConnection: close\r\n\r\n',
      'GET /guide/DSX HTTP/1.1\r\nHost: {host}\r\nBad Header: x\r\nConnection: close\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: {host}\r\nX-Odd: \x00\r\nConnection: close\r\n\r\n',
      'FOO /guide/DSX HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n',
      `POST ${HITS} HTTP/1.1\r\nHost: {host}\r\nContent-Length: abc\r\nConnection: close\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: {host}\r\nCookie: big=${'x'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    ];
    for (const head of heads) {
      const [viaDev, direct] = await Promise.all(both().map((origin) => exchange(origin, head)));
      const what = JSON.stringify(head.slice(0, 60));
      expect(viaDev!.status, what).toBe(direct!.status);
      expect(viaDev!.body, what).toBe(direct!.body);
    }
    const cookie = await exchange(new URL(dev.url), heads[0]!);
    expect(cookie).toEqual({ status: 400, body: 'Malformed Cookie header.' });
    await stillServes();
  });
});
