/**
 * Contract tests of `npm run upload -- --remote` with the official SDK against the KV API contract server:
 * faults retried to a state equal to a local publish, request counts, and each stopping failure's message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { entryTag, listTag, MANIFEST_TAG, PURGES_AGAIN, SEARCH_TAG, SITE_TAG } from '../../../../contracts/edge-cache.ts';
import { MANIFEST_KEY } from '../../../../contracts/kv-keys.ts';
import {
  type CloudflareKvOptions,
  type CloudflareKvStore,
  openCloudflareKvStore,
} from '../../../../scripts/content/kv/cloudflare-kv-store.ts';
import { type KvStore, kvStoreFromBinding } from '../../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../../scripts/content/kv/stored-records.ts';
import { namedKeys } from '../../../../scripts/content/publish/named-keys.ts';
import { PublishStoppedError } from '../../../../scripts/content/publish/publish-error.ts';
import { takePublishLock } from '../../../../scripts/content/publish/publish-lock.ts';
import { type UploadOptions, type UploadOutcome, uploadContent } from '../../../../scripts/content/publish/upload.ts';
import { verifyPublished } from '../../../../scripts/content/publish/verify.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';
import { syntheticContent } from '../../../../tools/synthetic-content.ts';
import type { CloudflareKvApi, KvApiServerOptions } from '../../../support/cloudflare-kv-api.ts';
import { FIXTURE_SITE, loadFixtureSite } from '../../../support/fixture-site.ts';
import { ACCOUNT, accountStoreOptions, NS, READ_TOKEN, startAccountKvApi, WRITE_TOKEN } from '../../../support/kv-api-account.ts';
import { runRenderCache } from '../../../support/run-render-cache.ts';
import { type CommandOutcome, runRemoteUpload, startPublishLock } from '../../../support/upload-command.ts';

type Lock = Awaited<ReturnType<typeof startPublishLock>>;

const T = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
const VISIBILITY_MS = 200;

const renderCache = runRenderCache();

let real: ContentFolder;
let miniflare: LocalMiniflare;
/** The Worker's publish lock, for the tests that take it: each names a namespace of its own. */
let lock: Lock;
const servers: CloudflareKvApi[] = [];

beforeAll(async () => {
  miniflare = createMiniflare({
    modules: true,
    script: 'export default { fetch() { return new Response("") } }',
    kvNamespaces: ['REFERENCE'],
  });
  [real, lock] = await Promise.all([loadFixtureSite(), startPublishLock()]);
});
afterAll(async () => {
  await miniflare?.dispose();
  await lock?.close();
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(options: Partial<KvApiServerOptions> = {}): Promise<CloudflareKvApi> {
  const api = await startAccountKvApi(options);
  servers.push(api);
  return api;
}
const remote = (api: CloudflareKvApi, options: Partial<CloudflareKvOptions> = {}) =>
  openCloudflareKvStore({ ...accountStoreOptions(api), ...options });

/** The real content with two pages edited, one removed and one added. */
function changedCopy(): ContentFolder {
  const edited = new Set(['guide-DSX.md', 'news-signpath.md']);
  const files = real.files
    .filter((f) => f.file !== 'sponsor.md')
    .map((f) => (edited.has(f.file) ? { ...f, source: `${f.source}\n\nEdited for the contract test.\n` } : f));
  files.push({
    file: 'guide-contract-page.md',
    source: '---\ntitle: "A Contract Page"\nslug: contract-page\ndescription: "Added by the contract test"\ntype: guide\n---\nNew text.\n',
  });
  // Spread from the fixture, so that its folder's file history is the same in every version.
  return { ...real, files };
}

/** The changed copy with one more page edited. */
function changedAgain(): ContentFolder {
  const copy = changedCopy();
  return { ...copy, files: copy.files.map((f) => (f.file === 'features.md' ? { ...f, source: `${f.source}\nEdited again.\n` } : f)) };
}

let locks = 0;
async function publish(
  store: KvStore,
  content: ContentFolder,
  now: string,
  keepVersions?: number,
  lock?: Lock,
  options: Pick<UploadOptions, 'cards'> = {},
): Promise<Extract<UploadOutcome, { ok: true }> & { lines: string[] }> {
  const lines: string[] = [];
  const outcome = await uploadContent({
    content,
    store,
    now,
    renderCache,
    log: (line) => lines.push(line),
    ...options,
    ...(keepVersions ? { keepVersions } : {}),
    // As `--remote` does: the Worker's publish lock, a fresh one for each namespace the tests start.
    ...(lock
      ? { lock: () => takePublishLock({ origin: lock.origin, secret: 'publish-secret', namespace: `${NS}-${now}-${++locks}` }) }
      : {}),
  });
  if (!outcome.ok) throw new Error(`content problems: ${JSON.stringify(outcome.problems)}`);
  return { ...outcome, lines };
}

async function snapshot(store: KvStore): Promise<Map<string, string>> {
  const keys = (await store.listKeys('')).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const values = await store.getMany(keys);
  return new Map(keys.map((key) => [key, values.get(key)!]));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, VISIBILITY_MS + 50));

describe('publishing content/ through the SDK, through faults it retries', () => {
  test('after each of three versions the server holds byte for byte what a local publish holds', async () => {
    const api = await server({ visibilityDelayMs: VISIBILITY_MS });
    api.randomErrors(0.05, 7);
    api.inject({ after: 4, answer: { status: 429, code: 10022, message: 'too many requests', retryAfter: 1 } });
    api.inject({ operation: 'keys.list', answer: 'drop' });
    const store = await remote(api);
    const local = kvStoreFromBinding((await miniflare.mf.getKVNamespace('REFERENCE')) as unknown as KVNamespace);

    const first = await publish(store, real, T(1));
    await publish(local, real, T(1));
    expect(first.entriesWritten).toBe(26);
    expect(first.lines.at(-1)).toMatch(/^\d+ Cloudflare API requests \(\d+ namespace reads?, /);
    await settle();
    expect(api.contents(NS)).toEqual(await snapshot(local));
    expect((await verifyPublished(store)).problems).toEqual([]);

    // The manifest write lands but its answer is a 500: the SDK writes it again (a retry within the
    // second meets KV's one write per second per key first: remote-kv-store.test.ts shows that path).
    api.inject({
      operation: 'bulk.write',
      key: MANIFEST_KEY,
      answer: { status: 500, code: 10001, message: 'service temporarily unavailable', afterApplying: true },
    });
    const second = await publish(store, changedCopy(), T(2));
    await publish(local, changedCopy(), T(2));
    expect(second.plan.manifest.version).toBe(2);
    // The two edited, the new page, and the guide whose page now links to the new one as its neighbour.
    expect(second.entriesWritten).toBe(4);
    await settle();
    expect(api.contents(NS)).toEqual(await snapshot(local));

    // Keeping two versions (live and previous), a third version cleans up what only version 1 named.
    const third = await publish(store, changedAgain(), T(3), 2);
    await publish(local, changedAgain(), T(3), 2);
    expect(third.plan.manifest.version).toBe(3);
    // Sponsor and its social card, the two edited pages' old entries (their titles, so their cards,
    // are unchanged) and that of the guide next to the new page, the first search index, the first history record;
    // and the site index's pieces only version 1 named.
    expect(third.plan.deletes.filter((k) => !/^(index|list)\//.test(k))).toHaveLength(7);
    expect(third.deleted).toBe(third.plan.deletes.length);
    expect(api.log.filter((r) => r.operation === 'bulk.delete' && r.keys.length === third.deleted && r.status === 200)).toHaveLength(1);
    await settle();
    const held = api.contents(NS);
    expect(held).toEqual(await snapshot(local));
    expect((await readManifest(store))!.entries.map((e) => e.slug)).toContain('contract-page');
    expect((await verifyPublished(store)).problems).toEqual([]);

    // The faults did happen, and were retried through.
    const statuses = api.log.map((r) => r.status);
    expect(statuses).toContain(500);
    expect(statuses).toContain(429);
    expect(statuses).toContain('dropped');
    const manifestWrites = api.log.filter((r) => r.operation === 'bulk.write' && r.keys.includes(MANIFEST_KEY));
    expect(manifestWrites.filter((r) => r.status === 500).length).toBeGreaterThanOrEqual(1);
    expect(manifestWrites.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);
  });
});

describe('request counts', () => {
  test('a first publish of the fixture site makes 12 requests (a key list per kind of content key), and --verify 4', async () => {
    const api = await server();
    const store = await remote(api);
    const { lines } = await publish(store, real, T(1), undefined, lock);
    // The manifest read once, for the plan; no lock key in KV.
    expect(store.requests()).toEqual({
      total: 12,
      byOperation: { 'namespace read': 1, 'key list': 8, 'value read': 1, 'bulk write': 2, 'bulk delete': 0, 'bulk read': 0 },
    });
    expect(lines.at(-1)).toBe('12 Cloudflare API requests (1 namespace read, 8 key lists, 1 value read, 2 bulk writes)');
    expect(api.counts().total).toBe(12);
    // The 28 social cards (26 entries, 2 drafts), the screenshot's 9 files (AVIF, WebP and PNG at 3 widths) and the 6
    // URLs of images the Worker fetches from other hosts ride in the same bulk write as the entries, and so do the search
    // index's 17 keys: 91 keys, not 33, in as many requests.
    const written = api.log.filter((r) => r.operation === 'bulk.write').flatMap((r) => r.keys);
    expect(written.filter((k) => !/^(index|list)\//.test(k))).toHaveLength(91);
    expect(written.filter((k) => k.startsWith('media/'))).toHaveLength(43);
    api.resetLog();
    expect((await verifyPublished(store)).ok).toBe(true);
    // The root and its history record, one bulk read of the text values, one key list of media/ (images and cards are bytes: looked for, not read).
    expect(api.counts()).toMatchObject({ total: 4, 'value.get': 2, 'bulk.get': 1, 'keys.list': 1 });

    // Published again unchanged: the cards are in KV under the same keys, so nothing is written
    // (the root and its record, history and previews are read, keys listed, the search root and its record read; nothing else).
    api.resetLog();
    const again = await publish(await remote(api), real, T(2), undefined, lock);
    expect(again.lines).toContain('cards     28 social card(s): wrote 0, 28 unchanged; drew 0, 28 from the cache');
    expect(api.log.filter((r) => r.operation === 'bulk.write')).toEqual([]);
    expect(again.lines.at(-1)).toBe('14 Cloudflare API requests (1 namespace read, 8 key lists, 4 value reads, 1 bulk read)');
  });

  test('the Worker is handed what changed right after the manifest: it purges that now, and says when it purges again', async () => {
    const api = await server();
    const store = await remote(api);
    expect((await publish(store, real, T(1), undefined, lock)).purged).toEqual([MANIFEST_TAG, SITE_TAG]);
    const { lines, purged, purge } = await publish(store, changedCopy(), T(2), undefined, lock);
    // The manifest, the added page, the removed one, their section's lists, search (and the edited pages, and neighbours).
    expect(purged).toEqual(
      expect.arrayContaining([
        MANIFEST_TAG,
        entryTag('guide', 'contract-page'),
        entryTag('guide', 'sponsor'),
        listTag('guide'),
        SEARCH_TAG,
      ]),
    );
    // The Worker's follow-ups (PURGES_AGAIN after its first purge), which it runs itself: the upload returns at once.
    expect(purge).toMatchObject({ purgedNow: true, refusal: null, followUps: Array(4).fill(expect.any(Number)) });
    const [manifestAgain, pagesAgain, lateManifest] = purge!.followUps;
    expect(pagesAgain! - manifestAgain!).toBe((PURGES_AGAIN.pagesAfterSeconds - PURGES_AGAIN.manifestAfterSeconds) * 1000);
    expect(lateManifest! - manifestAgain!).toBe((PURGES_AGAIN.lateAfterSeconds! - PURGES_AGAIN.manifestAfterSeconds) * 1000);
    const [now, again, summary, tally] = lines.slice(-4);
    expect(now).toMatch(new RegExp(`^purged now: ${purged.length} tag\\(s\\) \\(entry:.+\\) from the cache in front of the Worker$`));
    expect(again).toMatch(
      /^the Worker purges again at (\d\d:\d\d:\d\d UTC, )*\d\d:\d\d:\d\d UTC and \d\d:\d\d:\d\d UTC, once every data centre reads the new manifest$/,
    );
    expect(summary).toMatch(/^\d+ entries: wrote 4, /);
    expect(tally).toMatch(/^\d+ Cloudflare API requests /);
  });

  test('a first publish of 1,000 entries makes 12 requests, and --verify 18', async () => {
    const api = await server();
    const store = await remote(api);
    const site = syntheticContent(1000, { words: [30, 60] });
    // Without social cards: drawing 1,000 would time satori here; the cards of content/ are counted above.
    const outcome = await publish(store, site, T(1), undefined, lock, { cards: null });
    expect(outcome.entriesWritten).toBe(1000);
    expect(api.counts()).toMatchObject({ total: 12, 'bulk.write': 2, 'keys.list': 8 });
    api.resetLog();
    expect((await verifyPublished(store)).ok).toBe(true);
    // The root and its history record, then every key it names, 100 a request.
    const named = namedKeys(outcome.plan.manifest).filter((key) => !key.startsWith('media/')).length;
    expect(api.counts()).toMatchObject({ total: 2 + Math.ceil(named / 100), 'value.get': 2, 'bulk.get': Math.ceil(named / 100) });
  });
});

describe('failures that stop an upload, each named with what the site serves', () => {
  /** A server whose namespace serves version 1 of content/, and a store on it. */
  async function publishedV1(
    options: Partial<CloudflareKvOptions> = {},
  ): Promise<{ api: CloudflareKvApi; store: CloudflareKvStore; before: Map<string, string> }> {
    const api = await server();
    await publish(await remote(api), real, T(1));
    const store = await remote(api, { maxRetries: 2, ...options });
    api.resetLog();
    return { api, store, before: api.contents(NS) };
  }
  const writesOf = (api: CloudflareKvApi) => api.log.filter((r) => r.operation === 'bulk.write' || r.operation === 'bulk.delete');
  /** The entry batch the changed copy writes: its first key, and how a failure names it. */
  async function changedBatch(store: KvStore): Promise<{ firstKey: string; name: string }> {
    const plan = (await uploadContent({ content: changedCopy(), store, dryRun: true, now: T(2), renderCache })) as Extract<
      UploadOutcome,
      { ok: true }
    >;
    const keys = plan.plan.writes.map((w) => w.key);
    return { firstKey: keys[0]!, name: `batch 1 of 1 (${keys.length} keys, ${keys[0]} to ${keys.at(-1)})` };
  }

  test('an unknown namespace is refused before any write, with the fix', async () => {
    const api = await server();
    const opening = openCloudflareKvStore({ ...accountStoreOptions(api), namespaceId: 'no-such-namespace' });
    await expect(opening).rejects.toThrow(
      "Cloudflare KV namespace read of namespace no-such-namespace failed: HTTP 404, Cloudflare error 10013: get namespace: 'namespace not found'. " +
        "The namespace no-such-namespace is not one of account acc-contract's: create it with `npx wrangler kv namespace create CONTENT` and put the id it prints " +
        'in wrangler.toml under [[kv_namespaces]] (binding = "CONTENT", id = "<that id>"), or set CLOUDFLARE_ACCOUNT_ID to the account that has it. Nothing was written.',
    );
    expect(api.log.map((r) => r.operation)).toEqual(['namespace.get']);
  });

  test('a token without write permission is refused at the first write, before the manifest', async () => {
    const { api, store, before } = await publishedV1({ apiToken: READ_TOKEN });
    const batch = await changedBatch(store);
    const upload = publish(store, changedCopy(), T(2));
    await expect(upload).rejects.toThrow(PublishStoppedError);
    await expect(upload).rejects.toThrow(
      `Cloudflare KV bulk write of ${batch.name} failed: HTTP 403, Cloudflare error 10000: Authentication error. The API token in CLOUDFLARE_API_TOKEN is not allowed this: ` +
        'it needs the permission "Workers KV Storage: Edit" on account acc-contract (dash.cloudflare.com → My Profile → API Tokens). ' +
        'The manifest was not written: the site still serves version 1 (entries already written stay unused until a manifest names them); run the same command again.',
    );
    expect(api.log.filter((r) => r.operation === 'bulk.write').map((r) => r.status)).toEqual([403]);
    expect(api.contents(NS)).toEqual(before);
  });

  test('a persistent 500 on the entry writes stops before the manifest: version 1 is still served', async () => {
    const { api, store, before } = await publishedV1();
    const batch = await changedBatch(store);
    api.inject({
      operation: 'bulk.write',
      key: batch.firstKey,
      times: Infinity,
      answer: { status: 500, code: 10001, message: 'service temporarily unavailable' },
    });
    await expect(publish(store, changedCopy(), T(2))).rejects.toThrow(
      `Cloudflare KV bulk write of ${batch.name} failed: HTTP 500 after 3 attempts, Cloudflare error 10001: service temporarily unavailable. ` +
        'The manifest was not written: the site still serves version 1 (entries already written stay unused until a manifest names them); run the same command again.',
    );
    expect(api.contents(NS)).toEqual(before);
    api.clearFaults();
    expect((await publish(store, changedCopy(), T(3))).plan.manifest.version).toBe(2);
  });

  test('a manifest write that fails with 500 every time: not confirmed, so both versions are named', async () => {
    const { api, store } = await publishedV1();
    api.inject({
      operation: 'bulk.write',
      key: MANIFEST_KEY,
      times: Infinity,
      answer: { status: 500, code: 10001, message: 'service temporarily unavailable' },
    });
    await expect(publish(store, changedCopy(), T(2))).rejects.toThrow(
      'Cloudflare KV bulk write of key manifest failed: HTTP 500 after 3 attempts, Cloudflare error 10001: service temporarily unavailable. ' +
        'All entries were written; the write of manifest version 2 was not confirmed: the site serves version 1 or, if the write landed, version 2 ' +
        '(`npm run upload -- --verify` tells which); run the same command again.',
    );
    expect(JSON.parse(api.contents(NS).get(MANIFEST_KEY)!)).toMatchObject({ format: 2, version: 1 });
  });

  test('a manifest write refused (4xx): the entries are written, the manifest is not', async () => {
    const { api, store } = await publishedV1();
    api.inject({ operation: 'bulk.write', key: MANIFEST_KEY, answer: { status: 400, code: 10012, message: 'malformed value' } });
    await expect(publish(store, changedCopy(), T(2))).rejects.toThrow(
      'Cloudflare KV bulk write of key manifest failed: HTTP 400, Cloudflare error 10012: malformed value. ' +
        'All entries were written, the manifest was not: the site still serves version 1; run the same command again.',
    );
    expect(writesOf(api).filter((r) => r.status === 200 && r.keys.some((k) => k.startsWith('entry/')))).toHaveLength(1);
  });

  test('the API gone (server closed) before the upload: the host and the cause are named', async () => {
    const { api, store, before } = await publishedV1();
    const host = new URL(api.baseURL).host;
    await api.close();
    await expect(publish(store, changedCopy(), T(2))).rejects.toThrow(
      `Cloudflare KV value read of key ${MANIFEST_KEY} failed: could not reach ${host} after 3 attempts: ECONNREFUSED (connect ECONNREFUSED ${host}). ` +
        'Nothing new was published: the site is unchanged.',
    );
    expect(api.contents(NS)).toEqual(before);
  });

  test('the connection dropped on every attempt of the entry writes: named, and version 1 still served', async () => {
    const { api, store, before } = await publishedV1();
    const batch = await changedBatch(store);
    const host = new URL(api.baseURL).host;
    api.inject({ operation: 'bulk.write', key: batch.firstKey, times: Infinity, answer: 'drop' });
    await expect(publish(store, changedCopy(), T(2))).rejects.toThrow(
      `Cloudflare KV bulk write of ${batch.name} failed: could not reach ${host} after 3 attempts: UND_ERR_SOCKET (other side closed). ` +
        'The manifest was not written: the site still serves version 1 (entries already written stay unused until a manifest names them); run the same command again.',
    );
    expect(api.contents(NS)).toEqual(before);
  });
});

describe('the command line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'race-element-remote-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(args: string[], namespaceId: string, api: CloudflareKvApi, env: Record<string, string> = {}): Promise<CommandOutcome> {
    const config = join(dir, `${namespaceId}.toml`);
    writeFileSync(
      config,
      `name = "contract"\nmain = "worker/index.ts"\ncompatibility_date = "2026-04-01"\n\n[[kv_namespaces]]\nbinding = "CONTENT"\nid = "${namespaceId}"\n`,
    );
    return runRemoteUpload(
      ['--dir', FIXTURE_SITE, '--config', config, '--no-image-copies', ...args],
      { api, lock },
      {
        CLOUDFLARE_API_TOKEN: WRITE_TOKEN,
        CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
        ...env,
      },
    );
  }

  test('`--remote` reaches the API at CLOUDFLARE_BASE_URL and prints the requests it made; `--verify --remote` reads in bulk', async () => {
    const api = await server();
    const upload = await run([], NS, api);
    expect(upload.stderr).toBe('');
    expect(upload.code).toBe(0);
    const lines = upload.stdout.trim().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^cards {5}28 social card\(s\): wrote 28, 0 unchanged; drew \d+, \d+ from the cache$/),
    );
    // The first version purges the whole site from the cache in front of the Worker, which purges it again later itself.
    expect(lines.slice(-4)).toEqual([
      'purged now: 2 tag(s) (manifest, site) from the cache in front of the Worker',
      expect.stringMatching(
        /^the Worker purges again at (\d\d:\d\d:\d\d UTC, )*\d\d:\d\d:\d\d UTC and \d\d:\d\d:\d\d UTC, once every data centre reads the new manifest$/,
      ),
      expect.stringMatching(
        /^26 entries: wrote 26, 0 unchanged; 2 draft\(s\); 1 samples; 1 image\(s\); manifest v1 \(\d+ KB\); deleted 0 stale key\(s\)\.$/,
      ),
      // No lock key in KV: the lock is the Worker's Durable Object.
      '12 Cloudflare API requests (1 namespace read, 8 key lists, 1 value read, 2 bulk writes)',
    ]);
    const verify = await run(['--verify'], NS, api);
    expect(verify.code).toBe(0);
    expect(verify.stdout.trim().split('\n').slice(-2)).toEqual([
      'all 26 entries verified (manifest v1, 1 samples, search index, 37 images and cards, 6 images from other hosts)',
      '5 Cloudflare API requests (1 namespace read, 1 key list, 2 value reads, 1 bulk read)',
    ]);
  });

  test('`--remote --purge` asks the Worker to purge the whole site and prints its queue, reading no KV; no Worker: exit 1 naming why', async () => {
    const api = await server();
    const purge = await run(['--purge'], `${NS}-purge`, api);
    expect(purge.stderr).toBe('');
    expect(purge.code).toBe(0);
    expect(purge.stdout.trim().split('\n')).toEqual([
      'Asking the remote Worker to purge the whole site from the cache in front of it…',
      'purged now: 2 tag(s) (manifest, site) from the cache in front of the Worker',
      expect.stringMatching(
        /^the Worker purges again at (\d\d:\d\d:\d\d UTC, )*\d\d:\d\d:\d\d UTC and \d\d:\d\d:\d\d UTC, once every data centre reads the new manifest$/,
      ),
      expect.stringMatching(/^the Worker's purge queue: 6 purge round\(s\) waiting, the next at \d\d:\d\d:\d\d UTC$/),
    ]);
    expect(api.log).toEqual([]);
    const unreachable = await run(['--purge'], `${NS}-purge`, api, { PUBLISH_URL: 'http://127.0.0.1:9/' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim()).toMatch(
      /^upload-content: cache purge: POST http:\/\/127\.0\.0\.1:9\/api\/_analog\/publish\/purge failed \(.+\)\. Nothing was purged: run the same command again\.$/,
    );
  });

  test('without PUBLISH_SECRET, or with a wrong one: refused, exit 1, nothing written', async () => {
    const api = await server();
    const missing = await run([], NS, api, { PUBLISH_SECRET: '' });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      'upload-content: --remote needs PUBLISH_SECRET in the environment: the value of the Worker secret (wrangler secret put PUBLISH_SECRET). Nothing was written.',
    );
    expect(api.log).toEqual([]);
    const wrong = await run([], NS, api, { PUBLISH_SECRET: 'not-the-secret' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')[0]).toBe(
      `upload-content: stopped: publish lock: POST ${lock.origin}api/_analog/publish/claim answered 401: the bearer token is not the Worker's PUBLISH_SECRET. Nothing new was published: the site is unchanged.`,
    );
    expect(api.log.filter((r) => r.operation === 'bulk.write' || r.operation === 'bulk.delete')).toEqual([]);
  });

  test('an unknown namespace: refused, exit 1, nothing written', async () => {
    const api = await server();
    const upload = await run([], 'wrong-id', api);
    expect(upload.code).toBe(1);
    expect(upload.stderr.trim()).toBe(
      "upload-content: refused: Cloudflare KV namespace read of namespace wrong-id failed: HTTP 404, Cloudflare error 10013: get namespace: 'namespace not found'. " +
        "The namespace wrong-id is not one of account acc-contract's: create it with `npx wrangler kv namespace create CONTENT` and put the id it prints " +
        'in wrangler.toml under [[kv_namespaces]] (binding = "CONTENT", id = "<that id>"), or set CLOUDFLARE_ACCOUNT_ID to the account that has it. Nothing was written.',
    );
    expect(api.log.map((r) => r.operation)).toEqual(['namespace.get']);
  });
});
