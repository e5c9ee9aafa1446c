/**
 * The one way this project runs workerd locally, through Miniflare: `npm start`, tests, benchmark and load test.
 * I/O: starts and stops workerd processes, temporary folders.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { KVNamespace } from '@cloudflare/workers-types';
import { Miniflare } from 'miniflare';
import { type KvStore, kvStoreFromBinding } from '../scripts/content/kv/kv-store.ts';
import { readWranglerConfig } from '../scripts/content/wrangler-config.ts';
import { BROKEN_ANALYTICS_SCRIPT, KV_PROBE_SCRIPT, type KvProbe, kvProbeControl } from './binding-probes.ts';

export type MiniflareOptions = ConstructorParameters<typeof Miniflare>[0];

export interface LocalMiniflare {
  mf: Miniflare;
  /** Stops workerd, then removes the instance's folder. Safe to call twice: Miniflare's own dispose is not. */
  dispose(): Promise<void>;
}

/**
 * Folders of the instances not disposed yet, removed if the process exits first: `npm start` on Ctrl+C, on which
 * Miniflare itself exits. One listener per process (vitest keeps modules between files: vitest.config.ts).
 */
const undisposedFolders = new Set<string>();
process.on('exit', () => {
  for (const folder of undisposedFolders) rmSync(folder, { recursive: true, force: true });
});

/**
 * Any Miniflare instance, whose temporary folder is gone once disposed. Miniflare puts its local storage in a fresh
 * folder under os.tmpdir() and does not wait for its removal on dispose, so a process exiting at once leaves it
 * behind: the instance is constructed with a folder of ours as os.tmpdir(), removed once workerd has stopped.
 */
export function createMiniflare(options: MiniflareOptions, parent = tmpdir()): LocalMiniflare {
  const folder = mkdtempSync(join(parent, 'race-element-miniflare-'));
  undisposedFolders.add(folder);
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  let mf: Miniflare;
  try {
    mf = new Miniflare(options);
  } catch (error) {
    undisposedFolders.delete(folder);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  let disposed: Promise<void> | undefined;
  const dispose = () =>
    (disposed ??= mf.dispose().finally(() => {
      undisposedFolders.delete(folder);
      rmSync(folder, { recursive: true, force: true });
    }));
  return { mf, dispose };
}

/** The built Worker (`npm run build`). */
export const WORKER_BUNDLE = resolve('dist/worker/index.js');
/** The origin requests through `LocalWorker.fetch` appear to come to. */
export const ORIGIN = 'http://localhost:8787';

export interface LocalWorkerOptions {
  /** Vars over wrangler.toml's (`RENDERED_PAGE_CACHE_CHARS: '0'` turns the rendered-page cache off). */
  bindings?: Record<string, string>;
  /** Another Worker's module source in place of the site's bundle (the baselines). */
  script?: string;
  /** Another build of the site's bundle (default dist/worker/index.js). */
  bundle?: string;
  /** Serve on a free loopback port, for browsers and load generators. */
  listen?: boolean;
  /** Opens workerd's inspector on this loopback port (CPU profile, live heap). */
  inspectorPort?: number;
  /**
   * Static assets from this folder instead of wrangler.toml's (dist/client); null for none, which starts for less (a
   * Worker asked only its own routes: the publish lock's, or a test's).
   */
  assetsDir?: string | null;
  /** KV on disk in this folder, so that a fresh workerd (a cold isolate) sees what an earlier one published. */
  kvPersist?: string;
  /**
   * Every binding's storage (KV, Durable Objects, cache) on disk in this folder as `wrangler dev
   * --persist-to` keeps it (below `v3/`): `.wrangler/state` is what `npm start` serves and `npm
   * run upload` writes (scripts/local-kv.ts).
   */
  persistTo?: string;
  /** Where Miniflare's other local storage goes (default: the system's temporary directory). */
  tempParent?: string;
  /** Leave out workerd's "Broken pipe" lines: a load generator closing connections at the end of a run. */
  quietStdio?: boolean;
  /** `CONTENT` through the KV probe (tools/binding-probes.ts): reads counted, faults on demand. */
  probeKv?: boolean;
  /** `ANALYTICS` bound to a Durable Object whose every call throws. */
  brokenAnalytics?: boolean;
  /** The Worker's EDGE_PURGE binding (worker/app-env.ts): its purges reach this stand-in of Workers Cache (EdgeNetwork.purgeRequest). */
  edgePurge?: (request: Request) => Promise<Response>;
  /** Answers every fetch the Worker itself makes (Miniflare's outboundService): a stand-in for the internet. */
  outbound?: (request: Request) => Response | Promise<Response>;
  /**
   * Copies of the Worker in the same workerd for `fetchCold`, each an isolate of its own with no cache and no static
   * assets: many cold starts for the price of one runtime.
   */
  coldIsolates?: number;
}

export interface LocalWorker {
  mf: Miniflare;
  /** Where workerd listens. */
  url: URL;
  /** Sends a request to the Worker; `path` is relative to ORIGIN. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Sends a request to the next unused copy of `coldIsolates`: no memo of an earlier request, nothing cached. */
  fetchCold(path: string, init?: RequestInit): Promise<Response>;
  /** The `CONTENT` namespace itself, never probed: what a test seeds and the upload writes. */
  kv: KVNamespace;
  store: KvStore;
  /** From `new Miniflare` to ready (workerd started, script loaded), in ms. */
  startMs: number;
  /** With `probeKv`: the Worker's KV reads so far, and the faults it gets. */
  kvProbe?: KvProbe;
  dispose(): Promise<void>;
}

/**
 * workerd's output, less one kind of line: when a load run ends, the load generator closes
 * connections that workerd is still writing to, and workerd logs each "Broken pipe" with a stack.
 */
function quietStdio(stdout: Readable, stderr: Readable): void {
  stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  let dropping = false;
  createInterface({ input: stderr }).on('line', (line) => {
    dropping = /Broken pipe|Connection reset by peer/.test(line) || (dropping && line.startsWith('stack:'));
    if (!dropping) process.stderr.write(`${line}\n`);
  });
}

/**
 * The latest start on each `kvPersist` folder. Two workerd processes opening the same KV
 * SQLite at the same moment can make one of them die (SQLITE_BUSY_RECOVERY, fatal in workerd),
 * so starts on one folder take turns; once open, several runtimes read it side by side.
 */
const startsByKvFolder = new Map<string, Promise<unknown>>();

/**
 * The built Worker with the bindings wrangler.toml declares (real KV, Durable Objects, static assets), once workerd is
 * ready: its KV namespace and a store over it for the upload code. Starts on one `kvPersist` folder take turns.
 */
export function startLocalWorker(options: LocalWorkerOptions & { probeKv: true }): Promise<LocalWorker & { kvProbe: KvProbe }>;
export function startLocalWorker(options?: LocalWorkerOptions): Promise<LocalWorker>;
export function startLocalWorker(options: LocalWorkerOptions = {}): Promise<LocalWorker> {
  const folder = options.kvPersist ?? options.persistTo;
  if (folder === undefined) return launch(options);
  const start = (startsByKvFolder.get(folder) ?? Promise.resolve()).catch(() => {}).then(() => launch(options));
  startsByKvFolder.set(folder, start);
  return start;
}

type SiteOptions = Record<string, unknown> & {
  bindings?: Record<string, unknown>;
  kvNamespaces?: Record<string, string | { id: string }>;
  durableObjects?: Record<string, object>;
  assets?: object;
};

/**
 * Miniflare's options for the Worker `config` (a wrangler.toml) declares, as `wrangler dev` would run it
 * (test/tools/local-worker.test.ts compares with Wrangler's own): read by us, as importing Wrangler costs seconds.
 */
export function siteWorkerOptions(config = 'wrangler.toml'): SiteOptions {
  const { name, compatibility_date, compatibility_flags, vars, kv_namespaces, durable_objects, migrations, assets } =
    readWranglerConfig(config);
  const sqlite = new Set(migrations.flatMap((migration) => migration.new_sqlite_classes));
  const compatibility = { compatibilityDate: compatibility_date, compatibilityFlags: compatibility_flags };
  return {
    name,
    ...compatibility,
    bindings: vars,
    kvNamespaces: Object.fromEntries(kv_namespaces.map(({ binding, id }) => [binding, { id: id ?? binding }])),
    durableObjects: Object.fromEntries(
      durable_objects.bindings.map(({ name, class_name }) => [name, { className: class_name, useSQLite: sqlite.has(class_name) }]),
    ),
    ...(assets && {
      assets: {
        directory: resolve(assets.directory),
        binding: assets.binding,
        routerConfig: { has_user_worker: true },
        assetConfig: { not_found_handling: assets.not_found_handling, compatibility_date, compatibility_flags },
      },
    }),
  };
}

async function launch(options: LocalWorkerOptions): Promise<LocalWorker> {
  const {
    bindings = {},
    script,
    bundle = WORKER_BUNDLE,
    listen = false,
    inspectorPort,
    assetsDir,
    kvPersist,
    persistTo,
    tempParent,
    probeKv = false,
    brokenAnalytics = false,
    outbound,
    edgePurge,
    coldIsolates = 0,
  } = options;
  if (script === undefined && !existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  const { name, kvNamespaces = {}, assets, ...wrangler } = siteWorkerOptions();
  const namespace = kvNamespaces.CONTENT ?? 'CONTENT';
  const { CONTENT: _probed, ...otherNamespaces } = kvNamespaces;

  const site: SiteOptions = {
    ...wrangler,
    // Durable Objects are stored by Worker and class name: named as `wrangler dev` names it, the
    // page views it counted are the ones counted here. (Unnamed otherwise: see the inspector below.)
    ...(options.persistTo ? { name } : {}),
    bindings: { ...wrangler.bindings, ...bindings },
    ...(assets && assetsDir !== null ? { assets: assetsDir ? { ...assets, directory: assetsDir } : assets } : {}),
    // The bundle as its one module: given only its path, Miniflare would parse half a megabyte of JavaScript for imports.
    ...(script === undefined
      ? { modules: [{ type: 'ESModule', path: bundle, contents: readFileSync(bundle, 'utf8') }] }
      : { modules: true, script }),
    ...(probeKv ? { kvNamespaces: otherNamespaces, wrappedBindings: { CONTENT: { scriptName: 'kv-probe' } } } : { kvNamespaces }),
    // Only the counter is swapped: the publish lock stays the site's own.
    ...(brokenAnalytics
      ? { durableObjects: { ...wrangler.durableObjects, ANALYTICS: { className: 'BrokenCounter', scriptName: 'broken-analytics' } } }
      : {}),
    // Miniflare hands over its own (undici) Request and takes any Response of the same shape.
    ...(outbound ? { outboundService: (request: unknown) => outbound(request as Request) as never } : {}),
    ...(edgePurge ? { serviceBindings: { EDGE_PURGE: (request: unknown) => edgePurge(request as Request) as never } } : {}),
  };
  const control = probeKv ? kvProbeControl() : undefined;
  const { assets: _assets, ...withoutAssets } = site;
  const copies = Array.from({ length: coldIsolates }, (_, i) => ({ ...withoutAssets, name: `cold-${i}`, cache: false }));
  const helpers = [
    ...copies,
    ...(control
      ? [
          {
            name: 'kv-probe',
            modules: true,
            script: KV_PROBE_SCRIPT,
            kvNamespaces: { REAL: namespace },
            serviceBindings: { CONTROL: control.answer },
          },
        ]
      : []),
    ...(brokenAnalytics
      ? [
          {
            name: 'broken-analytics',
            modules: true,
            compatibilityDate: '2026-04-01',
            script: BROKEN_ANALYTICS_SCRIPT,
            durableObjects: { BROKEN: { className: 'BrokenCounter', useSQLite: true } },
          },
        ]
      : []),
  ];
  const shared = {
    ...(listen ? { host: '127.0.0.1', port: 0 } : {}),
    ...(inspectorPort ? { inspectorPort } : {}),
    ...(kvPersist ? { kvPersist } : {}),
    ...(persistTo ? { defaultPersistRoot: resolve(persistTo, 'v3') } : {}),
    ...(options.quietStdio ? { handleRuntimeStdio: quietStdio } : {}),
  };

  const started = performance.now();
  // Alone, the site is a single-Worker config: workerd's inspector then titles its isolate
  // `core:user:`, which bench/lib/worker-inspector.ts looks for. With helpers, the site comes first (the entry).
  const { mf, dispose } = createMiniflare(
    (helpers.length === 0 ? { ...shared, ...site } : { ...shared, workers: [{ ...site, name: 'site' }, ...helpers] }) as MiniflareOptions,
    tempParent,
  );
  try {
    const url = await mf.ready;
    const startMs = performance.now() - started;
    const kv = (await (control ? mf.getKVNamespace('REAL', 'kv-probe') : mf.getKVNamespace('CONTENT'))) as unknown as KVNamespace;
    // Opens KV's local storage before the first request: opening it can take seconds on a busy machine, which the
    // Worker's first read would pay inside its 3 s KV timeout when nothing was written first.
    await kv.list({ limit: 1 });
    let usedCopies = 0;
    return {
      mf,
      url,
      fetch: (path, init) => mf.dispatchFetch(new URL(path, ORIGIN), init as never) as unknown as Promise<Response>,
      async fetchCold(path, init) {
        if (usedCopies === coldIsolates) throw new Error(`all ${coldIsolates} cold isolates (coldIsolates) have served a request`);
        const copy = await mf.getWorker(`cold-${usedCopies++}`);
        return copy.fetch(new URL(path, ORIGIN), init as never) as unknown as Promise<Response>;
      },
      kv,
      store: kvStoreFromBinding(kv),
      startMs,
      ...(control ? { kvProbe: control.probe } : {}),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
