/**
 * The purge route: behind the publish routes' bearer check, its body checked field by field, and under workerd (no cache
 * in front of the Worker) the tags answered as purged for a stand-in to act on. workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_TAGS_PER_PURGE, purgeAnswerSchema } from '../../../contracts/edge-cache.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';

const SECRET = 'test-publish-secret';
let worker: LocalWorker;
beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null, bindings: { PUBLISH_SECRET: SECRET } });
});
afterAll(() => worker?.dispose());

async function purge(body: unknown, token: string | null = SECRET): Promise<{ status: number; json: unknown }> {
  const response = await worker.fetch(PUBLISH_PURGE_API_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : text };
}

describe('the purge route', () => {
  test('without the bearer token, or with a wrong one: 401', async () => {
    for (const token of [null, 'wrong-publish-secret']) expect((await purge({ tags: ['site'] }, token)).status).toBe(401);
  });

  test('a bad body: 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      ['{', /^Body field \(root\): /],
      [{}, /^Body field tags: /],
      [{ tags: [] }, /^Body field tags: /],
      [{ tags: Array.from({ length: MAX_TAGS_PER_PURGE + 1 }, (_, i) => `t${i}`) }, /^Body field tags: /],
      [{ tags: ['has space'] }, /^Body field tags\.0: a tag is 1 to 1024 printable ASCII characters$/],
      [{ tags: ['entry:guide/Ünïcode'] }, /^Body field tags\.0: /],
      [{ tags: ['site'], everything: true }, /^Body field \(root\): /],
    ];
    for (const [body, error] of cases) {
      const answer = await purge(body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((answer.json as { error: string }).error, JSON.stringify(body).slice(0, 60)).toMatch(error);
    }
  });

  test('the tags: 200, answered as purged (no cache in front of workerd: a stand-in acts on this answer)', async () => {
    for (const tags of [['site', 'list:news', 'entry:guide/DSX', 'search'], ['manifest', 'entry:guide/DSX'], ['search']]) {
      // With the manifest's tag or the site's, the manifest's entrypoint purges its own cache too (an RPC call).
      const answer = await purge({ tags });
      expect(answer).toEqual({ status: 200, json: { ok: true, purged: tags } });
      expect(purgeAnswerSchema.parse(answer.json)).toEqual({ ok: true, purged: tags });
    }
  });
});
