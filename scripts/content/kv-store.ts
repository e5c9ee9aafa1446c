/**
 * The few KV operations an upload needs, so the same publishing code runs against the local
 * Miniflare namespace (used by `npm start` and the tests) and the real one over Cloudflare's
 * REST API.
 */
import type { KVNamespace, KVNamespaceListResult } from '@cloudflare/workers-types';

export interface KvPutOptions {
  /** Seconds until KV drops the key by itself (at least 60, as Workers KV requires). */
  expirationTtl?: number;
}

export interface KvStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: KvPutOptions): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix`. */
  listKeys(prefix: string): Promise<string[]>;
}

/** Adapts a Workers `KVNamespace` binding (from Miniflare or getPlatformProxy). */
export function kvStoreFromBinding(kv: KVNamespace): KvStore {
  return {
    get: (key) => kv.get(key, 'text'),
    put: (key, value, options) => kv.put(key, value, options?.expirationTtl ? { expirationTtl: options.expirationTtl } : undefined),
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
  };
}

export interface RemoteKvOptions {
  accountId: string;
  namespaceId: string;
  apiToken: string;
  /** Injectable for tests of this adapter; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** KV over Cloudflare's REST API (`--remote`): needs an API token with Workers KV write access. */
export function remoteKvStore({ accountId, namespaceId, apiToken, fetch: doFetch = fetch }: RemoteKvOptions): KvStore {
  const base = `https://api.cloudflare.com/client/v4/accounts/${encodeURIComponent(accountId)}/storage/kv/namespaces/${encodeURIComponent(namespaceId)}`;
  const call = async (method: string, path: string, body?: BodyInit, contentType?: string): Promise<Response> => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiToken}` };
    if (contentType) headers['content-type'] = contentType;
    const response = await doFetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    if (!response.ok && response.status !== 404) {
      throw new Error(`Cloudflare API ${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    return response;
  };
  const valuePath = (key: string) => `/values/${encodeURIComponent(key)}`;
  return {
    async get(key) {
      const response = await call('GET', valuePath(key));
      return response.status === 404 ? null : response.text();
    },
    async put(key, value, options) {
      const ttl = options?.expirationTtl ? `?expiration_ttl=${options.expirationTtl}` : '';
      await call('PUT', `${valuePath(key)}${ttl}`, value, 'text/plain;charset=utf-8');
    },
    async delete(key) {
      await call('DELETE', valuePath(key));
    },
    async listKeys(prefix) {
      const keys: string[] = [];
      let cursor = '';
      do {
        const query = new URLSearchParams({ prefix, limit: '1000', ...(cursor ? { cursor } : {}) });
        const json = (await (await call('GET', `/keys?${query}`)).json()) as {
          result: { name: string }[];
          result_info?: { cursor?: string };
        };
        keys.push(...json.result.map((k) => k.name));
        cursor = json.result_info?.cursor ?? '';
      } while (cursor);
      return keys;
    },
  };
}
