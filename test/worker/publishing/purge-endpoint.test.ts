/**
 * The purge route and the publish lock's purge queue under workerd, its purges reaching a stand-in of Workers Cache
 * (tools/edge-cache, through EDGE_PURGE): the bearer check, bodies checked, purges now within the bucket, queued past
 * it, a refusal retried from the alarm until the page is fresh (an upload meeting one succeeds), the follow-ups. workerd.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MANIFEST_TAG } from '../../../contracts/edge-cache.ts';
import { MAX_TAGS_PER_PURGE, type PurgeAnswer, purgeAnswerSchema } from '../../../contracts/publish-lock.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
import { takePublishLock } from '../../../scripts/content/publish/publish-lock.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import { createEdgeNetwork, type EdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const SECRET = 'test-publish-secret';
const renderCache = runRenderCache();
/** The follow-ups, scaled down: the manifest 1 s after the first purge, both 2 s after it. */
const AGAIN = '1 2';
let worker: LocalWorker;
let bare: LocalWorker;
let network: EdgeNetwork;
/** How many times the stand-in's origin served each path: a page served again is fresh. */
const served = new Map<string, number>();

beforeAll(async () => {
  network = createEdgeNetwork({
    origin: async (request) => {
      const path = new URL(request.url).pathname;
      served.set(path, (served.get(path) ?? 0) + 1);
      const headers = { 'Cache-Control': 'public, max-age=86400', 'Cache-Tag': `site,entry:news${path}` };
      return new Response(`${path} ${served.get(path)}`, { headers });
    },
  });
  [worker, bare] = await Promise.all([
    startLocalWorker({
      assetsDir: null,
      bindings: { PUBLISH_SECRET: SECRET, PURGE_AGAIN_SECONDS: AGAIN },
      edgePurge: (request) => network.purgeRequest(request),
    }),
    startLocalWorker({ assetsDir: null, bindings: { PUBLISH_SECRET: SECRET, PURGE_AGAIN_SECONDS: '' } }),
  ]);
});
afterAll(() => Promise.all([worker?.dispose(), bare?.dispose()]));

async function post(body: unknown, { token = SECRET as string | null, to = worker } = {}): Promise<{ status: number; json: unknown }> {
  const response = await to.fetch(PUBLISH_PURGE_API_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : text };
}
const purge = async (namespace: string, tags: string[], version: number | null = null, to = worker): Promise<PurgeAnswer> => {
  const answer = await post({ namespace, version, tags }, { to });
  expect(answer.status).toBe(200);
  return purgeAnswerSchema.parse(answer.json);
};
/** A visitor's request through the stand-in. */
const page = async (path: string) => (await network.dataCentre('lhr').fetch(new Request(`https://race-element.test${path}`))).text();

describe('the purge route', () => {
  test('without the bearer token, or with a wrong one: 401', async () => {
    for (const token of [null, 'wrong-publish-secret'])
      expect((await post({ namespace: 'n', version: 1, tags: ['site'] }, { token })).status).toBe(401);
  });

  test('a bad body: 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      ['{', /^Body field \(root\): /],
      [{ version: 1, tags: ['site'] }, /^Body field namespace: /],
      [{ namespace: 'n', tags: ['site'] }, /^Body field version: /],
      [{ namespace: 'n', version: 1, tags: Array.from({ length: MAX_TAGS_PER_PURGE + 1 }, (_, i) => `t${i}`) }, /^Body field tags: /],
      [{ namespace: 'n', version: 1, tags: ['has space'] }, /^Body field tags\.0: a tag is 1 to 1024 printable ASCII characters$/],
      [{ namespace: 'n', version: 1, tags: ['entry:guide/Ünïcode'] }, /^Body field tags\.0: /],
      [{ namespace: 'n', version: 1, tags: ['site'], everything: true }, /^Body field \(root\): /],
    ];
    for (const [body, error] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((answer.json as { error: string }).error, JSON.stringify(body).slice(0, 60)).toMatch(error);
    }
  });

  test('where no cache runs (workerd alone) a purge is done at once, nothing waits; no tags: only the queue’s state', async () => {
    expect(await purge('bare', [MANIFEST_TAG, 'entry:news/a'], 1, bare)).toEqual({
      purgedNow: true,
      followUps: [],
      waiting: 0,
      next: null,
      refusal: null,
    });
    expect(await purge('bare', [], null, bare)).toMatchObject({ purgedNow: false, waiting: 0, next: null });
  });
});

describe('the purge queue and the stand-in of Workers Cache', () => {
  test('purged now on both scopes, then again by the alarm at the follow-ups; the page is fresh after each', async () => {
    await page('/first');
    const before = network.purges.length;
    const answer = await purge('follow-ups', [MANIFEST_TAG, 'entry:news/first'], 4);
    expect(answer).toMatchObject({ purgedNow: true, waiting: 3, refusal: null });
    expect(answer.followUps).toHaveLength(2);
    expect(network.purges.slice(before).map((p) => p.tags)).toEqual([[MANIFEST_TAG], ['entry:news/first']]);
    expect(await page('/first')).toBe('/first 2');
    await vi.waitFor(async () => expect((await purge('follow-ups', [])).waiting).toBe(0), { timeout: 30_000, interval: 200 });
    expect(network.purges.slice(before).map((p) => p.tags)).toEqual([
      [MANIFEST_TAG],
      ['entry:news/first'],
      [MANIFEST_TAG],
      [MANIFEST_TAG],
      ['entry:news/first'],
    ]);
    expect(network.purges.every((p) => p.result.success)).toBe(true);
    expect(await page('/first')).toBe('/first 3');
  });

  test('a refused purge is queued, retried from the alarm once the bucket has refilled, and then the page is fresh', async () => {
    await page('/refused');
    network.limits.refuseNext(1);
    const answer = await purge('refusals', ['entry:news/refused']);
    expect(answer).toMatchObject({ purgedNow: false, waiting: 2 });
    expect(answer.refusal).toMatch(
      /^the cache refused the purge of the pages at \d\d:\d\d:\d\d UTC \(429 rate limited: at most 5 purge requests a minute, in bursts of 25\); the Worker tries again at \d\d:\d\d:\d\d UTC$/,
    );
    expect(answer.next).toBeGreaterThan(Date.now());
    expect(await page('/refused')).toBe('/refused 1');
    // The retry carries the refused round and its follow-up, due by then: one request.
    await vi.waitFor(async () => expect(await purge('refusals', [])).toMatchObject({ waiting: 0, next: null, refusal: null }), {
      timeout: 60_000,
      interval: 500,
    });
    expect(network.purges.at(-1)).toMatchObject({ tags: ['entry:news/refused'], result: { success: true } });
    expect(await page('/refused')).toBe('/refused 2');
  });

  test('an upload whose purge the cache refuses succeeds, saying when the Worker purges and that nothing is to be done', async () => {
    network.limits.refuseNext(1);
    const lines: string[] = [];
    const outcome = await uploadContent({
      content: await loadFixtureSite(),
      store: worker.store,
      renderCache,
      cards: null,
      diagrams: null,
      log: (line) => lines.push(line),
      lock: () => takePublishLock({ origin: worker.url.href, secret: SECRET, namespace: 'refused-upload' }),
    });
    expect(outcome).toMatchObject({ ok: true, purged: [MANIFEST_TAG, 'site'], purge: { purgedNow: false } });
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^queued: v\d+ is live; the Worker purges 2 tag\(s\) \(manifest, site\) from the cache in front of it at \d\d:\d\d:\d\d UTC \(the cache refused the purge of the manifest at .+: nothing to do, it retries on its own; `npm run upload -- --purge` asks again\)$/,
      ),
    );
  });

  test('the queue keeps within the bucket: past its 25 requests purges are queued, not refused, then merged into one', async () => {
    // A Worker and stand-in of their own, without follow-ups: a full bucket, as the lock estimates it.
    const own = createEdgeNetwork({ origin: async () => new Response('x') });
    const paced = await startLocalWorker({
      assetsDir: null,
      bindings: { PUBLISH_SECRET: SECRET, PURGE_AGAIN_SECONDS: '' },
      edgePurge: (request) => own.purgeRequest(request),
    });
    try {
      const tags = Array.from({ length: 27 }, (_, i) => `entry:news/p${i}`);
      const answers: PurgeAnswer[] = [];
      for (const tag of tags) answers.push(await purge('bucket', [tag], null, paced));
      expect(answers.map((a) => a.purgedNow)).toEqual([...Array(25).fill(true), false, false]);
      expect(answers.at(-1)).toMatchObject({ waiting: 2, refusal: null });
      expect(own.purges).toHaveLength(25);
      await vi.waitFor(() => expect(own.purges).toHaveLength(26), { timeout: 60_000, interval: 200 });
      expect(own.purges.at(-1)).toMatchObject({ tags: tags.slice(25), result: { success: true } });
      expect(own.purges.filter((p) => !p.result.success)).toEqual([]);
      expect(await purge('bucket', [], null, paced)).toMatchObject({ waiting: 0, next: null });
    } finally {
      await paced.dispose();
    }
  });
});
