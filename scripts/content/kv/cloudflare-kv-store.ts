/** The production KV namespace through Cloudflare's REST API and its official SDK (`--remote`). I/O: HTTPS, one request at a time. */
import Cloudflare, { APIError } from 'cloudflare';
import { type CloudflareErrorItem, KvApiError, toKvApiError, unsuccessfulKeysError } from './kv-api-error.ts';
import { chunks, describeBatch, KV_LIMITS, type KvLimits, toBulkPair, writeBatches } from './kv-batches.ts';
import type { KvStore, RequestTally } from './kv-store.ts';

export interface CloudflareKvOptions {
  accountId: string;
  namespaceId: string;
  apiToken: string;
  /** Default: the SDK's (CLOUDFLARE_BASE_URL or Cloudflare's). */
  baseURL?: string;
  /** Retries with the SDK's back-off (default 4). */
  maxRetries?: number;
  /** Milliseconds between two writes of one key (default 1,000: KV's one write per second per key). */
  writeIntervalMs?: number;
  limits?: Partial<KvLimits>;
}

export interface CloudflareKvStore extends KvStore {
  requests(): RequestTally;
  /** Reads the namespace: refuses an unknown namespace or an unusable token before any write. */
  preflight(): Promise<void>;
}

export async function openCloudflareKvStore(options: CloudflareKvOptions): Promise<CloudflareKvStore> {
  const store = createCloudflareKvStore(options);
  await store.preflight();
  return store;
}

type Refusal = { status: number; errors: CloudflareErrorItem[] };
const OPERATIONS = ['namespace read', 'key list', 'value read', 'bulk write', 'bulk delete', 'bulk read'] as const;
type Operation = (typeof OPERATIONS)[number];
/** The SDK waits out any Retry-After: a longer one stops the upload (`x-should-retry`), the maintainer's decision to wait. */
const MAX_RETRY_AFTER_SECONDS = 60;

export function createCloudflareKvStore(options: CloudflareKvOptions): CloudflareKvStore {
  const { accountId, namespaceId, apiToken, maxRetries = 4, writeIntervalMs = 1000 } = options;
  const limits: KvLimits = { ...KV_LIMITS, ...options.limits };
  const byOperation: Record<string, number> = Object.fromEntries(OPERATIONS.map((op) => [op, 0]));
  let total = 0;
  // Calls run one at a time (`call`), so every request, retries too, belongs to the current one.
  let current: Operation = 'namespace read';
  let refused: Refusal | null = null;

  const countingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    total++;
    byOperation[current]!++;
    const response = await fetch(input, init);
    // The SDK reads only an answer's `result`: a 2xx that is not an envelope of "success": true is caught here
    // (a value read's answer is the value itself).
    if (response.ok && current !== 'value read') {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { success?: unknown; errors?: CloudflareErrorItem[] } | null;
      if (body?.success !== true) refused = { status: response.status, errors: body?.errors ?? [] };
    }
    if (response.status === 429 && retryAfterSeconds(response.headers.get('retry-after')) > MAX_RETRY_AFTER_SECONDS) {
      const headers = new Headers(response.headers);
      headers.set('x-should-retry', 'false');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    return response;
  };

  const client = new Cloudflare({
    apiToken,
    // Only the token authenticates, whatever else the environment holds.
    apiKey: null,
    apiEmail: null,
    userServiceKey: null,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries,
    // Per attempt: a bulk write can carry up to 100 MB.
    timeout: 120_000,
    fetch: countingFetch,
  });
  const host = new URL(client.baseURL).host;
  const ns = client.kv.namespaces;
  const at = { account_id: accountId };

  // One request at a time: the API's rate limit is per user, and a failure then names one batch.
  let queue: Promise<unknown> = Promise.resolve();
  const lastWrite = new Map<string, number>();

  /** One SDK call alone, after the earlier writes of `writes` have aged; any failure comes out as a KvApiError. */
  const call = <T>(operation: Operation, target: string, send: () => PromiseLike<T>, writes: readonly string[] = []): Promise<T> => {
    const run = async () => {
      const wait = Math.max(0, ...writes.map((key) => (lastWrite.get(key) ?? -Infinity) + writeIntervalMs - Date.now()));
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      current = operation;
      refused = null;
      const before = total;
      const context = () => ({ operation, target, host, accountId, namespaceId, attempts: total - before });
      try {
        const result = await send();
        const envelope = refused as Refusal | null; // set by countingFetch while `send` ran
        if (envelope) throw new APIError(envelope.status, { errors: envelope.errors }, undefined, new Headers());
        const failed = (result as { unsuccessful_keys?: string[] } | null)?.unsuccessful_keys ?? [];
        if (failed.length > 0) throw unsuccessfulKeysError(failed, writes.length, context());
        return result;
      } catch (error) {
        throw toKvApiError(error, context());
      } finally {
        // Even a failed attempt may have landed: count it as a write for the one-per-second rule.
        for (const key of writes) lastWrite.set(key, Date.now());
      }
    };
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };

  const store: CloudflareKvStore = {
    requests: () => ({ total, byOperation: { ...byOperation } }),

    preflight: () =>
      call('namespace read', `namespace ${namespaceId}`, () => ns.get(namespaceId, at)).then(
        () => {},
        (error: Error) => Promise.reject(Object.assign(error, { message: `${error.message} Nothing was written.` })),
      ),

    get: (key) =>
      call('value read', `key ${key}`, () => ns.values.get(key, { ...at, namespace_id: namespaceId })).then(
        (response) => response.text(),
        // 10009: the key is not there; a 404 without it is a namespace that is not.
        (error) => (error instanceof KvApiError && error.errors.some((e) => e.code === 10009) ? null : Promise.reject(error)),
      ),

    async getMany(keys) {
      const values = new Map<string, string | null>();
      const batches = chunks(keys, limits.bulkGetKeys);
      for (const [i, batch] of batches.entries()) {
        const read = await call('bulk read', describeBatch(batch, i, batches.length), () =>
          ns.bulkGet(namespaceId, { ...at, keys: batch, type: 'text' }),
        );
        const found = (read?.values ?? {}) as Record<string, string | null>;
        for (const key of batch) values.set(key, found[key] ?? null);
      }
      return values;
    },

    async putMany(pairs, written) {
      // Every pair is checked before the first request: one over a limit writes nothing.
      const bulk = pairs.map((pair) => toBulkPair(pair, limits));
      const batches = writeBatches(bulk, limits);
      for (const [i, batch] of batches.entries()) {
        const keys = batch.map((p) => p.key);
        await call('bulk write', describeBatch(keys, i, batches.length), () => ns.bulkUpdate(namespaceId, { ...at, body: batch }), keys);
        written?.(batch.length);
      }
    },
    put: (key, value) => store.putMany([{ key, value }]),

    async deleteMany(keys) {
      const batches = chunks(keys, limits.bulkDeleteKeys);
      for (const [i, batch] of batches.entries())
        await call('bulk delete', describeBatch(batch, i, batches.length), () => ns.bulkDelete(namespaceId, { ...at, body: batch }), batch);
    },
    delete: (key) => store.deleteMany([key]),

    // The SDK follows the cursor page by page.
    listKeys: (prefix) =>
      call('key list', `prefix "${prefix}"`, async () => {
        const keys: string[] = [];
        for await (const key of ns.keys.list(namespaceId, { ...at, prefix, limit: limits.listPageKeys })) keys.push(key.name);
        return keys;
      }),
  };
  return store;
}

/** Seconds, from either form of the header (0 when absent). */
function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header ?? 0);
  return Number.isNaN(seconds) ? (Date.parse(header!) - Date.now()) / 1000 : seconds;
}
