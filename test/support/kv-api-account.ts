/** One account on the KV API contract server: a namespace, a write token and a read token. I/O: starts the server. */
import type { CloudflareKvOptions } from '../../scripts/content/kv/cloudflare-kv-store.ts';
import { type CloudflareKvApi, type KvApiServerOptions, startKvApi } from './cloudflare-kv-api.ts';

export const ACCOUNT = 'acc-contract';
export const NS = 'content-ns';
export const WRITE_TOKEN = 'write-token';
export const READ_TOKEN = 'read-only-token';

/** A contract server holding the account's namespace and answering both its tokens. */
export const startAccountKvApi = (options: Partial<KvApiServerOptions> = {}): Promise<CloudflareKvApi> =>
  startKvApi({ accountId: ACCOUNT, namespaces: [NS], tokens: { [WRITE_TOKEN]: 'write', [READ_TOKEN]: 'read' }, ...options });

/** A store's way to the namespace on `api`, with the write token. */
export const accountStoreOptions = (api: CloudflareKvApi): CloudflareKvOptions => ({
  accountId: ACCOUNT,
  namespaceId: NS,
  apiToken: WRITE_TOKEN,
  baseURL: api.baseURL,
});
