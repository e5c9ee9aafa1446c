/**
 * Two uploads at once: the publish lock lets exactly one publish, and the compare-and-swap refuses one that read a
 * stale manifest. Real uploads, contract server, workerd's Durable Object (one Worker for both tests).
 */

import { afterAll, beforeAll, expect, test } from 'vitest';
import { historyKey, MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import { parseStored } from '../../../contracts/kv-values.ts';
import { openCloudflareKvStore } from '../../../scripts/content/kv/cloudflare-kv-store.ts';
import { historyRecordSchema } from '../../../scripts/content/publish/history.ts';
import { namedKeys } from '../../../scripts/content/publish/named-keys.ts';
import { UploadConflictError } from '../../../scripts/content/publish/publish-error.ts';
import { takePublishLock } from '../../../scripts/content/publish/publish-lock.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { type CloudflareKvApi, startKvApi } from '../../support/cloudflare-kv-api.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const SECRET = 'test-publish-secret';
const ACCOUNT = 'acc-lock';
const TOKEN = 'write-token';

const renderCache = runRenderCache();
let real: ContentFolder;
const apis: CloudflareKvApi[] = [];
let worker: LocalWorker;
beforeAll(async () => {
  [real, worker] = await Promise.all([loadFixtureSite(), startLocalWorker({ assetsDir: null, bindings: { PUBLISH_SECRET: SECRET } })]);
});
afterAll(async () => {
  for (const api of apis) await api.close();
  await worker?.dispose();
});

/** A contract server holding `namespace`, a lock of its own in the shared Worker. */
async function kvApi(namespace: string, visibilityDelayMs = 0): Promise<CloudflareKvApi & { namespace: string }> {
  const api = Object.assign(
    await startKvApi({ accountId: ACCOUNT, namespaces: [namespace], tokens: { [TOKEN]: 'write' }, visibilityDelayMs }),
    {
      namespace,
    },
  );
  apis.push(api);
  return api;
}

/** One `npm run upload -- --remote`, logging into `lines`; its writes wait for `hold`. */
async function upload(
  api: CloudflareKvApi & { namespace: string },
  content: ContentFolder,
  now: string,
  lines: string[],
  hold?: Promise<unknown>,
) {
  const store = await openCloudflareKvStore({ accountId: ACCOUNT, namespaceId: api.namespace, apiToken: TOKEN, baseURL: api.baseURL });
  return uploadContent({
    content,
    store: hold ? { ...store, putMany: (pairs) => hold.then(() => store.putMany(pairs)) } : store,
    now,
    // Not for two at once: they would write the same cache files.
    ...(hold ? {} : { renderCache }),
    log: (line) => lines.push(line),
    lock: () => takePublishLock({ origin: worker.url.href, secret: SECRET, namespace: api.namespace }),
  });
}

const edited = (): ContentFolder => ({
  ...real,
  files: real.files.map((f, i) => (i === 0 ? { ...f, source: `${f.source}\n\nEdited.\n` } : f)),
});

test('two uploads at once: exactly one publishes, the other stops naming the holder and writes nothing', async () => {
  const api = await kvApi('ns-race');
  const now = '2026-11-23T12:00:00.000Z';
  // Each one's writes wait until the other is answered: the one holding the lock holds it while the other asks.
  const answered: ((value?: unknown) => void)[] = [];
  const settled = [0, 1].map(() => new Promise((resolve) => answered.push(resolve)));
  const uploads = [upload(api, real, now, [], settled[1]), upload(api, edited(), now, [], settled[0])];
  uploads.forEach((u, i) => void u.then(answered[i], answered[i]));
  const results = await Promise.allSettled(uploads);
  const published = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(published).toHaveLength(1);
  expect(refused).toHaveLength(1);
  const error = refused[0]!.reason as Error;
  expect(error).toBeInstanceOf(UploadConflictError);
  expect(error.message).toMatch(
    /^another upload holds the publish lock \(\S+ \(pid \d+, \w+\), until \d{4}-\d\d-\d\dT[\d:.]+Z\); the live version is none: nothing was written\./,
  );
  // The loser wrote nothing: every write the server saw belongs to the one manifest it holds.
  const contents = api.contents(api.namespace);
  expect(JSON.parse(contents.get(MANIFEST_KEY)!)).toMatchObject({ format: 2, version: 1 });
  const { manifest } = parseStored(historyRecordSchema, contents.get(historyKey(1))!, 'the record of version 1');
  const named = new Set(namedKeys(manifest));
  expect([...contents.keys()].filter((key) => key !== MANIFEST_KEY && key !== historyKey(1) && !named.has(key))).toEqual([]);
});

test('an upload that reads a stale manifest after another published is refused by the compare-and-swap, writing no manifest', async () => {
  // Writes reach reads only after 3 s: the second upload plans against no manifest.
  const api = await kvApi('ns-stale', 3_000);
  const outcome = await upload(api, real, '2026-11-23T12:00:00.000Z', []);
  expect(outcome.ok && outcome.plan.manifest.version).toBe(1);
  const manifest = () => api.contents(api.namespace).get(MANIFEST_KEY);
  const live = manifest();
  const second = upload(api, edited(), '2026-11-23T12:00:01.000Z', []);
  await expect(second).rejects.toThrow(
    /^the publish lock refused version 1: it read the manifest as none, but v1 was published \d+ s ago and is live; KV does not show it here yet: run the upload again in \d+ s\. This upload wrote no manifest/,
  );
  expect(manifest()).toBe(live);
});
