/** The KV operations an upload needs, alike on the local Miniflare namespace and the REST API. No I/O of its own. */
import type { KVNamespace, KVNamespaceListResult } from '@cloudflare/workers-types';

/** Text, or bytes (sent base64-encoded to the API). */
export type KvPair = { key: string; value: string | Uint8Array };

/** API requests a store made, every attempt counted (retries too). */
export type RequestTally = { total: number; byOperation: Record<string, number> };

export interface KvStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string | Uint8Array): Promise<void>;
  delete(key: string): Promise<void>;
  listKeys(prefix: string): Promise<string[]>;
  /** The values of `keys` (null for a missing one), read in as few requests as the backend allows. */
  getMany(keys: readonly string[]): Promise<Map<string, string | null>>;
  /** Writes every pair, in batches within the backend's limits, telling `written` each batch's size; throws on the first that fails. */
  putMany(pairs: readonly KvPair[], written?: (count: number) => void): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Only stores that talk to an API count their requests. */
  requests?(): RequestTally;
}

/** Bulk operations made of single-key calls, `concurrency` at a time (a local binding, test doubles); `basic` is a plain object. */
export function withBulkOperations(basic: Pick<KvStore, 'get' | 'put' | 'delete' | 'listKeys'>, concurrency = 8): KvStore {
  const each = async <T>(items: readonly T[], run: (item: T) => Promise<void>, done = (_count: number) => {}) => {
    for (let i = 0; i < items.length; i += concurrency) done((await Promise.all(items.slice(i, i + concurrency).map(run))).length);
  };
  return {
    ...basic,
    async getMany(keys) {
      const values = new Map<string, string | null>();
      await each(keys, async (key) => void values.set(key, await basic.get(key)));
      return new Map(keys.map((key) => [key, values.get(key) ?? null]));
    },
    putMany: (pairs, written) => each(pairs, ({ key, value }) => basic.put(key, value), written),
    deleteMany: (keys) => each(keys, (key) => basic.delete(key)),
  };
}

export function kvStoreFromBinding(kv: KVNamespace): KvStore {
  return withBulkOperations({
    get: (key) => kv.get(key, 'text'),
    put: (key, value) => kv.put(key, value),
    delete: (key) => kv.delete(key),
    async listKeys(prefix) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page: KVNamespaceListResult<unknown, string> = await kv.list({ prefix, ...(cursor ? { cursor } : {}) });
        keys.push(...page.keys.map((k) => k.name));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return keys;
    },
  });
}

/** `14 Cloudflare API requests (1 namespace read, 3 key lists, …)`: the line an upload prints. */
export function formatRequestTally(tally: RequestTally): string {
  const parts = Object.entries(tally.byOperation)
    .filter(([, n]) => n > 0)
    .map(([operation, n]) => `${n} ${operation}${n === 1 ? '' : 's'}`);
  return `${tally.total} Cloudflare API request${tally.total === 1 ? '' : 's'}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
