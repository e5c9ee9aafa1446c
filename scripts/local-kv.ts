/**
 * The local state that `npm start` serves, opened by `npm run upload`: its KV, and the publish lock of the Worker
 * running on it (`npm start`'s, else one started here). I/O: the state folder, workerd, the build.
 */
import { resolve } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { Miniflare } from 'miniflare';
import { startLocalWorker } from '../tools/local-worker.ts';
import { type KvStore, kvStoreFromBinding } from './content/kv/kv-store.ts';
import { UploadConflictError } from './content/publish/publish-error.ts';
import { LOCAL_PUBLISH_SECRET, type TakeLock, takePublishLock, type WorkerAddress } from './content/publish/publish-lock.ts';
import { readWranglerConfig } from './content/wrangler-config.ts';
import { ensureFreshBuild } from './dev/fresh-build.ts';
import { claimLocalState } from './dev/live/dev-origin.ts';
import { WRANGLER_STATE } from './wrangler-state.ts';

export { WRANGLER_STATE };

/** The id of wrangler.toml's CONTENT namespace, which keys its local copy and its publish lock (the binding when it has none). */
export function localNamespaceId(configPath = 'wrangler.toml', binding = 'CONTENT'): string {
  const declared = readWranglerConfig(configPath).kv_namespaces.find((ns) => ns.binding === binding);
  if (!declared) throw new Error(`${configPath} declares no KV namespace with binding ${binding}`);
  return declared.id ?? binding;
}

/** Miniflare with the one KV namespace under wrangler's persistence root, so the data lands where `npm start` reads it. */
export async function openLocalKv(
  configPath: string,
  binding: string,
  persistTo: string = WRANGLER_STATE,
): Promise<{ namespace: KVNamespace; dispose: () => Promise<void> }> {
  const id = localNamespaceId(configPath, binding);
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
    defaultPersistRoot: resolve(persistTo, 'v3'),
    kvNamespaces: { [binding]: id },
  });
  const namespace = (await mf.getKVNamespace(binding)) as unknown as KVNamespace;
  return { namespace, dispose: () => mf.dispose() };
}

/** The local KV alone, for reading. */
export async function openLocalKvStore(persistTo: string): Promise<{ store: KvStore; close: () => Promise<void> }> {
  const kv = await openLocalKv('wrangler.toml', 'CONTENT', persistTo);
  return { store: kvStoreFromBinding(kv.namespace), close: kv.dispose };
}

export interface LocalState {
  store: KvStore;
  lock: TakeLock;
  /** The Worker whose lock that is, which `--purge` asks. */
  worker: WorkerAddress;
  close(): Promise<void>;
}

/**
 * The state in `persistTo` with the publish lock of the one Worker that may run on it: `npm start`'s, reached over
 * HTTP (its KV opened beside it, as SQLite allows), or else one started here for this upload, which `npm start` and
 * other uploads then wait for (dev-origin.ts).
 */
export async function openLocalState(persistTo: string = WRANGLER_STATE, log: (line: string) => void = console.log): Promise<LocalState> {
  const claim = claimLocalState(persistTo, 'upload');
  const namespace = localNamespaceId();
  if (!('release' in claim)) {
    const { origin } = claim;
    if (claim.by !== 'npm start' || !origin)
      throw new UploadConflictError(
        `${claim.by === 'upload' ? 'another upload' : 'npm start, still starting,'} (pid ${claim.pid}) runs the local Worker on ${persistTo}: nothing was written. Run the upload again when it is done.`,
      );
    const worker = { origin, secret: LOCAL_PUBLISH_SECRET, namespace };
    return { ...(await openLocalKvStore(persistTo)), worker, lock: () => takePublishLock(worker) };
  }
  try {
    ensureFreshBuild({ purpose: 'the local Worker of npm run upload', log });
    // The upload asks its Worker only for the publish lock and the purge: no static assets to serve, no cache in front
    // to purge again later.
    const bindings = { PUBLISH_SECRET: LOCAL_PUBLISH_SECRET, PURGE_AGAIN_SECONDS: '' };
    const started = await startLocalWorker({ persistTo, assetsDir: null, bindings });
    const worker = { origin: started.url.href, secret: LOCAL_PUBLISH_SECRET, namespace };
    return {
      store: started.store,
      worker,
      lock: () => takePublishLock(worker),
      close: async () => {
        await started.dispose();
        claim.release();
      },
    };
  } catch (error) {
    claim.release();
    throw error;
  }
}
