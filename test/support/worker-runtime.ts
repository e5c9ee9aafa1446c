/**
 * Runs the built Worker (dist/worker/index.js, from `npm run build`) in workerd through
 * Miniflare, with the bindings wrangler.toml declares: real KV, real Durable Object, real
 * static assets. Each call gets its own state, in a temporary folder that dispose() removes.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import type { KVNamespace } from '@cloudflare/workers-types';
import { kvStoreFromBinding, type KvStore } from '../../scripts/content/kv-store.ts';
import { uploadContent } from '../../scripts/content/upload.ts';
import { createMiniflare, type MiniflareOptions } from '../../scripts/local-miniflare.ts';

export const WORKER_BUNDLE = resolve('dist/worker/index.js');
export const ORIGIN = 'http://localhost:8787';

export interface WorkerRuntime {
  mf: Miniflare;
  /** Where the Worker listens on loopback, for browsers (only with `listen: true`). */
  url: URL;
  /** Sends a request to the Worker; `path` is relative to http://localhost:8787. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  kv: KVNamespace;
  store: KvStore;
  dispose(): Promise<void>;
}

export interface StartOptions {
  bindings?: Record<string, string>;
  /** Also serve on a free loopback port, for a browser. */
  listen?: boolean;
  /** Another Worker's module source in place of the site's bundle (the load test's baseline). */
  script?: string;
  /** Opens workerd's inspector on this loopback port (the load test reads the Worker's heap). */
  inspectorPort?: number;
  /** Where Miniflare's local storage goes (default: the system's temporary directory). */
  tempParent?: string;
  /** startPublishedWorker: leave diagrams for the browser to draw, as an upload without a browser does. */
  clientDiagrams?: boolean;
}

export async function startWorker({ bindings = {}, listen = false, script, inspectorPort, tempParent }: StartOptions = {}): Promise<WorkerRuntime> {
  if (!existsSync(WORKER_BUNDLE)) throw new Error(`${WORKER_BUNDLE} is missing: run \`npm run build\` first`);
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const { mf, dispose } = createMiniflare({
    ...(workerOptions as object),
    bindings: { ...workerOptions.bindings, ...bindings },
    ...(listen ? { host: '127.0.0.1', port: 0 } : {}),
    ...(inspectorPort ? { inspectorPort } : {}),
    modules: true,
    ...(script === undefined ? { scriptPath: WORKER_BUNDLE, modulesRoot: resolve('dist/worker') } : { script }),
  } as MiniflareOptions, tempParent);
  let url: URL;
  let kv: KVNamespace;
  try {
    url = await mf.ready;
    kv = (await mf.getKVNamespace('CONTENT')) as unknown as KVNamespace;
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    mf,
    url,
    fetch: (path, init) => mf.dispatchFetch(new URL(path, ORIGIN), init as never) as unknown as Promise<Response>,
    kv,
    store: kvStoreFromBinding(kv),
    dispose,
  };
}

/** A Worker with the site's own content/ published into its KV by the real upload code. */
export async function startPublishedWorker(options: StartOptions = {}): Promise<WorkerRuntime> {
  const worker = await startWorker(options);
  const outcome = await uploadContent({ content: 'content', store: worker.store, ...(options.clientDiagrams ? { diagrams: null } : {}) });
  if (!outcome.ok) {
    await worker.dispose();
    throw new Error(`content/ does not upload: ${outcome.problems.map((p) => `${p.file}: ${p.field}: ${p.reason}`).join('; ')}`);
  }
  return worker;
}
