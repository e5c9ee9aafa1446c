/**
 * The production KV namespace through Cloudflare's REST API with the official SDK (`npm run upload -- --remote`).
 * I/O: HTTPS requests to the API, one at a time, counted (docs/publishing.md, How the upload writes to KV).
 */
import Cloudflare, { NotFoundError } from 'cloudflare';
import * as z from 'zod';
import { envelopeError, type KvRequestContext, toKvApiError, unsuccessfulKeysError } from './kv-api-error.ts';
import { chunks, describeBatch, KV_LIMITS, type KvLimits, toBulkPair, writeBatches } from './kv-batches.ts';
import type { KvStore, RequestTally } from './kv-store.ts';

export interface CloudflareKvOptions {
  accountId: string;
  namespaceId: string;
  apiToken: string;
  /** Default: the SDK's own, CLOUDFLARE_BASE_URL or https://api.cloudflare.com/client/v4. */
  baseURL?: string;
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** Per attempt (default 120 s: a bulk write can carry up to 100 MB). */
  timeoutMs?: number;
  /** Longest Retry-After waited out (default 60 s). */
  maxRetryAfterSeconds?: number;
  /** Milliseconds between two writes of one key (default 1,000: KV's one write per second per key). */
  writeIntervalMs?: number;
  limits?: Partial<KvLimits>;
}

export interface CloudflareKvStore extends KvStore {
  requests(): RequestTally;
  /** Reads the namespace: refuses an unknown namespace or an unusable token before any write. */
  preflight(): Promise<void>;
}

/** Creates the store and runs its preflight. */
export async function openCloudflareKvStore(options: CloudflareKvOptions): Promise<CloudflareKvStore> {
  const store = createCloudflareKvStore(options);
  await store.preflight();
  return store;
}

const OPERATIONS = ['namespace read', 'key list', 'value read', 'bulk write', 'bulk delete', 'bulk read'] as const;

const envelopeSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.coerce.number(), message: z.coerce.string() })).default([]),
  result: z.unknown(),
  result_info: z.object({ cursor: z.string().nullish() }).loose().nullish(),
});
const bulkResultSchema = z
  .object({ unsuccessful_keys: z.array(z.string()).nullish() })
  .loose()
  .nullish();
const bulkGetResultSchema = z.object({ values: z.record(z.string(), z.string().nullable()).default({}) });
const keyListSchema = z.array(z.object({ name: z.string() }).loose());
const namespaceSchema = z.object({ id: z.string() }).loose();

export function createCloudflareKvStore(options: CloudflareKvOptions): CloudflareKvStore {
  const {
    accountId,
    namespaceId,
    apiToken,
    maxRetries = 4,
    timeoutMs = 120_000,
    maxRetryAfterSeconds = 60,
    writeIntervalMs = 1000,
  } = options;
  const limits: KvLimits = { ...KV_LIMITS, ...options.limits };
  const byOperation: Record<string, number> = Object.fromEntries(OPERATIONS.map((op) => [op, 0]));
  let total = 0;

  const countingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const operation = classify(init?.method ?? 'GET', url);
    total++;
    byOperation[operation] = (byOperation[operation] ?? 0) + 1;
    const response = await fetch(input, init);
    const wait = response.status === 429 ? retryAfterSeconds(response.headers.get('retry-after')) : null;
    if (wait !== null && wait > maxRetryAfterSeconds) {
      // The SDK obeys this header: a wait this long is the maintainer's decision, not a retry's.
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
    timeout: timeoutMs,
    fetch: countingFetch,
  });
  const host = new URL(client.baseURL).host;
  const ns = client.kv.namespaces;

  // One request at a time: the API's rate limit is per user, and a failure then names one batch.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };

  const lastWrite = new Map<string, number>();
  const spaceWrites = async (keys: readonly string[]) => {
    let wait = 0;
    for (const key of keys) {
      const at = lastWrite.get(key);
      if (at !== undefined) wait = Math.max(wait, at + writeIntervalMs - Date.now());
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const wrote = (keys: readonly string[]) => {
    const now = Date.now();
    for (const key of keys) lastWrite.set(key, now);
  };

  /** Sends one SDK call, checks the envelope, and turns any failure into a KvApiError. */
  const call = async <T>(
    operation: string,
    target: string,
    send: () => PromiseLike<Response>,
    read: (result: unknown, context: KvRequestContext, cursor: string | undefined) => T,
  ): Promise<T> => {
    const before = total;
    const context = (): KvRequestContext => ({ operation, target, host, accountId, namespaceId, attempts: total - before });
    try {
      const response = await send();
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(
          `Cloudflare KV ${operation} of ${target}: HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
        );
      }
      const envelope = envelopeSchema.safeParse(body);
      if (!envelope.success)
        throw new Error(
          `Cloudflare KV ${operation} of ${target}: the answer is not Cloudflare's envelope (${envelope.error.issues[0]?.message ?? 'unreadable'})`,
        );
      if (!envelope.data.success) throw envelopeError(response.status, envelope.data.errors, context());
      return read(envelope.data.result, context(), envelope.data.result_info?.cursor || undefined);
    } catch (error) {
      throw toKvApiError(error, context());
    }
  };
  const parse = <S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(`Cloudflare's answer to ${what} is not as documented: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };

  /** A bulk write or delete of `keys`: spaced per key, and refused when the API lists any of them as unsuccessful. */
  const bulk = (operation: 'bulk write' | 'bulk delete', keys: string[], target: string, send: () => PromiseLike<Response>) =>
    serial(async () => {
      await spaceWrites(keys);
      try {
        await call(operation, target, send, (result, context) => {
          const failed = parse(bulkResultSchema, result, `a ${operation}`)?.unsuccessful_keys ?? [];
          if (failed.length > 0) throw unsuccessfulKeysError(failed, keys.length, context);
        });
      } finally {
        // Even a failed attempt may have landed: count it as a write for the one-per-second rule.
        wrote(keys);
      }
    });
  const bulkWrite = (batch: ReturnType<typeof toBulkPair>[], target: string) =>
    bulk(
      'bulk write',
      batch.map((p) => p.key),
      target,
      () => ns.bulkUpdate(namespaceId, { account_id: accountId, body: batch }).asResponse(),
    );
  const bulkDelete = (keys: string[], target: string) =>
    bulk('bulk delete', keys, target, () => ns.bulkDelete(namespaceId, { account_id: accountId, body: keys }).asResponse());

  const store: CloudflareKvStore = {
    requests: () => ({ total, byOperation: { ...byOperation } }),

    preflight: () =>
      serial(async () => {
        try {
          await call(
            'namespace read',
            `namespace ${namespaceId}`,
            () => ns.get(namespaceId, { account_id: accountId }).asResponse(),
            (result) => {
              const found = parse(namespaceSchema, result, 'a namespace read');
              if (found.id !== namespaceId) throw new Error(`asked for namespace ${namespaceId}, Cloudflare answered with ${found.id}`);
            },
          );
        } catch (error) {
          (error as Error).message += ' Nothing was written.';
          throw error;
        }
      }),

    get: (key) =>
      serial(async () => {
        const before = total;
        try {
          const response = await ns.values.get(key, { account_id: accountId, namespace_id: namespaceId });
          return await response.text();
        } catch (error) {
          if (error instanceof NotFoundError && error.errors.some((e) => Number((e as { code?: unknown }).code) === 10009)) return null;
          throw toKvApiError(error, {
            operation: 'value read',
            target: `key ${key}`,
            host,
            accountId,
            namespaceId,
            attempts: total - before,
          });
        }
      }),

    async getMany(keys) {
      const values = new Map<string, string | null>();
      const batches = chunks(keys, limits.bulkGetKeys);
      for (const [i, batch] of batches.entries()) {
        const target = describeBatch(batch, i, batches.length);
        const read = await serial(() =>
          call(
            'bulk read',
            target,
            () => ns.bulkGet(namespaceId, { account_id: accountId, keys: batch, type: 'text' }).asResponse(),
            (result) => parse(bulkGetResultSchema, result, 'a bulk read').values,
          ),
        );
        for (const key of batch) values.set(key, read[key] ?? null);
      }
      return values;
    },

    async put(key, value) {
      await bulkWrite([toBulkPair({ key, value }, limits)], describeBatch([key], 0, 1));
    },

    async putMany(pairs) {
      // Every pair is checked before the first request: one over a limit writes nothing.
      const batches = writeBatches(
        pairs.map((pair) => toBulkPair(pair, limits)),
        limits,
      );
      for (const [i, batch] of batches.entries())
        await bulkWrite(
          batch,
          describeBatch(
            batch.map((p) => p.key),
            i,
            batches.length,
          ),
        );
    },

    async delete(key) {
      await bulkDelete([key], describeBatch([key], 0, 1));
    },

    async deleteMany(keys) {
      const batches = chunks(keys, limits.bulkDeleteKeys);
      for (const [i, batch] of batches.entries()) await bulkDelete(batch, describeBatch(batch, i, batches.length));
    },

    listKeys: (prefix) =>
      serial(async () => {
        const keys: string[] = [];
        const seen = new Set<string>();
        let cursor: string | undefined;
        for (let page = 1; ; page++) {
          const { names, next } = await call(
            'key list',
            `prefix "${prefix}", page ${page}`,
            () =>
              ns.keys
                .list(namespaceId, { account_id: accountId, prefix, limit: limits.listPageKeys, ...(cursor ? { cursor } : {}) })
                .asResponse(),
            (result, _context, next) => ({ names: parse(keyListSchema, result, 'a key list').map((k) => k.name), next }),
          );
          keys.push(...names);
          if (!next) return keys;
          if (seen.has(next)) throw new Error(`Cloudflare KV key list of prefix "${prefix}": the cursor repeated at page ${page}`);
          seen.add(next);
          cursor = next;
        }
      }),
  };
  return store;
}

/** Which KV operation a request of the SDK is, from its method and path. */
function classify(method: string, url: string): string {
  const path = new URL(url).pathname;
  const rest = /\/storage\/kv\/namespaces\/[^/]+(\/.*)?$/.exec(path)?.[1] ?? '';
  const m = method.toUpperCase();
  if (rest === '' && m === 'GET') return 'namespace read';
  if (rest === '/keys') return 'key list';
  if (rest.startsWith('/values/')) return 'value read';
  if (rest === '/bulk') return 'bulk write';
  if (rest === '/bulk/delete') return 'bulk delete';
  if (rest === '/bulk/get') return 'bulk read';
  return 'other request';
}

function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : (at - Date.now()) / 1000;
}
