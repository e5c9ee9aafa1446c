/**
 * A seeded corpus of hostile and malformed requests: no 5xx, no reflected markup or disclosed file, the
 * expected status and a short reason for each. workerd over a loopback port.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { MAX_BODY_BYTES, MAX_COOKIE_BYTES, MAX_PATH_BYTES, MAX_QUERY_BYTES } from '../../../worker/http/request-guard.ts';
import { createXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../../worker/http/xsrf.ts';
import { type BadRequest, badRequestCorpus, type Outcome, sendAll } from '../../support/bad-requests.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { GIVE_UP_MS } from '../../support/give-up.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

let worker: LocalWorker;
let token: string;
beforeAll(async () => {
  worker = await startLocalWorker({ listen: true });
  const outcome = await uploadContent({ renderCache: runRenderCache(), content: await loadFixtureSite(), store: worker.store });
  if (!outcome.ok) throw new Error('upload failed');
  token = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
});
afterAll(() => worker?.dispose());

const describeOutcome = (o: Outcome) =>
  `${o.request.category}: ${o.request.method} ${o.request.target.slice(0, 120)} → ${o.status} ${o.body.slice(0, 100)}`;

describe('a corpus of 3,000 bad requests', () => {
  let corpus: BadRequest[];
  let outcomes: Outcome[];

  beforeAll(async () => {
    corpus = badRequestCorpus({ token });
    outcomes = await sendAll(worker.url, corpus);
  });

  test('is generated deterministically from its seed and covers every category', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(3_000);
    const again = badRequestCorpus({ token });
    expect(again.map((r) => `${r.method} ${r.target}`)).toEqual(corpus.map((r) => `${r.method} ${r.target}`));
    const categories = new Set(corpus.map((r) => r.category));
    for (const category of [
      'traversal',
      'encoded slashes and dots',
      'overlong path',
      'overlong query',
      'invalid percent-encoding',
      'NUL byte',
      'odd method',
      'wrong method',
      'missing or wrong XSRF token',
      'malformed cookie',
      'wrong content type',
      'oversized body',
      'bad JSON body',
      'injected markup',
      'raw invalid UTF-8',
      'raw control characters in Cookie',
    ]) {
      expect(categories, category).toContain(category);
    }
  });

  test('no request gets a 5xx', () => {
    const failures = outcomes.filter((o) => o.status >= 500 || o.status === 0).map(describeOutcome);
    expect(failures.slice(0, 20), `${failures.length} server errors`).toEqual([]);
  });

  test('each request gets one of its expected statuses', () => {
    const wrong = outcomes
      .filter((o) => !o.request.expect.includes(o.status))
      .map((o) => `${describeOutcome(o)} (expected ${o.request.expect.join('/')})`);
    expect(wrong.slice(0, 20), `${wrong.length} unexpected statuses`).toEqual([]);
  });

  test('no injected markup comes back verbatim and no file is disclosed', () => {
    const leaks = outcomes.filter((o) => o.request.forbidden.some((s) => o.body.includes(s))).map(describeOutcome);
    expect(leaks.slice(0, 20), `${leaks.length} reflections or disclosures`).toEqual([]);
  });

  test('every refusal in plain text or JSON carries a short reason', () => {
    // HTML pages and the page-data API (the same pages as JSON) answer with the layout instead.
    const isPage = (o: Outcome) => o.contentType.startsWith('text/html') || o.request.target.startsWith('/api/_analog/pages');
    const refusals = outcomes.filter((o) => o.status >= 400 && o.status < 500 && !isPage(o));
    const bad = refusals.filter((o) => o.body.trim().length === 0 || o.body.length > 300).map(describeOutcome);
    expect(bad.slice(0, 20), `${bad.length} refusals without a short reason`).toEqual([]);
  });

  test('the statuses cover 400, 403, 404, 405, 413 and 415', () => {
    const seen = new Set(outcomes.map((o) => o.status));
    for (const status of [400, 403, 404, 405, 413, 415]) expect(seen, String(status)).toContain(status);
  });
});

describe('the request guard, one limit at a time', () => {
  const status = async (path: string, init?: RequestInit) => {
    const res = await worker.fetch(path, init);
    return { status: res.status, text: await res.text(), allow: res.headers.get('allow') };
  };

  test(`a path of ${MAX_PATH_BYTES} bytes is served, one byte more is refused`, async () => {
    const at = `/guide/${'a'.repeat(MAX_PATH_BYTES - '/guide/'.length)}`;
    expect((await status(at)).status).toBe(404);
    expect(await status(`${at}a`)).toMatchObject({ status: 400, text: `Path longer than ${MAX_PATH_BYTES} bytes.` });
  });

  test(`a query of ${MAX_QUERY_BYTES} bytes is served, one byte more is refused`, async () => {
    const at = `/news?x=${'a'.repeat(MAX_QUERY_BYTES - 2)}`;
    expect((await status(at)).status).toBe(200);
    expect(await status(`${at}a`)).toMatchObject({ status: 400, text: `Query string longer than ${MAX_QUERY_BYTES} bytes.` });
  });

  test('invalid percent-encoding and NUL bytes are refused', async () => {
    expect(await status('/guide/%E0%A4%A')).toMatchObject({ status: 400, text: 'Invalid percent-encoding in the path.' });
    expect(await status('/search?q=%C3%28')).toMatchObject({ status: 400, text: 'Invalid percent-encoding in the query string.' });
    expect(await status('/guide/DSX%00.md')).toMatchObject({ status: 400, text: 'NUL byte in the path.' });
    expect(await status('/search?q=a%00')).toMatchObject({ status: 400, text: 'NUL byte in the query string.' });
  });

  test(`a Cookie header over ${MAX_COOKIE_BYTES} bytes is refused`, async () => {
    expect((await status('/', { headers: { Cookie: `a=${'b'.repeat(MAX_COOKIE_BYTES - 2)}` } })).status).toBe(200);
    expect(await status('/', { headers: { Cookie: `a=${'b'.repeat(MAX_COOKIE_BYTES - 1)}` } })).toMatchObject({
      status: 400,
      text: `Cookie header longer than ${MAX_COOKIE_BYTES} bytes.`,
    });
  });

  test('an unknown method answers 405 naming the allowed ones', async () => {
    const res = await status('/news', { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  test(`a declared body over ${MAX_BODY_BYTES} bytes is refused before the XSRF check and before reading`, async () => {
    // Only the headers are sent: an answer proves that nothing was read. (A body sent and left
    // unread would also make the closing server reset the connection, losing the answer.)
    const res = await post(
      '/api/_analog/analytics/hits',
      { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1) },
      '',
    );
    expect(res).toMatchObject({ status: 413, body: `Body larger than ${MAX_BODY_BYTES} bytes.` });
  });

  test('the page-view endpoint refuses 1 KB + 1 by Content-Length and as a stream without one', async () => {
    const headers = { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token };
    const body = JSON.stringify({ path: '/news', pad: 'x'.repeat(1024) });
    const declared = await post('/api/_analog/analytics/hits', { ...headers, 'Content-Length': String(body.length) }, body);
    expect(declared).toMatchObject({ status: 413, body: '{"error":"Body larger than 1024 bytes."}' });

    // A chunked stream with no Content-Length and no end: 512 + 512 + 1 bytes, then nothing.
    // The Worker must answer once 1 KB is passed; one that waited for the end would never answer.
    const streamed = await streamWithoutEnd('/api/_analog/analytics/hits', headers, [512, 512, 1]);
    expect(streamed).toEqual({ status: 413, body: '{"error":"Body larger than 1024 bytes."}' });
  });
});

/**
 * POSTs chunks of the given sizes (Transfer-Encoding: chunked) on a raw socket, one every 20 ms,
 * never the last chunk, and waits up to 10 s for the whole answer. It sends nothing after them,
 * so the server has read everything when it closes: a server that closes with bytes unread
 * resets the connection, and the client may lose the answer. A raw socket, because node:http
 * cannot leave a body unfinished.
 */
function streamWithoutEnd(path: string, headers: Record<string, string>, chunks: number[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    let done = false;
    const head = Object.entries({ Host: `${worker.url.hostname}:${worker.url.port}`, ...headers, 'Transfer-Encoding': 'chunked' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const fail = (why: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      reject(new Error(`${why} after ${chunks.reduce((a, b) => a + b, 0)} bytes of body: ${received.slice(0, 200) || 'nothing received'}`));
    };
    const timer = setTimeout(() => fail(`no whole answer within ${GIVE_UP_MS} ms`), GIVE_UP_MS);
    const socket = connect(Number(worker.url.port), worker.url.hostname, async () => {
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      for (const size of chunks) {
        if (done) return;
        socket.write(`${size.toString(16)}\r\n${'x'.repeat(size)}\r\n`);
        await new Promise((wait) => setTimeout(wait, 20));
      }
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const headEnd = received.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received)?.[1] ?? NaN);
      if (done || headEnd < 0 || !(received.length >= headEnd + 4 + length)) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), body: received.slice(headEnd + 4, headEnd + 4 + length) });
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      fail('the connection closed without a whole answer');
    });
  });
}

/**
 * One POST on a raw socket with exactly the headers given (dispatchFetch may drop
 * Content-Length); the answer is read even when the server closes before reading the body.
 */
function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    let done = false;
    const head = Object.entries({ Host: `${worker.url.hostname}:${worker.url.port}`, ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const socket = connect(Number(worker.url.port), worker.url.hostname, () => socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${body}`));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const headEnd = received.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received)?.[1] ?? NaN);
      if (headEnd < 0 || !(received.length >= headEnd + 4 + length)) return;
      done = true;
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), body: received.slice(headEnd + 4, headEnd + 4 + length) });
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!done) reject(new Error(`connection closed without a full answer: ${received.slice(0, 200)}`));
    });
  });
}
