/**
 * Bench scenarios (a temporary copy of dist/client, KV on disk) and fresh workerd runtimes on them, through Miniflare.
 * I/O: copies the assets, starts workerd on a free loopback port.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { KvProbe } from '../../tools/binding-probes.ts';
import { type LocalWorker, type LocalWorkerOptions, startLocalWorker, WORKER_BUNDLE } from '../../tools/local-worker.ts';

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

/** A temporary folder: assets/, a copy of dist/client that the floor file goes into; kv/, the namespace on disk. */
export function createScenario(): Scenario {
  if (!existsSync(WORKER_BUNDLE)) throw new Error(`${WORKER_BUNDLE} is missing: run \`npm run build\` first`);
  const dir = mkdtempSync(join(tmpdir(), 'race-element-bench-'));
  const assetsDir = join(dir, 'assets');
  cpSync(CLIENT_BUILD, assetsDir, { recursive: true });
  return {
    dir,
    assetsDir,
    // On disk: a fresh workerd (a cold isolate) reads what an earlier one published.
    kvDir: join(dir, 'kv'),
    writeFloor: (bytes) => writeFileSync(join(assetsDir, FLOOR_PATH.slice(1)), bytes),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What a bench run may ask of its runtime: the rest is the scenario's. */
export type RuntimeOptions = Pick<LocalWorkerOptions, 'inspectorPort' | 'bindings' | 'script' | 'bundle' | 'probeKv'>;

/** A fresh workerd process on the scenario's assets and KV: every start is a cold isolate. */
export function startRuntime(scenario: Scenario, options: RuntimeOptions & { probeKv: true }): Promise<LocalWorker & { kvProbe: KvProbe }>;
export function startRuntime(scenario: Scenario, options?: RuntimeOptions): Promise<LocalWorker>;
export function startRuntime(scenario: Scenario, options: RuntimeOptions = {}): Promise<LocalWorker> {
  return startLocalWorker({
    ...options,
    listen: true,
    assetsDir: scenario.assetsDir,
    kvPersist: scenario.kvDir,
    tempParent: scenario.dir,
    quietStdio: true,
  });
}
