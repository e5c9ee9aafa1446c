/**
 * The upload's request to the Worker to purge the cache in front of it, against a loopback stand-in of the purge route
 * that answers as its contract says (200 purged now or queued, 401 in text, 404): the request, the lines each answer
 * prints, each failure's message. node:http.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type PurgeAnswer, purgeRequestSchema } from '../../../../contracts/publish-lock.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../../contracts/routes.ts';
import type { WorkerAddress } from '../../../../scripts/content/publish/publish-lock.ts';
import { purgeCommand, requestPurge } from '../../../../scripts/content/publish/purge.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../../tools/loopback-server.ts';

const SECRET = 'purge-secret';
const AT = Date.UTC(2026, 11, 2, 8, 0, 0);
const PURGED: PurgeAnswer = { purgedNow: true, followUps: [AT + 65_000, AT + 71_000], waiting: 3, next: AT + 65_000, refusal: null };
const REFUSAL = 'the cache refused the purge of the pages at 08:00:00 UTC (429 rate limited); the Worker tries again at 08:00:12 UTC';

/** What the stand-in received, and what it answers next (a status and a body). */
let received: { authorization: string | undefined; body: unknown }[] = [];
let next: { status: number; body: string; type?: string } = { status: 200, body: JSON.stringify(PURGED) };
let server: LoopbackServer;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        // As hono's bearerAuth: 401 in plain text.
        if (req.headers.authorization !== `Bearer ${SECRET}`)
          return res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
        received.push({ authorization: req.headers.authorization, body: purgeRequestSchema.parse(JSON.parse(body)) });
        res.writeHead(next.status, { 'content-type': next.type ?? 'application/json' }).end(next.body);
      });
    }),
  );
});
afterAll(() => server?.close());
beforeEach(() => {
  received = [];
  next = { status: 200, body: JSON.stringify(PURGED) };
});

const worker = (remote = false) => ({ origin: server.url.href, secret: SECRET, namespace: 'ns', remote });
const routeUrl = () => new URL(PUBLISH_PURGE_API_PATH, server.url).href;
const tags = (n: number) => Array.from({ length: n }, (_, i) => `entry:guide/page-${String(i).padStart(3, '0')}`);
const answering = (answer: PurgeAnswer) => {
  next = { status: 200, body: JSON.stringify(answer) };
};
/** The lines requestPurge prints. */
async function lines(to: WorkerAddress, version: number | null, asked: string[], queue = false): Promise<string[]> {
  const printed: string[] = [];
  await requestPurge(to, version, asked, (line) => printed.push(line), queue);
  return printed;
}

describe('requestPurge', () => {
  test('hands the Worker the namespace, version and tags with the bearer secret; purged now: that, and when it purges again', async () => {
    expect(await lines(worker(), 4, tags(10))).toEqual([
      `purged now: 10 tag(s) (${tags(8).join(', ')}, and 2 more) from the cache in front of the Worker`,
      'the Worker purges again at 08:01:05 UTC and 08:01:11 UTC, once every data centre reads the new manifest',
    ]);
    expect(received).toEqual([{ authorization: `Bearer ${SECRET}`, body: { namespace: 'ns', version: 4, tags: tags(10) } }]);
  });

  test('queued by the cache’s limits, or after a refusal: when the Worker purges, the refusal, that nothing is to be done, the command', async () => {
    answering({ ...PURGED, purgedNow: false, next: AT + 12_000 });
    expect((await lines(worker(), 4, ['search']))[0]).toBe(
      "queued: v4 is live; the Worker purges 1 tag(s) (search) from the cache in front of it at 08:00:12 UTC (the cache's purge limits)",
    );
    answering({ ...PURGED, purgedNow: false, next: AT + 12_000, refusal: REFUSAL });
    expect((await lines(worker(true), 4, ['search']))[0]).toBe(
      `queued: v4 is live; the Worker purges 1 tag(s) (search) from the cache in front of it at 08:00:12 UTC (${REFUSAL}: nothing to do, it retries on its own; \`npm run upload -- --remote --purge\` asks again)`,
    );
  });

  test('the queue asked for (`--purge`, or no tags): how many rounds wait and when the next runs, or that it is empty', async () => {
    answering({ purgedNow: false, followUps: [], waiting: 0, next: null, refusal: null });
    expect(await lines(worker(), null, [], true)).toEqual(["the Worker's purge queue: empty"]);
    answering({ ...PURGED, waiting: 4 });
    expect((await lines(worker(), null, ['manifest', 'site'], true)).at(-1)).toBe(
      "the Worker's purge queue: 4 purge round(s) waiting, the next at 08:01:05 UTC",
    );
    expect(received.map((r) => r.body)).toEqual([
      { namespace: 'ns', version: null, tags: [] },
      { namespace: 'ns', version: null, tags: ['manifest', 'site'] },
    ]);
  });

  test('a wrong secret (401 in text), a Worker without the route (404) and no Worker at all: an error naming route, status and why', async () => {
    await expect(requestPurge({ ...worker(), secret: 'wrong' }, 1, ['search'], () => {})).rejects.toThrow(
      `cache purge: POST ${routeUrl()} answered 401: the bearer token is not the Worker's PUBLISH_SECRET.`,
    );
    next = { status: 404, body: '404 Not Found', type: 'text/plain' };
    await expect(requestPurge(worker(), 1, ['search'], () => {})).rejects.toThrow(
      `cache purge: POST ${routeUrl()} answered 404: 404 Not Found.`,
    );
    const gone = await listenOnLoopback(createServer());
    await gone.close();
    await expect(requestPurge({ ...worker(), origin: gone.url.href }, 1, ['search'], () => {})).rejects.toThrow(
      new RegExp(`^cache purge: POST ${gone.url.href}\\S+ failed \\(${gone.url.host}: .+\\)\\.$`),
    );
  });

  test('the command that purges again names --remote for the production Worker', () => {
    expect(purgeCommand(worker())).toBe('npm run upload -- --purge');
    expect(purgeCommand(worker(true))).toBe('npm run upload -- --remote --purge');
  });
});
