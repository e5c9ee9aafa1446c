/**
 * The publish lock's endpoints: bearer auth, lease and compare-and-swap over HTTP, bad bodies named by
 * field, 503 without PUBLISH_SECRET, the XSRF gate first. workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLISH_COMMIT_API_PATH, PUBLISH_LEASE_API_PATH, PUBLISH_RELEASE_API_PATH } from '../../../contracts/routes.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';

const SECRET = 'test-publish-secret';
let worker: LocalWorker;
let unconfigured: LocalWorker;
beforeAll(async () => {
  [worker, unconfigured] = await Promise.all([startLocalWorker({ bindings: { PUBLISH_SECRET: SECRET } }), startLocalWorker()]);
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
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('authentication', () => {
  test('no token, a wrong token, or a token of another length: 401, and nothing is taken', async () => {
    for (const token of [null, 'wrong-publish-secret', `${SECRET}x`, '']) {
      expect(await post(PUBLISH_LEASE_API_PATH, { holder: 'intruder', ttlSeconds: 60 }, token)).toEqual({
        status: 401,
        json: { error: 'Missing or wrong bearer token (the value of PUBLISH_SECRET).' },
      });
    }
    const free = await post(PUBLISH_LEASE_API_PATH, { holder: 'probe', ttlSeconds: 1 });
    expect(free.status).toBe(200);
    await post(PUBLISH_RELEASE_API_PATH, { holder: 'probe', outcome: 'not-published' });
  });

  test('a Worker without PUBLISH_SECRET refuses every call with 503', async () => {
    expect(await post(PUBLISH_LEASE_API_PATH, { holder: 'A', ttlSeconds: 60 }, SECRET, unconfigured)).toEqual({
      status: 503,
      json: { error: 'Publishing is not configured on this server (PUBLISH_SECRET is missing).' },
    });
  });

  test('bad bodies are named by field', async () => {
    expect(await post(PUBLISH_LEASE_API_PATH, '{')).toEqual({ status: 400, json: { error: 'Body is not valid JSON.' } });
    const tooLong = await post(PUBLISH_LEASE_API_PATH, { holder: 'A', ttlSeconds: 100_000 });
    expect(tooLong.status).toBe(400);
    expect((tooLong.json as { error: string }).error).toMatch(/^Body field ttlSeconds: /);
    const extra = await post(PUBLISH_COMMIT_API_PATH, { holder: 'A', basedOn: 1, version: 2, force: true });
    expect(extra.status).toBe(400);
  });
});

describe('the lock through HTTP', () => {
  test('lease, compare-and-swap and release, in the Durable Object', async () => {
    const a = await post(PUBLISH_LEASE_API_PATH, { holder: 'A', ttlSeconds: 60 });
    expect(a).toMatchObject({ status: 200, json: { ok: true } });
    const b = await post(PUBLISH_LEASE_API_PATH, { holder: 'B', ttlSeconds: 60 });
    expect(b).toMatchObject({ status: 409, json: { ok: false, holder: 'A' } });
    expect((b.json as { reason: string }).reason).toMatch(/^held by A until \d{4}-/);

    expect(await post(PUBLISH_COMMIT_API_PATH, { holder: 'B', basedOn: null, version: 1 })).toEqual({
      status: 409,
      json: { ok: false, reason: 'B does not hold the publish lease (the lease is held by A)' },
    });
    expect(await post(PUBLISH_COMMIT_API_PATH, { holder: 'A', basedOn: null, version: 1 })).toEqual({
      status: 200,
      json: { ok: true, version: 1 },
    });
    expect(await post(PUBLISH_RELEASE_API_PATH, { holder: 'A', outcome: 'published' })).toEqual({ status: 200, json: { ok: true } });

    expect((await post(PUBLISH_LEASE_API_PATH, { holder: 'B', ttlSeconds: 60 })).status).toBe(200);
    // The refusal says what the lock remembers, and since when.
    const refused = await post(PUBLISH_COMMIT_API_PATH, { holder: 'B', basedOn: null, version: 1 });
    expect(refused).toMatchObject({
      status: 409,
      json: { ok: false, reason: 'planned against none, but v1 was reserved since', reserved: 1 },
    });
    expect((refused.json as { reservedSecondsAgo: number }).reservedSecondsAgo).toBeLessThan(60);
    expect((await post(PUBLISH_COMMIT_API_PATH, { holder: 'B', basedOn: 1, version: 2 })).status).toBe(200);
    await post(PUBLISH_RELEASE_API_PATH, { holder: 'B', outcome: 'published' });
  });
});

describe('the XSRF gate still covers everything else', () => {
  const xsrfRefusal = { status: 403, json: { error: 'Missing X-XSRF-TOKEN header.' } };

  test('other methods on the publish paths, near-miss paths and other APIs need the XSRF token even with the bearer token', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect(await post(PUBLISH_LEASE_API_PATH, { holder: 'A', ttlSeconds: 60 }, SECRET, worker, method)).toEqual(xsrfRefusal);
    for (const path of [
      `${PUBLISH_LEASE_API_PATH}/x`,
      '/api/_analog/publish',
      '/api/_analog/publish/',
      '/api/_analog/publish/other',
      '/api/_analog/analytics/hits',
    ]) {
      expect(await post(path, { holder: 'A', ttlSeconds: 60 })).toEqual(xsrfRefusal);
    }
  });
});
