/**
 * The built Worker in workerd with faults injected into its real bindings, on demand:
 *
 * - `CONTENT` is a wrapped binding (Miniflare `wrappedBindings`): a small module in the same
 *   isolate that forwards every call to the real KV namespace, unless told to fail. Before each
 *   operation it asks Node what to do through a function-valued service binding, so a test
 *   flips `faults.kv` between 'ok', 'throw' (the call rejects at once) and 'hang' (the call
 *   answers only after 60 s, past the Worker's 3 s KV timeout).
 * - `ANALYTICS` can be bound to a Durable Object class whose every method throws.
 *
 * The test seeds KV through `store`, a second binding to the same namespace that never fails.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import type { KVNamespace } from '@cloudflare/workers-types';
import { kvStoreFromBinding, type KvStore } from '../../scripts/content/kv-store.ts';
import { createMiniflare, type MiniflareOptions } from '../../tools/local-worker.ts';
import { ORIGIN, WORKER_BUNDLE } from './worker-runtime.ts';

export type KvFault = 'ok' | 'throw' | 'hang';

export interface FaultyWorker {
  mf: Miniflare;
  url: URL;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** What the next KV calls do; `only` limits the fault to keys starting with it. */
  faults: { kv: KvFault; only?: string };
  /** KV calls the wrapper failed so far. */
  failedCalls(): number;
  store: KvStore;
  dispose(): Promise<void>;
}

const KV_WRAPPER = `
async function fault(env, key) {
  const res = await env.CONTROL.fetch('http://control/?key=' + encodeURIComponent(key ?? ''));
  const mode = await res.text();
  if (mode === 'throw') throw new Error('injected KV fault: the read failed');
  if (mode === 'hang') {
    await new Promise((resolve) => setTimeout(resolve, 60000));
    throw new Error('injected KV fault: no answer');
  }
}
export default function (env) {
  const kv = env.REAL;
  return {
    async get(key, options) { await fault(env, key); return kv.get(key, options); },
    async getWithMetadata(key, options) { await fault(env, key); return kv.getWithMetadata(key, options); },
    async put(key, value, options) { await fault(env, key); return kv.put(key, value, options); },
    async delete(key) { await fault(env, key); return kv.delete(key); },
    async list(options) { await fault(env, options?.prefix); return kv.list(options); },
  };
}
`;

const BROKEN_COUNTER = `
import { DurableObject } from 'cloudflare:workers';
export class BrokenCounter extends DurableObject {
  hit() { throw new Error('injected Durable Object fault: hit'); }
  stats() { throw new Error('injected Durable Object fault: stats'); }
}
export default { fetch() { return new Response('not used', { status: 404 }); } };
`;

export async function startFaultyWorker({ brokenAnalytics = false, listen = false } = {}): Promise<FaultyWorker> {
  if (!existsSync(WORKER_BUNDLE)) throw new Error(`${WORKER_BUNDLE} is missing: run \`npm run build\` first`);
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const { kvNamespaces, durableObjects, ...site } = workerOptions as Record<string, unknown> & {
    kvNamespaces?: Record<string, string>;
    durableObjects?: Record<string, unknown>;
    bindings?: Record<string, unknown>;
  };
  const namespace = kvNamespaces?.CONTENT ?? 'CONTENT';
  const faults: FaultyWorker['faults'] = { kv: 'ok' };
  let failed = 0;

  const { mf, dispose } = createMiniflare({
    ...(listen ? { host: '127.0.0.1', port: 0 } : {}),
    workers: [
      {
        ...site,
        name: 'site',
        bindings: { ...site.bindings, MANIFEST_TTL_SECONDS: '0' },
        modules: true,
        scriptPath: WORKER_BUNDLE,
        modulesRoot: resolve('dist/worker'),
        kvNamespaces: { CONTENT_STORE: namespace },
        wrappedBindings: { CONTENT: { scriptName: 'kv-faults' } },
        durableObjects: brokenAnalytics ? { ANALYTICS: { className: 'BrokenCounter', scriptName: 'broken-analytics' } } : durableObjects,
      },
      {
        name: 'kv-faults',
        modules: true,
        script: KV_WRAPPER,
        kvNamespaces: { REAL: namespace },
        serviceBindings: {
          CONTROL: (request: { url: string }) => {
            const key = new URL(request.url).searchParams.get('key') ?? '';
            const applies = faults.kv !== 'ok' && (!faults.only || key.startsWith(faults.only));
            if (applies) failed++;
            return new Response(applies ? faults.kv : 'ok') as never;
          },
        },
      },
      {
        name: 'broken-analytics',
        modules: true,
        compatibilityDate: '2026-04-01',
        script: BROKEN_COUNTER,
        durableObjects: { BROKEN: { className: 'BrokenCounter', useSQLite: true } },
      },
    ],
  } as MiniflareOptions);
  const url = await mf.ready;
  const kv = (await mf.getKVNamespace('CONTENT_STORE', 'site')) as unknown as KVNamespace;
  return {
    mf,
    url,
    fetch: (path, init) => mf.dispatchFetch(new URL(path, ORIGIN), init as never) as unknown as Promise<Response>,
    faults,
    failedCalls: () => failed,
    store: kvStoreFromBinding(kv),
    dispose,
  };
}
