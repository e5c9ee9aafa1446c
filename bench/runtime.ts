/**
 * Starts the built Worker (dist/worker/index.js) directly on workerd through Miniflare, with
 * the bindings wrangler.toml declares, listening on a free loopback port: no `wrangler dev`
 * proxy in front. Each bench scenario gets a temporary folder holding
 *
 *   assets/   a copy of dist/client, so the benchmark can add its floor file (a static page of
 *             the article's exact bytes) without touching the build that others use;
 *   kv/       the KV namespace on disk, so a fresh workerd (a cold isolate) sees what an
 *             earlier one published;
 *   race-element-miniflare-…/
 *             each runtime's other local storage (tools/local-worker.ts).
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import type { KVNamespace } from '@cloudflare/workers-types';
import { kvStoreFromBinding, type KvStore } from '../scripts/content/kv-store.ts';
import { createMiniflare, type MiniflareOptions } from '../tools/local-worker.ts';

export const WORKER_BUNDLE = resolve('dist/worker/index.js');
const CLIENT_BUILD = resolve('dist/client');
/** The floor target: served by Workers Static Assets from the scenario's assets copy. */
export const FLOOR_PATH = '/bench-floor.html';

export interface Scenario {
  dir: string;
  assetsDir: string;
  kvDir: string;
  /** Writes the floor file; takes effect in runtimes started afterwards. */
  writeFloor(bytes: Uint8Array): void;
  remove(): void;
}

export function createScenario(): Scenario {
  if (!existsSync(WORKER_BUNDLE)) throw new Error(`${WORKER_BUNDLE} is missing: run \`npm run build\` first`);
  const dir = mkdtempSync(join(tmpdir(), 'race-element-bench-'));
  const assetsDir = join(dir, 'assets');
  cpSync(CLIENT_BUILD, assetsDir, { recursive: true });
  return {
    dir,
    assetsDir,
    kvDir: join(dir, 'kv'),
    writeFloor: (bytes) => writeFileSync(join(assetsDir, FLOOR_PATH.slice(1)), bytes),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface BenchRuntime {
  url: URL;
  kv: KVNamespace;
  store: KvStore;
  /** From `new Miniflare` to `ready` (workerd started, script loaded), in ms. */
  startMs: number;
  dispose(): Promise<void>;
}

export interface RuntimeOptions {
  inspectorPort?: number;
  bindings?: Record<string, string>;
  /** Another Worker script instead of the site's bundle (the start-up baseline). */
  script?: string;
  /** Another build of the site's bundle (default dist/worker/index.js). */
  bundle?: string;
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
 * The latest start on each scenario's KV folder. Two workerd processes opening the same KV
 * SQLite at the same moment can make one of them die (SQLITE_BUSY_RECOVERY, fatal in workerd),
 * so starts on one scenario take turns; once open, several runtimes read it side by side.
 */
const startsByKvDir = new Map<string, Promise<unknown>>();

/** A fresh workerd process: every start is a cold isolate. */
export function startRuntime(scenario: Scenario, options: RuntimeOptions = {}): Promise<BenchRuntime> {
  const start = (startsByKvDir.get(scenario.kvDir) ?? Promise.resolve())
    .catch(() => {})
    .then(() => launchRuntime(scenario, options));
  startsByKvDir.set(scenario.kvDir, start);
  return start;
}

async function launchRuntime(scenario: Scenario, { bindings = {}, script, bundle = WORKER_BUNDLE, inspectorPort }: RuntimeOptions): Promise<BenchRuntime> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  const assets = (workerOptions as { assets?: object }).assets;
  const started = performance.now();
  const { mf, dispose } = createMiniflare({
    ...(workerOptions as object),
    bindings: { ...workerOptions.bindings, ...bindings },
    assets: { ...assets, directory: scenario.assetsDir },
    kvPersist: scenario.kvDir,
    handleRuntimeStdio: quietStdio,
    ...(inspectorPort ? { inspectorPort } : {}),
    host: '127.0.0.1',
    port: 0,
    modules: true,
    ...(script === undefined ? { scriptPath: bundle, modulesRoot: dirname(bundle) } : { script }),
  } as MiniflareOptions, scenario.dir);
  const url = await mf.ready;
  const startMs = performance.now() - started;
  const kv = (await mf.getKVNamespace('CONTENT')) as unknown as KVNamespace;
  return { url, kv, store: kvStoreFromBinding(kv), startMs, dispose };
}
