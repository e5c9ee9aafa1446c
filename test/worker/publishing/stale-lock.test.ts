/**
 * A publish lock remembering a version its namespace lacks: the upload stops naming the reset command, which
 * refuses while unsafe and then lets it publish. workerd's Durable Object, contract server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import { manifestSchema, parseStored } from '../../../contracts/kv-values.ts';
import { openCloudflareKvStore } from '../../../scripts/content/kv/cloudflare-kv-store.ts';
import { historyKey } from '../../../scripts/content/publish/history.ts';
import { UploadConflictError } from '../../../scripts/content/publish/publish-error.ts';
import { acquirePublishLease, RESET_LOCK_COMMAND } from '../../../scripts/content/publish/publish-lease-client.ts';
import { resetPublishLock } from '../../../scripts/content/publish/reset-lock.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { type CloudflareKvApi, startKvApi } from '../../support/cloudflare-kv-api.ts';

const SECRET = 'stale-lock-secret';
const HOLDER = 'maintainer@laptop (pid 7)';
const content: ContentFolder = {
  files: [
    { file: 'guide-pit.md', source: '---\ntitle: Pit\nslug: pit\ndescription: Pit stops\ntype: guide\n---\nBox, box.\n' },
    { file: 'news-start.md', source: '---\ntitle: Start\nslug: start\ndescription: The start\ntype: news\ndate: 2026-01-05\n---\nGo.\n' },
  ],
  samples: [],
};

let worker: LocalWorker;
let api: CloudflareKvApi;
beforeAll(async () => {
  [worker, api] = await Promise.all([
    startLocalWorker({ bindings: { PUBLISH_SECRET: SECRET }, listen: true }),
    startKvApi({ accountId: 'acc', namespaces: ['old', 'recreated'], tokens: { token: 'write' } }),
  ]);
});
afterAll(async () => {
  await worker?.dispose();
  await api?.close();
});

const store = (namespaceId: string) =>
  openCloudflareKvStore({ accountId: 'acc', namespaceId, apiToken: 'token', baseURL: api.baseURL, writeIntervalMs: 0 });
const lease = { origin: '', secret: SECRET, holder: HOLDER };
const upload = async (namespaceId: string, folder = content) =>
  uploadContent({
    content: folder,
    store: await store(namespaceId),
    diagrams: null,
    cards: null,
    lock: () => acquirePublishLease({ ...lease, origin: worker.url.href }),
  });
const resetLock = async (namespaceId: string, settleSeconds?: number) => {
  const lines: string[] = [];
  await resetPublishLock({
    ...lease,
    origin: worker.url.href,
    store: await store(namespaceId),
    log: (line) => lines.push(line),
    ...(settleSeconds === undefined ? {} : { settleSeconds }),
  });
  return lines;
};
const manifestVersion = async (namespaceId: string) =>
  parseStored(manifestSchema, (await (await store(namespaceId)).get(MANIFEST_KEY))!, 'manifest').version;

test('a recreated namespace: the upload names the stale lock and the command; the command clears it; the upload publishes', async () => {
  expect((await upload('old')).ok).toBe(true);
  expect((await upload('old')).ok).toBe(true);
  expect(await manifestVersion('old')).toBe(1);

  // The same Worker, a new empty namespace: the lock still remembers v1.
  const refused = upload('recreated');
  await expect(refused).rejects.toBeInstanceOf(UploadConflictError);
  const message = ((await refused.catch((error: Error) => error)) as Error).message;
  expect(message).toMatch(
    /^the publish lock refused version 1 \(planned against none, but v1 was reserved since\): nothing was written\. /,
  );
  expect(message).toContain('If this namespace was recreated or its manifest removed, the lock is stale');
  expect(message).toContain(`\`${RESET_LOCK_COMMAND}\``);
  // Nothing was written to the new namespace.
  expect([...api.contents('recreated').keys()]).toEqual([]);

  // Refused while v1 may just not be visible yet (reserved moments ago), and for a namespace that has it.
  await expect(resetLock('recreated')).rejects.toThrow(/^the publish lock reserved v1 \d+ s ago, and KV may not show its manifest yet/);
  await expect(resetLock('old', 0)).rejects.toThrow(
    'the namespace has manifest v1, at or above the v1 the publish lock remembers: the lock is not stale, nothing was changed.',
  );
  // Refused while an upload holds the lease.
  const other = await acquirePublishLease({ ...lease, origin: worker.url.href, holder: 'someone@else (pid 9)' });
  await expect(resetLock('recreated', 0)).rejects.toThrow(/^another upload holds the publish lock \(held by someone@else \(pid 9\) until /);
  await other.release('not-published');

  // Past the settling time (given here as 0 s, not waited for): cleared, and the upload publishes v1.
  expect(await resetLock('recreated', 0)).toEqual([
    'The publish lock remembered v1, which this namespace does not have (no manifest); it now remembers none, so the next upload publishes v1.',
  ]);
  expect((await upload('recreated')).ok).toBe(true);
  expect(await manifestVersion('recreated')).toBe(1);
  // Nothing left to reset.
  await expect(resetLock('recreated', 0)).rejects.toThrow('the lock is not stale, nothing was changed.');
});

test('a manifest removed by hand: the lock goes back to what the namespace has', async () => {
  // Two more versions of the recreated namespace, then its manifest put back to v1 by hand.
  const edited = (text: string): ContentFolder => ({
    ...content,
    files: content.files.map((f, i) => (i === 0 ? { ...f, source: `${f.source}${text}\n` } : f)),
  });
  for (const text of ['Two.', 'Three.']) expect((await upload('recreated', edited(text))).ok).toBe(true);
  const namespace = await store('recreated');
  expect(await manifestVersion('recreated')).toBe(3);
  await namespace.put(MANIFEST_KEY, JSON.stringify(JSON.parse((await namespace.get(historyKey(1)))!).manifest));
  await expect(upload('recreated', edited('Four.'))).rejects.toThrow('planned against v1, but v3 was reserved since');
  expect(await resetLock('recreated', 0)).toEqual([
    'The publish lock remembered v3, which this namespace does not have (manifest v1); it now remembers v1, so the next upload publishes v2.',
  ]);
  expect((await upload('recreated', edited('Four.'))).ok).toBe(true);
  expect(await manifestVersion('recreated')).toBe(2);
});
