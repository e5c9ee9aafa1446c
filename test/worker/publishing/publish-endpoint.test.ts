/**
 * The publish lock's routes: bearer auth, claim and compare-and-swap over HTTP, bad bodies named by field, 503
 * without PUBLISH_SECRET, the XSRF gate first. workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLISH_CLAIM_API_PATH, PUBLISH_COMMIT_API_PATH, PUBLISH_RELEASE_API_PATH } from '../../../contracts/routes.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';

const SECRET = 'test-publish-secret';
let worker: LocalWorker;
let unconfigured: LocalWorker;
beforeAll(async () => {
  [worker, unconfigured] = await Promise.all([
    startLocalWorker({ assetsDir: null, bindings: { PUBLISH_SECRET: SECRET } }),
    startLocalWorker({ assetsDir: null }),
  ]);
});
afterAll(async () => {
  await worker?.dispose();
  await unconfigured?.dispose();
});

async function post(
  path: string,
  body: unknown,
  token: string | null = SECRET,
  on = worker,
  method = 'POST',
): Promise<{ status: number; json: unknown }> {
  const response = await on.fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify({ namespace: 'ns-1', ...(body as object) }),
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : text };
}

describe('authentication', () => {
  test('no token, a wrong token, or a token of another length: 401, and nothing is taken', async () => {
    for (const token of [null, 'wrong-publish-secret', `${SECRET}x`]) {
      expect((await post(PUBLISH_CLAIM_API_PATH, { holder: 'intruder' }, token)).status).toBe(401);
    }
    expect(await post(PUBLISH_CLAIM_API_PATH, { holder: 'probe' })).toEqual({ status: 200, json: { ok: true } });
    await post(PUBLISH_RELEASE_API_PATH, { holder: 'probe' });
  });

  test('a Worker without PUBLISH_SECRET refuses every call with 503', async () => {
    expect(await post(PUBLISH_CLAIM_API_PATH, { holder: 'A' }, SECRET, unconfigured)).toEqual({
      status: 503,
      json: { error: 'Publishing is not configured on this server (PUBLISH_SECRET is missing).' },
    });
  });

  test('bad bodies are named by field', async () => {
    expect(await post(PUBLISH_CLAIM_API_PATH, '{')).toEqual({
      status: 400,
      json: { error: 'Body field (root): Invalid input: expected object, received undefined' },
    });
    const negative = await post(PUBLISH_COMMIT_API_PATH, { holder: 'A', basedOn: 1, version: -2, tags: ['site'] });
    expect(negative.status).toBe(400);
    expect((negative.json as { error: string }).error).toMatch(/^Body field version: /);
    expect((await post(PUBLISH_COMMIT_API_PATH, { holder: 'A', basedOn: 1, version: 2, tags: [], force: true })).status).toBe(400);
    // The tags its manifest changes, which the Worker purges again once KV has settled.
    const untagged = await post(PUBLISH_COMMIT_API_PATH, { holder: 'A', basedOn: 1, version: 2 });
    expect((untagged.json as { error: string }).error).toMatch(/^Body field tags: /);
  });
});

describe('the lock through HTTP', () => {
  test('claim, compare-and-swap and release, in the Durable Object', async () => {
    expect(await post(PUBLISH_CLAIM_API_PATH, { holder: 'A' })).toEqual({ status: 200, json: { ok: true } });
    const b = await post(PUBLISH_CLAIM_API_PATH, { holder: 'B' });
    expect(b.status).toBe(409);
    expect((b.json as { reason: string }).reason).toMatch(
      /^another upload holds the publish lock \(A, until \d{4}-[^)]+\); the live version is none$/,
    );
    expect(await post(PUBLISH_COMMIT_API_PATH, { holder: 'B', basedOn: null, version: 1, tags: ['site'] })).toEqual({
      status: 409,
      json: { ok: false, reason: "this upload's lock lapsed and A took it; the live version is none" },
    });
    expect(await post(PUBLISH_COMMIT_API_PATH, { holder: 'A', basedOn: null, version: 1, tags: ['site'] })).toEqual({
      status: 200,
      json: { ok: true },
    });
    expect(await post(PUBLISH_RELEASE_API_PATH, { holder: 'A' })).toEqual({ status: 200, json: { ok: true } });

    expect((await post(PUBLISH_CLAIM_API_PATH, { holder: 'B' })).status).toBe(200);
    const stale = await post(PUBLISH_COMMIT_API_PATH, { holder: 'B', basedOn: null, version: 1, tags: ['site'] });
    expect(stale.status).toBe(409);
    expect((stale.json as { reason: string }).reason).toMatch(/^it read the manifest as none, but v1 was published \d+ s ago and is live;/);
    expect((await post(PUBLISH_COMMIT_API_PATH, { holder: 'B', basedOn: 1, version: 2, tags: ['site'] })).status).toBe(200);
    await post(PUBLISH_RELEASE_API_PATH, { holder: 'B' });
  });
});

describe('the XSRF gate still covers everything else', () => {
  const xsrfRefusal = { status: 403, json: { error: 'Missing X-XSRF-TOKEN header.' } };

  test('other methods on the publish paths, near-miss paths and other APIs need the XSRF token even with the bearer token', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect(await post(PUBLISH_CLAIM_API_PATH, { holder: 'A' }, SECRET, worker, method)).toEqual(xsrfRefusal);
    for (const path of [
      `${PUBLISH_CLAIM_API_PATH}/x`,
      '/api/_analog/publish',
      '/api/_analog/publish/',
      '/api/_analog/publish/other',
      '/api/_analog/analytics/hits',
    ]) {
      expect(await post(path, { holder: 'A' })).toEqual(xsrfRefusal);
    }
  });
});
