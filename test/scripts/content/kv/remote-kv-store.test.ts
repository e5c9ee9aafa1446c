/**
 * The remote KV store on the wire (paths, cursors, bulk limits, base64, per-key write rate, retries, errors
 * naming what failed): the official `cloudflare` SDK against the contract server.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  type CloudflareKvOptions,
  type CloudflareKvStore,
  createCloudflareKvStore,
} from '../../../../scripts/content/kv/cloudflare-kv-store.ts';
import { KvLimitError } from '../../../../scripts/content/kv/kv-batches.ts';
import type { CloudflareKvApi } from '../../../support/cloudflare-kv-api.ts';
import { ACCOUNT, accountStoreOptions, NS, startAccountKvApi } from '../../../support/kv-api-account.ts';

let api: CloudflareKvApi;
beforeEach(async () => {
  api = await startAccountKvApi();
});
afterEach(() => api.close());

const store = (options: Partial<CloudflareKvOptions> = {}): CloudflareKvStore =>
  createCloudflareKvStore({ ...accountStoreOptions(api), ...options });
const nsPath = `/client/v4/accounts/${ACCOUNT}/storage/kv/namespaces/${NS}`;

describe('keys and values', () => {
  test('a key with a slash and a space is one path segment on the wire, written by bulk write', async () => {
    const kv = store();
    await kv.put('entry/abc def', 'Hello, wörld');
    expect(await kv.get('entry/abc def')).toBe('Hello, wörld');
    expect(await kv.get('entry/missing')).toBeNull();
    expect(api.log.map((r) => `${r.method} ${r.url.replace(nsPath, '')} ${r.status}`)).toEqual([
      'PUT /bulk 200',
      'GET /values/entry%2Fabc%20def 200',
      'GET /values/entry%2Fmissing 404',
    ]);
    expect(api.log.every((r) => r.url.startsWith(nsPath))).toBe(true);
  });

  test('bytes are sent base64-encoded and stored as the same bytes', async () => {
    const bytes = new Uint8Array([0, 255, 1, 254, 0x80, 10]);
    await store().putMany([{ key: 'sample/blob.bin', value: bytes }]);
    expect([...api.bytes(NS, 'sample/blob.bin')!]).toEqual([...bytes]);
  });

  test('listKeys follows the cursor: 2,500 keys in three pages of at most 1,000', async () => {
    const kv = store();
    const keys = Array.from({ length: 2500 }, (_, i) => `entry/${String(i).padStart(5, '0')}`);
    await kv.putMany(keys.map((key) => ({ key, value: 'v' })));
    await kv.put('sample/x', 'x');
    api.resetLog();
    expect(await kv.listKeys('entry/')).toEqual(keys);
    expect(api.counts()['keys.list']).toBe(3);
    expect(kv.requests().byOperation['key list']).toBe(3);
  });

  test('getMany reads 100 keys a request and gives null for missing keys', async () => {
    const kv = store();
    const keys = Array.from({ length: 250 }, (_, i) => `entry/${i}`);
    await kv.putMany(keys.slice(0, 240).map((key) => ({ key, value: `value ${key}` })));
    api.resetLog();
    const values = await kv.getMany(keys);
    expect(api.counts()['bulk.get']).toBe(3);
    expect(values.get('entry/0')).toBe('value entry/0');
    expect(values.get('entry/239')).toBe('value entry/239');
    expect(values.get('entry/245')).toBeNull();
    expect(values.size).toBe(250);
  });
});

describe('batches within the limits', () => {
  test('putMany cuts by pairs and by bytes; the server, holding the same limits, takes every batch', async () => {
    await api.close();
    const limits = { bulkWritePairs: 10, bulkWriteBytes: 2_000 };
    api = await startAccountKvApi({ limits });
    const kv = store({ limits });
    const pairs = [
      ...Array.from({ length: 25 }, (_, i) => ({ key: `small/${i}`, value: 'x' })),
      ...Array.from({ length: 6 }, (_, i) => ({ key: `large/${i}`, value: 'y'.repeat(600) })),
    ];
    await kv.putMany(pairs);
    const writes = api.log.filter((r) => r.operation === 'bulk.write');
    expect(writes.every((r) => r.status === 200)).toBe(true);
    // 25 small pairs, then 6 of about 620 bytes: the third batch fills up by bytes, not pairs.
    expect(writes.map((r) => r.keys.length)).toEqual([10, 10, 7, 3, 1]);
    expect(Math.max(...writes.map((r) => r.bytes))).toBeLessThanOrEqual(2_000);
    expect(writes[2]!.bytes + 625).toBeGreaterThan(2_000);
    expect(api.contents(NS).size).toBe(31);
  });

  test("at KV's own limits: 10,001 pairs are two requests of 10,000 and 1, with progress after each", async () => {
    const kv = store();
    const written: number[] = [];
    await kv.putMany(
      Array.from({ length: 10_001 }, (_, i) => ({ key: `entry/${i}`, value: 'v' })),
      (n) => written.push(n),
    );
    expect(api.log.filter((r) => r.operation === 'bulk.write').map((r) => [r.status, r.keys.length])).toEqual([
      [200, 10_000],
      [200, 1],
    ]);
    expect(written).toEqual([10_000, 1]);
    expect(api.contents(NS).size).toBe(10_001);
  });

  test("at KV's own limits: values making a body of exactly 100,000,000 bytes go in one request; one byte more, in two", async () => {
    // Four values near 25 MiB: `[`, four `{"key":"kN","value":"…"}` (23 bytes besides the value), three commas, `]`.
    const pairsOfBody = (bytes: number) => {
      const each = Math.floor((bytes - 5 - 4 * 23) / 4);
      const last = bytes - 5 - 4 * 23 - 3 * each;
      return [each, each, each, last].map((n, i) => ({ key: `k${i}`, value: 'x'.repeat(n) }));
    };
    const kv = store();
    await kv.putMany(pairsOfBody(100_000_000));
    await kv.putMany(pairsOfBody(100_000_001).map((p) => ({ ...p, key: `${p.key}b` })));
    const writes = api.log.filter((r) => r.operation === 'bulk.write');
    expect(writes.map((r) => [r.status, r.keys.length])).toEqual([
      [200, 4],
      [200, 3],
      [200, 1],
    ]);
    expect(writes[0]!.bytes).toBe(100_000_000);
    expect(api.contents(NS).size).toBe(8);
  }, 60_000);

  test('a value over 25 MiB is refused, naming its key, before any request', async () => {
    const kv = store();
    const huge = 'z'.repeat(25 * 1024 * 1024 + 1);
    const write = kv.putMany([
      { key: 'entry/fine', value: 'ok' },
      { key: 'entry/huge', value: huge },
    ]);
    await expect(write).rejects.toThrow(KvLimitError);
    await expect(write).rejects.toThrow(
      'the value of entry/huge is 26214401 bytes; Workers KV takes at most 26214400 (25 MiB): nothing was written',
    );
    expect(api.log).toEqual([]);
  });
});

describe('one write per second per key', () => {
  test('a write and a delete of the same key are spaced by a second, so the server refuses none', async () => {
    const kv = store();
    await kv.put('preview/pr-1', 'mine');
    await kv.delete('preview/pr-1');
    expect(api.counts().rateLimited).toBe(0);
    expect(api.contents(NS).has('preview/pr-1')).toBe(false);
  });

  test('the server does refuse a faster second write (429, Retry-After: 1), and the SDK waits and retries', async () => {
    await store().put('manifest', 'one');
    const started = Date.now();
    // Another process: its store does not know of the first write.
    const other = store();
    await other.put('manifest', 'two');
    expect(api.counts().rateLimited).toBe(1);
    expect(other.requests()).toEqual({ total: 2, byOperation: expect.objectContaining({ 'bulk write': 2 }) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(api.contents(NS).get('manifest')).toBe('two');
  });
});

describe('failures are named', () => {
  test('5xx answers are retried; every attempt is counted', async () => {
    api.inject({ operation: 'bulk.write', times: 2, answer: { status: 503, code: 10001, message: 'service temporarily unavailable' } });
    const kv = store();
    await kv.putMany([{ key: 'entry/a', value: 'a' }]);
    expect(kv.requests().byOperation['bulk write']).toBe(3);
    expect(api.contents(NS).get('entry/a')).toBe('a');
  });

  test('a Retry-After beyond 60 s is not waited out: the write stops and says how long was asked', async () => {
    api.inject({
      operation: 'bulk.write',
      answer: { status: 429, code: 971, message: 'Please wait and consider throttling your request speed', retryAfter: 300 },
    });
    await expect(store().put('manifest', 'x')).rejects.toThrow(
      'Cloudflare KV bulk write of key manifest failed: HTTP 429, Cloudflare error 971: Please wait and consider throttling your request speed (Retry-After: 300 s).',
    );
    // Not waited out: the one refused request was not tried again.
    expect(api.counts()['bulk.write']).toBe(1);
  });

  test('"success": false on a 200 answer is a failure, with its codes', async () => {
    api.inject({ operation: 'bulk.delete', answer: { status: 200, code: 10001, message: 'delete failed' } });
    await expect(store().deleteMany(['entry/a', 'entry/b'])).rejects.toThrow(
      'Cloudflare KV bulk delete of batch 1 of 1 (2 keys, entry/a to entry/b) failed: HTTP 200 with "success": false, Cloudflare error 10001: delete failed.',
    );
  });

  test('a bulk answer listing unsuccessful keys is a failure naming them', async () => {
    api.inject({ operation: 'bulk.write', answer: 'unsuccessful-keys' });
    await expect(
      store().putMany([
        { key: 'entry/a', value: 'a' },
        { key: 'entry/b', value: 'b' },
      ]),
    ).rejects.toThrow(
      'Cloudflare KV bulk write of batch 1 of 1 (2 keys, entry/a to entry/b) failed: Cloudflare answered that 2 of 2 keys failed (entry/a, entry/b).',
    );
  });

  test("a 404 on a write (namespace not the account's) is a failure with the fix, never a success", async () => {
    const kv = createCloudflareKvStore({ ...accountStoreOptions(api), namespaceId: 'not-mine' });
    await expect(kv.put('manifest', 'x')).rejects.toThrow(
      "Cloudflare KV bulk write of key manifest failed: HTTP 404, Cloudflare error 10013: bulk.write: 'namespace not found'. The namespace not-mine is not one of account acc-contract's: " +
        'create it with `npx wrangler kv namespace create CONTENT` and put the id it prints in wrangler.toml under [[kv_namespaces]] (binding = "CONTENT", id = "<that id>"), ' +
        'or set CLOUDFLARE_ACCOUNT_ID to the account that has it.',
    );
  });

  test('a dropped connection is retried like any network failure', async () => {
    api.inject({ operation: 'bulk.get', answer: 'drop' });
    await store().put('entry/a', 'a');
    expect((await store().getMany(['entry/a'])).get('entry/a')).toBe('a');
    expect(api.log.filter((r) => r.operation === 'bulk.get').map((r) => r.status)).toEqual(['dropped', 200]);
  });
});
