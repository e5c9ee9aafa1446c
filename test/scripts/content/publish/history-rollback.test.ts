/**
 * Publish history and rollback, locally and remotely: versions recorded and listed, rollback with one manifest write and
 * what it brought back, refusal when not kept or keys are gone, clean-ups keep kept versions' keys (npm start's apart).
 * Miniflare KV and the contract server.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { historyKey, MANIFEST_KEY } from '../../../../contracts/kv-keys.ts';
import { type Manifest, parseStored } from '../../../../contracts/kv-values.ts';
import { openCloudflareKvStore } from '../../../../scripts/content/kv/cloudflare-kv-store.ts';
import { type KvStore, kvStoreFromBinding, withBulkOperations } from '../../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../../scripts/content/kv/stored-records.ts';
import {
  formatHistory,
  type HistoryRecord,
  historyRecord,
  keptHistory,
  readHistory,
  historyRecordSchema as recordSchema,
  withHistory,
} from '../../../../scripts/content/publish/history.ts';
import type { UploadPlan } from '../../../../scripts/content/publish/plan-upload.ts';
import { machineUser } from '../../../../scripts/content/publish/publish-lock.ts';
import { RollbackRefusedError, rollback, rollbackLines } from '../../../../scripts/content/publish/rollback.ts';
import { uploadContent } from '../../../../scripts/content/publish/upload.ts';
import { verifyPublished } from '../../../../scripts/content/publish/verify.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';
import { type CloudflareKvApi, startKvApi } from '../../../support/cloudflare-kv-api.ts';
import { FIXTURE_SITE, loadFixtureSite } from '../../../support/fixture-site.ts';
import { runRenderCache } from '../../../support/run-render-cache.ts';
import { type CommandOutcome, runRemoteUpload, startPublishLock } from '../../../support/upload-command.ts';

const T = (day: number) => new Date(Date.UTC(2026, 1, day)).toISOString();
const renderCache = runRenderCache();

let real: ContentFolder;
let miniflare: LocalMiniflare;
beforeAll(async () => {
  real = await loadFixtureSite();
  miniflare = createMiniflare({
    modules: true,
    script: 'export default { fetch() { return new Response("") } }',
    kvNamespaces: ['LOCAL', 'GONE', 'KEEP', 'BROKEN'],
  });
});
afterAll(() => miniflare?.dispose());

const localStore = async (name: string) => kvStoreFromBinding((await miniflare.mf.getKVNamespace(name)) as unknown as KVNamespace);

/** Version 2: DSX edited, sponsor removed. Version 3: features edited too. */
// Spread from the fixture, so that its folder's file history (last edits, last changes) is the same in every version.
const v2 = (): ContentFolder => ({
  ...real,
  files: real.files
    .filter((f) => f.file !== 'sponsor.md')
    .map((f) => (f.file === 'guide-DSX.md' ? { ...f, source: `${f.source}\nVersion 2.\n` } : f)),
  samples: real.samples,
  media: real.media,
});
const v3 = (): ContentFolder => ({
  ...real,
  files: v2().files.map((f) => (f.file === 'features.md' ? { ...f, source: `${f.source}\nVersion 3.\n` } : f)),
  samples: real.samples,
  media: real.media,
});

async function publishThree(store: KvStore, keepVersions?: number): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  for (const [i, content] of [real, v2(), v3()].entries()) {
    const outcome = await uploadContent({ content, store, now: T(i + 1), renderCache, ...(keepVersions ? { keepVersions } : {}) });
    if (!outcome.ok) throw new Error('content problems');
    manifests.push(outcome.plan.manifest);
  }
  return manifests;
}
const liveManifest = async (store: KvStore) => (await readManifest(store))!;

describe('locally', () => {
  let store: KvStore;
  let published: Manifest[];
  beforeAll(async () => {
    store = await localStore('LOCAL');
    published = await publishThree(store);
  });

  test('--history lists every version: number, time, who, entries added, changed, removed', async () => {
    const by = machineUser();
    expect(formatHistory(await readHistory(store), 3)).toEqual([
      `v3  ${T(3)}  ${by}  0 added, 1 changed, 0 removed  (live)`,
      `v2  ${T(2)}  ${by}  0 added, 1 changed, 1 removed`,
      `v1  ${T(1)}  ${by}  26 added, 0 changed, 0 removed`,
    ]);
  });

  test('--rollback makes the previous version live under the next number, one manifest write, and says what came back', async () => {
    const keysBefore = new Set(await store.listKeys(''));
    const writes: string[] = [];
    const counting = withBulkOperations({
      ...store,
      put: async (key, value) => {
        writes.push(key);
        return store.put(key, value);
      },
    });
    const lines: string[] = [];
    const outcome = await rollback({ store: counting, now: T(4), log: (line) => lines.push(line) });
    // No publish lock here, so no Worker whose cache to purge.
    expect(outcome).toEqual({ version: 4, restored: 2, entries: 25, purged: [], purge: null });
    expect(writes).toEqual([historyKey(4), MANIFEST_KEY]);
    const live = await liveManifest(store);
    expect(live.version).toBe(4);
    expect(live.entries).toEqual(published[1]!.entries);
    expect(live.search).toBe(published[1]!.search);
    // Nothing else is written or deleted: the root names the pieces version 2 kept.
    expect(new Set(await store.listKeys(''))).toEqual(new Set([...keysBefore, historyKey(4)]));
    expect(live.pieces).toEqual(published[1]!.pieces);
    expect(JSON.parse((await store.get(MANIFEST_KEY))!)).toMatchObject({ format: 2, version: 4, search: published[1]!.search });
    expect(lines).toEqual([
      'restored  features.md → features (its text of version 2)',
      expect.stringMatching(/^\[KV writes\] 1 value in \d+\.\d s, [\d,–]+\/s$/),
      'rolled back: version 4 is live, with the content of version 2 (25 entries; no entry written).',
      'content/ now differs from what is live: the next save in `npm start` or the next `npm run upload` publishes content/ again.',
    ]);
    expect((await readHistory(store))[0]!.madeBy).toBe('rollback');
    expect(formatHistory(await readHistory(store), 4)[0]).toBe(
      `v4  ${T(4)}  ${machineUser()}  rollback to v2; 0 added, 1 changed, 0 removed  (live)`,
    );
    expect((await verifyPublished(store)).ok).toBe(true);
  });

  test('--rollback 1 restores a named version; the next upload publishes over it as usual', async () => {
    const lines: string[] = [];
    expect(await rollback({ store, version: 1, now: T(5), log: (line) => lines.push(line) })).toEqual({
      version: 5,
      restored: 1,
      entries: 26,
      purged: [],
      purge: null,
    });
    expect(lines.slice(0, 2)).toEqual(['restored  guide-DSX.md → DSX (its text of version 1)', 'restored  sponsor.md → sponsor']);
    expect((await liveManifest(store)).entries).toEqual(published[0]!.entries);
    const outcome = await uploadContent({ content: v3(), store, now: T(6), renderCache });
    expect(outcome.ok && outcome.plan.manifest.version).toBe(6);
    expect((await liveManifest(store)).entries.map((e) => e.key)).toEqual(published[2]!.entries.map((e) => e.key));
  });

  test('refused with nothing written: a version not kept, the live one', async () => {
    const keys = (await store.listKeys('')).sort();
    await expect(rollback({ store, version: 9, now: T(7) })).rejects.toThrow(
      new RollbackRefusedError('version 9 is not kept (kept: v6, v5, v4, v3, v2, v1)'),
    );
    await expect(rollback({ store, version: 2, keep: 3, now: T(7) })).rejects.toThrow('version 2 is not kept (kept: v6, v5, v4)');
    await expect(rollback({ store, version: 6, now: T(7) })).rejects.toThrow('version 6 is already live: nothing was written.');
    expect((await store.listKeys('')).sort()).toEqual(keys);
  });
});

test('a rollback to a version whose entries are gone is refused, naming them', async () => {
  const store = await localStore('GONE');
  const [first] = await publishThree(store);
  const sponsor = first!.entries.find((e) => e.slug === 'sponsor')!.key;
  await store.delete(sponsor);
  await expect(rollback({ store, version: 1, now: T(4) })).rejects.toThrow(
    `version 1 cannot be made live: 1 key(s) it names are gone from KV (${sponsor}): nothing was written.`,
  );
  expect((await liveManifest(store)).version).toBe(3);
});

test('a manifest in KV that does not validate: --rollback makes the last good version live again, an upload publishes over it', async () => {
  const store = await localStore('BROKEN');
  const published = await publishThree(store);
  await store.put(MANIFEST_KEY, '{"version": 9');
  const said: string[] = [];
  await rollback({ store, now: T(4), log: (line) => said.push(line) });
  const repaired = 'the manifest in KV is not valid JSON: planned against v3, the newest version the history keeps, which this replaces';
  expect(said).toContain(repaired);
  expect(await liveManifest(store)).toMatchObject({ version: 4, entries: published[2]!.entries });
  await store.put(MANIFEST_KEY, JSON.stringify({ version: 'nine' }));
  said.length = 0;
  const outcome = await uploadContent({ content: v2(), store, now: T(5), renderCache, log: (line) => said.push(line) });
  expect(outcome.ok).toBe(true);
  expect(said).toContain(
    'the manifest in KV is malformed at version: Invalid input: expected number, received string: planned against v4, the newest version the history keeps, which this replaces',
  );
  expect((await liveManifest(store)).version).toBe(5);
});

test("--rollback to a version not kept, and --history, name exactly the kept versions, a rollback's own included", async () => {
  const store = await localStore('KEEP');
  // With --keep 2, each upload's clean-up leaves two records; a rollback writes a third and cleans nothing up.
  await publishThree(store, 2);
  await rollback({ store, keep: 2, now: T(4) });
  expect((await readHistory(store)).map((r) => r.version)).toEqual([4, 3, 2]);
  expect(keptHistory(await readHistory(store), 4, 2).map((r) => r.version)).toEqual([4, 3]);
  await expect(rollback({ store, version: 99, keep: 2, now: T(5) })).rejects.toThrow('version 99 is not kept (kept: v4, v3)');
});

describe('the kept window (withHistory, pure)', () => {
  const manifest = (version: number, keys: string[]): Manifest => ({
    version,
    publishedAt: T(version),
    renderer: 'r',
    entries: keys.map((key) => ({
      slug: key,
      type: null,
      title: key,
      description: 'd',
      date: null,
      file: `${key}.md`,
      key: `entry/${key}`,
      sourceHash: key,
      updated: T(version),
    })),
    samples: [],
    search: null,
    drafts: [],
  });
  const record = (m: Manifest, previous: Manifest | null): HistoryRecord => historyRecord(m, previous, 'tester');

  test('keeps the keys of the newest `keep` versions and drops the records past them', () => {
    // Versions 1..12 each name their own entry, and all name `shared`.
    const manifests = Array.from({ length: 12 }, (_, i) => manifest(i + 1, [`only-${i + 1}`, 'shared']));
    const records = manifests
      .slice(0, 11)
      .map((m, i) => record(m, manifests[i - 1] ?? null))
      .reverse();
    const existing = manifests.flatMap((m) => m.entries.map((e) => e.key));
    const plan: UploadPlan = {
      writes: [],
      manifest: manifests[11]!,
      previous: manifests[10]!,
      manifestChanged: true,
      root: null,
      // What planUpload leaves to delete: named by neither the new manifest nor version 11.
      deletes: [...new Set(existing)].filter((k) => k !== 'entry/only-12' && k !== 'entry/only-11' && k !== 'entry/shared').sort(),
      entries: [],
      drafts: [],
      samples: [],
    };
    const planned = withHistory({ plan, previous: manifests[10]!, records, keep: 10, by: 'tester' });
    expect(planned.writes.map((w) => w.key)).toEqual([historyKey(12)]);
    // Kept: 12 (live) and 11..3; gone: the entries only 1 and 2 named, and their records.
    expect(planned.deletes).toEqual(['entry/only-1', 'entry/only-2', historyKey(1), historyKey(2)].sort());
    expect(withHistory({ plan, previous: manifests[10]!, records, keep: 2, by: 'tester' }).deletes).toHaveLength(10 + 10);
  });

  test("`npm start`'s saves keep the newest 3 of their own beyond --keep, and never push an upload's version out", () => {
    // Versions 1..10 by uploads, 11..15 by saves; version 16 is one more save, then 17 an upload.
    const manifests = Array.from({ length: 17 }, (_, i) => manifest(i + 1, [`only-${i + 1}`]));
    const saved = (v: number) => v > 10 && v !== 17;
    const records = manifests
      .slice(0, 15)
      .map((m, i) => historyRecord(m, manifests[i - 1] ?? null, 'tester', saved(m.version) ? 'npm start' : 'upload'))
      .reverse();
    const plan = (version: number): UploadPlan => ({
      writes: [],
      manifest: manifests[version - 1]!,
      previous: manifests[version - 2]!,
      manifestChanged: true,
      root: null,
      // What planUpload leaves to delete: every key but the two manifests'.
      deletes: manifests
        .flatMap((m) => m.entries.map((e) => e.key))
        .filter((k) => k !== `entry/only-${version}` && k !== `entry/only-${version - 1}`),
      entries: [],
      drafts: [],
      samples: [],
    });
    const save = withHistory({ plan: plan(16), previous: manifests[14]!, records, keep: 10, by: 'tester', madeBy: 'npm start' });
    const gone = [11, 12, 13, 17].flatMap((v) => [`entry/only-${v}`, ...(v < 16 ? [historyKey(v)] : [])]);
    expect(save.deletes).toEqual(gone.sort());
    const after = [JSON.parse(save.writes[0]!.value as string) as HistoryRecord, ...records];
    const upload = withHistory({ plan: plan(17), previous: manifests[15]!, records: after, keep: 10, by: 'tester' });
    // Kept: uploads 17 and 10..2, saves 16..14; version 1 goes, and the saves the first clean-up let go.
    expect(upload.deletes).toEqual([1, 11, 12, 13].flatMap((v) => [`entry/only-${v}`, historyKey(v)]).sort());
    expect(formatHistory(after, 16)[0]).toBe(`v16  ${T(16)}  tester  a save in npm start; 1 added, 0 changed, 1 removed  (live)`);
  });

  test("a kept version's samples survive the clean-up: by their content keys, or by path for a version from before those", () => {
    const withSamples = (version: number, samples: Manifest['samples']): Manifest => ({ ...manifest(version, []), samples });
    const legacy = withSamples(1, [{ path: 'run.bat', hash: 'h1' }]);
    const v2 = withSamples(2, [{ path: 'run.bat', hash: 'h2', key: 'sample/h2' }]);
    const v3 = withSamples(3, [{ path: 'run.bat', hash: 'h3', key: 'sample/h3' }]);
    const records = [record(v2, legacy), record(legacy, null)];
    const plan: UploadPlan = {
      writes: [],
      manifest: v3,
      previous: v2,
      manifestChanged: true,
      root: null,
      deletes: ['sample/run.bat', 'sample/stray'],
      entries: [],
      drafts: [],
      samples: [],
    };
    expect(withHistory({ plan, previous: v2, records, keep: 10, by: 'tester' }).deletes).toEqual(['sample/stray']);
    // Once no kept version is from before, its `sample/<path>` goes.
    const kept2 = withHistory({ plan, previous: v2, records, keep: 2, by: 'tester' });
    expect(kept2.deletes).toEqual([historyKey(1), 'sample/run.bat', 'sample/stray']);
  });

  test('a rollback lists the entries that came back (a changed one with its version) and those that went, by file', () => {
    const live = manifest(5, ['kept', 'edited', 'new']);
    const back = historyRecord(manifest(3, ['kept', 'edited', 'old']), null, 'tester');
    back.manifest.entries[1]!.key = 'entry/edited-as-in-3';
    expect(rollbackLines(live, back)).toEqual([
      'restored  edited.md → edited (its text of version 3)',
      'restored  old.md → old',
      'removed   new.md → new',
    ]);
  });

  test('records the previous version too when it was published before history was kept', () => {
    const old = manifest(7, ['a']);
    const next = manifest(8, ['a', 'b']);
    const plan: UploadPlan = {
      writes: [],
      manifest: next,
      previous: old,
      manifestChanged: true,
      root: null,
      deletes: [],
      entries: [],
      drafts: [],
      samples: [],
    };
    const planned = withHistory({ plan, previous: old, records: [], keep: 10, by: 'tester' });
    expect(planned.writes.map((w) => w.key)).toEqual([historyKey(7), historyKey(8)]);
    expect(JSON.parse(planned.writes[0]!.value as string)).toMatchObject({
      version: 7,
      by: 'unknown (published before history was kept)',
      added: null,
    });
    expect(JSON.parse(planned.writes[1]!.value as string)).toMatchObject({ version: 8, replaced: 7, added: 1, changed: 0, removed: 0 });
  });
});

describe('remotely', () => {
  let api: CloudflareKvApi;
  let dir: string;
  let lock: Awaited<ReturnType<typeof startPublishLock>>;
  beforeAll(async () => {
    api = await startKvApi({ accountId: 'acc', namespaces: ['ns'], tokens: { token: 'write' } });
    lock = await startPublishLock();
    dir = mkdtempSync(join(tmpdir(), 'race-element-history-'));
  });
  afterAll(async () => {
    await api.close();
    await lock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function cli(args: string[]): Promise<CommandOutcome> {
    const config = join(dir, 'wrangler.toml');
    writeFileSync(
      config,
      'name = "history"\nmain = "worker/index.ts"\ncompatibility_date = "2026-04-01"\n\n[[kv_namespaces]]\nbinding = "CONTENT"\nid = "ns"\n',
    );
    return runRemoteUpload(['--dir', FIXTURE_SITE, '--config', config, '--no-image-copies', ...args], { api, lock });
  }

  test('--history --remote and --rollback --remote: the previous version is live again, no entry written', async () => {
    const store = await openCloudflareKvStore({ accountId: 'acc', namespaceId: 'ns', apiToken: 'token', baseURL: api.baseURL });
    const published = await publishThree(store);
    const by = machineUser();

    const history = await cli(['--history']);
    expect(history.code).toBe(0);
    expect(history.stdout.trim().split('\n')).toEqual([
      "Versions kept in the remote namespace (--keep 10: the newest 10 made by an upload or a rollback, and the newest 3 of `npm start`'s saves), newest first:",
      `v3  ${T(3)}  ${by}  0 added, 1 changed, 0 removed  (live)`,
      `v2  ${T(2)}  ${by}  0 added, 1 changed, 1 removed`,
      `v1  ${T(1)}  ${by}  26 added, 0 changed, 0 removed`,
      'no previews',
      '6 Cloudflare API requests (1 namespace read, 2 key lists, 2 value reads, 1 bulk read)',
    ]);

    api.resetLog();
    const back = await cli(['--rollback']);
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    // Once version 4 is live, the Worker purges what came back from the cache in front of it, and again later itself.
    const purged = expect.stringMatching(/^purged now: \d+ tag\(s\) \(.*entry:guide\/features.*\) from the cache in front of the Worker$/);
    const again = expect.stringMatching(
      /^the Worker purges again at (\d\d:\d\d:\d\d UTC, )*\d\d:\d\d:\d\d UTC and \d\d:\d\d:\d\d UTC, once every data centre reads the new manifest$/,
    );
    expect(back.stdout.trim().split('\n')).toEqual([
      'Rolling the remote namespace back to the previous version…',
      'restored  features.md → features (its text of version 2)',
      expect.stringMatching(/^\[KV writes\] 1 value in \d+\.\d s, [\d,–]+\/s$/),
      purged,
      again,
      'rolled back: version 4 is live, with the content of version 2 (25 entries; no entry written).',
      'content/ now differs from what is live: the next `npm run upload -- --remote` (the publish workflow runs it on a push to main) publishes content/ again.',
      expect.stringMatching(/^\d+ Cloudflare API requests /),
    ]);
    // Writes that took: one to the key publishThree just wrote may be refused (429, one write a second) and retried.
    const written = api.log.filter((r) => r.operation === 'bulk.write' && r.status === 200).flatMap((r) => r.keys);
    // The lock is the Worker's Durable Object, not a KV key.
    expect(written).toEqual([historyKey(4), MANIFEST_KEY]);
    const contents = api.contents('ns');
    expect(JSON.parse(contents.get(MANIFEST_KEY)!)).toMatchObject({ format: 2, version: 4 });
    expect(parseStored(recordSchema, contents.get(historyKey(4))!, 'record').manifest.entries).toEqual(published[1]!.entries);
  });
});
