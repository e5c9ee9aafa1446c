/**
 * Two uploads at once: the publish lock lets exactly one publish, and the compare-and-swap refuses one
 * that read a stale manifest. Real uploads, contract server, workerd's Durable Object.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import { manifestSchema, parseStored } from '../../../contracts/kv-values.ts';
import { openCloudflareKvStore } from '../../../scripts/content/kv/cloudflare-kv-store.ts';
import { historyKey } from '../../../scripts/content/publish/history.ts';
import { namedKeys } from '../../../scripts/content/publish/named-keys.ts';
import { UploadConflictError } from '../../../scripts/content/publish/publish-error.ts';
import { acquirePublishLease } from '../../../scripts/content/publish/publish-lease-client.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { type CloudflareKvApi, startKvApi } from '../../support/cloudflare-kv-api.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const SECRET = 'test-publish-secret';
const ACCOUNT = 'acc-lock';
const NS = 'content-ns';
const TOKEN = 'write-token';

const renderCache = runRenderCache();
let real: ContentFolder;
const apis: CloudflareKvApi[] = [];
const workers: LocalWorker[] = [];
beforeAll(async () => {
  real = await loadFixtureSite();
});
afterAll(async () => {
  for (const api of apis) await api.close();
  for (const worker of workers) await worker.dispose();
});

/** A fresh Worker (a fresh Durable Object) serving the lock on a loopback port. */
async function lockWorker(): Promise<LocalWorker> {
  const worker = await startLocalWorker({ bindings: { PUBLISH_SECRET: SECRET }, listen: true });
  workers.push(worker);
  return worker;
}

async function kvApi(visibilityDelayMs = 0): Promise<CloudflareKvApi> {
  const api = await startKvApi({ accountId: ACCOUNT, namespaces: [NS], tokens: { [TOKEN]: 'write' }, visibilityDelayMs });
  apis.push(api);
  return api;
}

/** One `npm run upload -- --remote`, as `holder`, logging into `lines`. */
async function upload(worker: LocalWorker, api: CloudflareKvApi, holder: string, content: ContentFolder, now: string, lines: string[]) {
  const store = await openCloudflareKvStore({ accountId: ACCOUNT, namespaceId: NS, apiToken: TOKEN, baseURL: api.baseURL });
  return uploadContent({
    content,
    store,
    now,
    renderCache,
    log: (line) => lines.push(line),
    lock: () => acquirePublishLease({ origin: worker.url.href, secret: SECRET, holder }),
  });
}

const edited = (): ContentFolder => ({
  ...real,
  files: real.files.map((f, i) => (i === 0 ? { ...f, source: `${f.source}\n\nEdited.\n` } : f)),
});

test('two uploads at once: exactly one publishes, the other stops naming the holder and writes nothing', async () => {
  const [api, worker] = await Promise.all([kvApi(), lockWorker()]);
  const now = '2026-11-23T12:00:00.000Z';
  const results = await Promise.allSettled([
    upload(worker, api, 'alice@laptop (pid 1)', real, now, []),
    upload(worker, api, 'bob@desktop (pid 2)', edited(), now, []),
  ]);
  const published = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(published).toHaveLength(1);
  expect(refused).toHaveLength(1);
  const error = refused[0]!.reason as Error;
  expect(error).toBeInstanceOf(UploadConflictError);
  const winner = results[0]!.status === 'fulfilled' ? 'alice@laptop (pid 1)' : 'bob@desktop (pid 2)';
  expect(error.message).toMatch(
    new RegExp(
      `^another upload holds the publish lock \\(held by ${winner.replace(/[()]/g, '\\$&')} until \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\): nothing was written\\.`,
    ),
  );
  // The loser wrote nothing: every write the server saw belongs to the one manifest it holds.
  const contents = api.contents(NS);
  const manifest = parseStored(manifestSchema, contents.get(MANIFEST_KEY)!, 'manifest');
  expect(manifest.version).toBe(1);
  const named = new Set(namedKeys(manifest));
  expect([...contents.keys()].filter((key) => key !== MANIFEST_KEY && key !== historyKey(1) && !named.has(key))).toEqual([]);
});

test('an upload that reads a stale manifest after another published is refused by the compare-and-swap, before writing', async () => {
  // Writes reach reads only after 3 s: the second upload plans against "no manifest".
  const [api, worker] = await Promise.all([kvApi(3_000), lockWorker()]);
  const first: string[] = [];
  const outcome = await upload(worker, api, 'alice@laptop (pid 1)', real, '2026-11-23T12:00:00.000Z', first);
  expect(outcome.ok).toBe(true);
  const writesBefore = api.log.filter((r) => r.operation === 'bulk.write' || r.operation === 'value.put').length;
  const second = upload(worker, api, 'bob@desktop (pid 2)', edited(), '2026-11-23T12:00:01.000Z', []);
  await expect(second).rejects.toThrow(
    /^the publish lock refused version 1 \(planned against none, but v1 was reserved since\): nothing was written\. Run the upload again: v1 was reserved \d+ s ago, and KV shows a new manifest everywhere within 60 s\./,
  );
  expect(api.log.filter((r) => r.operation === 'bulk.write' || r.operation === 'value.put').length).toBe(writesBefore);
});
