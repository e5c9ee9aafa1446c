/**
 * The upload's purge of the cache in front of the Worker against a loopback stand-in of the purge route that answers as
 * its contract says (200, 502 with a reason, 401 in text, 400): batches, the request, each failure's message, the
 * second purge. node:http.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MAX_TAGS_PER_PURGE, purgeRequestSchema } from '../../../../contracts/edge-cache.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../../contracts/routes.ts';
import { PublishStoppedError } from '../../../../scripts/content/publish/publish-error.ts';
import { purge, purgeAgain } from '../../../../scripts/content/publish/purge.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../../tools/loopback-server.ts';

const SECRET = 'purge-secret';
const LIVE =
  'The new manifest is live, but the cache in front of the Worker may still serve pages from before it: they refresh on their own within a day, or on the next successful purge.';

/** What the stand-in received, and how it answers the next requests (by their position, 0-based). */
let received: { path: string; authorization: string | undefined; tags: string[] }[] = [];
let refuse: { at: number; status: 502 | 404; body: string } | null = null;
/** How many of the next requests lose their connection before any answer, as a kept-alive socket closed under them. */
let drops = 0;
let server: LoopbackServer;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      if (drops > 0 && drops--) return req.socket.destroy();
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const answer = (status: number, text: string, type = 'application/json') =>
          res.writeHead(status, { 'content-type': type }).end(text);
        // As hono's bearerAuth: 401 in plain text.
        if (req.headers.authorization !== `Bearer ${SECRET}`) return answer(401, 'Unauthorized', 'text/plain');
        const parsed = purgeRequestSchema.safeParse(JSON.parse(body));
        if (!parsed.success || req.method !== 'POST') return answer(400, JSON.stringify({ error: 'Body field tags: invalid' }));
        received.push({ path: req.url ?? '', authorization: req.headers.authorization, tags: parsed.data.tags });
        if (refuse && received.length - 1 === refuse.at) return answer(refuse.status, refuse.body);
        answer(200, JSON.stringify({ ok: true, purged: parsed.data.tags }));
      });
    }),
  );
});
afterAll(() => server?.close());
beforeEach(() => {
  received = [];
  refuse = null;
  drops = 0;
});

const worker = () => ({ origin: server.url.href, secret: SECRET });
const tags = (n: number) => Array.from({ length: n }, (_, i) => `entry:guide/page-${String(i).padStart(3, '0')}`);
const routeUrl = () => new URL(PUBLISH_PURGE_API_PATH, server.url).href;

describe('purge', () => {
  test(`sends the tags in batches of ${MAX_TAGS_PER_PURGE} to the purge route with the bearer secret, then prints one line`, async () => {
    const lines: string[] = [];
    await purge(worker(), tags(250), (line) => lines.push(line));
    expect(received.map((r) => r.tags.length)).toEqual([100, 100, 50]);
    expect(received.flatMap((r) => r.tags)).toEqual(tags(250));
    expect(new Set(received.map((r) => `${r.path} ${r.authorization}`))).toEqual(new Set([`${PUBLISH_PURGE_API_PATH} Bearer ${SECRET}`]));
    expect(lines).toEqual([`purged 250 tag(s) from the cache in front of the Worker (${tags(8).join(', ')}, and 242 more)`]);

    await purge(worker(), ['entry:news/x', 'list:news', 'search'], (line) => lines.push(line));
    expect(lines.at(-1)).toBe('purged 3 tag(s) from the cache in front of the Worker (entry:news/x, list:news, search)');
  });

  test('nothing to purge: no request, no line', async () => {
    const lines: string[] = [];
    await purge(worker(), [], (line) => lines.push(line));
    expect(received).toEqual([]);
    expect(lines).toEqual([]);
  });

  test('a 502 names the batch, the route, the status and the reason, and what is live; later batches are not sent', async () => {
    refuse = { at: 1, status: 502, body: JSON.stringify({ ok: false, reason: 'Cloudflare refused the purge (rate limited)' }) };
    const lines: string[] = [];
    const purging = purge(worker(), tags(250), (line) => lines.push(line));
    await expect(purging).rejects.toThrow(PublishStoppedError);
    await expect(purging).rejects.toThrow(
      `cache purge of 100 tag(s) (batch 2 of 3): POST ${routeUrl()} answered 502: Cloudflare refused the purge (rate limited). ${LIVE}`,
    );
    expect(received).toHaveLength(2);
    expect(lines).toEqual([]);
  });

  test('a wrong secret (401 in text), a Worker without the route (404) and no Worker at all are named the same way', async () => {
    await expect(purge({ ...worker(), secret: 'wrong' }, ['search'])).rejects.toThrow(
      `cache purge of 1 tag(s): POST ${routeUrl()} answered 401: the bearer token is not the Worker's PUBLISH_SECRET. ${LIVE}`,
    );
    refuse = { at: 0, status: 404, body: '404 Not Found' };
    await expect(purge(worker(), ['search'])).rejects.toThrow(
      `cache purge of 1 tag(s): POST ${routeUrl()} answered 404: 404 Not Found. ${LIVE}`,
    );
    const gone = await listenOnLoopback(createServer());
    await gone.close();
    await expect(purge({ origin: gone.url.href, secret: SECRET }, ['search'])).rejects.toThrow(
      new RegExp(
        `^cache purge of 1 tag\\(s\\): POST ${gone.url.href}\\S+ failed \\(${gone.url.host}: .+\\)\\. ${LIVE.replace(/[.()]/g, '\\$&')}$`,
      ),
    );
  });

  test('a connection dropped before the answer is sent once more; dropped again, the purge stops naming why', async () => {
    drops = 1;
    await purge(worker(), ['search']);
    expect(received.map((r) => r.tags)).toEqual([['search']]);
    drops = 2;
    await expect(purge(worker(), ['search'])).rejects.toThrow(
      new RegExp(`^cache purge of 1 tag\\(s\\): POST ${routeUrl()} failed \\(${server.url.host}: .+\\)\\. `),
    );
    expect(received).toHaveLength(1);
  });
});

describe('purgeAgain', () => {
  const again = (manifestAfterSeconds: number, pagesAfterSeconds: number) => ({ manifestAfterSeconds, pagesAfterSeconds });

  test('none asked for, or nothing purged: no second purge', async () => {
    const lines: string[] = [];
    await purgeAgain({ worker: worker(), tags: ['search'], at: Date.now() }, null, (line) => lines.push(line));
    await purgeAgain({ worker: worker(), tags: [], at: Date.now() }, again(60, 65), (line) => lines.push(line));
    await purgeAgain(null, again(60, 65), (line) => lines.push(line));
    expect(received).toEqual([]);
    expect(lines).toEqual([]);
  });

  test('says when it will purge again, then sends the manifest, and the same tags once their times have come', async () => {
    // A manifest written 5 s ago, and delays of 1 and 2 s: both times have come already.
    const at = Date.now() - 5000;
    const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
    const lines: string[] = [];
    await purgeAgain({ worker: worker(), tags: ['list:news', 'manifest', 'search'], at }, again(1, 2), (line) => lines.push(line));
    expect(lines).toEqual([
      `purging the manifest again at ${clock(at + 1000)}, when every data centre reads the new one, and the pages at ${clock(at + 2000)}`,
      'purged 1 tag(s) again from the cache in front of the Worker (manifest)',
      'purged 3 tag(s) again from the cache in front of the Worker (list:news, manifest, search)',
    ]);
    expect(received.map((r) => r.tags)).toEqual([['manifest'], ['list:news', 'manifest', 'search']]);
  });
});
