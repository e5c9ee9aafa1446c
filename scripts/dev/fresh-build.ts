/**
 * Whether dist/ (what the workerd and browser tests run) is older than the sources it is built
 * from, and the npm script that brings it up to date. The Worker bundle embeds the client's
 * manifest, so a client built after the Worker (as `npm start` does) makes the Worker stale too.
 *
 *   planBuild(state)          pure: fresh, or which script to run and why
 *   readBuildState(root)      I/O: the newest source (files and folders, so a deletion counts)
 *                             and the mtimes of the two build outputs
 *   ensureFreshBuild(options) I/O: runs the script when needed, after one line saying why
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build reads. `contracts/` is listed ahead of the folder it will be. */
export const BUILD_SOURCES = ['client', 'worker', 'contracts', 'wrangler.toml', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
export const CLIENT_OUTPUT = 'dist/client/.vite/manifest.json';
export const WORKER_OUTPUT = 'dist/worker/index.js';

export interface BuildState {
  /** The most recently modified source (path relative to the project), if any exists. */
  newestSource?: { path: string; mtimeMs: number };
  /** mtimes of CLIENT_OUTPUT and WORKER_OUTPUT; undefined when missing. */
  clientMs?: number;
  workerMs?: number;
}

export type BuildPlan = { kind: 'fresh' } | { kind: 'rebuild'; script: 'build' | 'build:worker'; reason: string };

export function planBuild({ newestSource, clientMs, workerMs }: BuildState): BuildPlan {
  const newer = (outputMs: number) => newestSource !== undefined && newestSource.mtimeMs > outputMs;
  if (clientMs === undefined) return { kind: 'rebuild', script: 'build', reason: `${CLIENT_OUTPUT} is missing` };
  if (newer(clientMs)) return { kind: 'rebuild', script: 'build', reason: `${newestSource!.path} is newer than ${CLIENT_OUTPUT}` };
  if (workerMs === undefined) return { kind: 'rebuild', script: 'build:worker', reason: `${WORKER_OUTPUT} is missing` };
  if (newer(workerMs)) return { kind: 'rebuild', script: 'build:worker', reason: `${newestSource!.path} is newer than ${WORKER_OUTPUT}` };
  if (clientMs > workerMs) {
    return { kind: 'rebuild', script: 'build:worker', reason: `${CLIENT_OUTPUT} is newer than ${WORKER_OUTPUT}, which embeds it` };
  }
  return { kind: 'fresh' };
}

function mtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

export function readBuildState(root = process.cwd()): BuildState {
  let newestSource: BuildState['newestSource'];
  const visit = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (newestSource === undefined || stats.mtimeMs > newestSource.mtimeMs) newestSource = { path: relative(root, path), mtimeMs: stats.mtimeMs };
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  for (const source of BUILD_SOURCES) visit(join(root, source));
  return { newestSource, clientMs: mtime(join(root, CLIENT_OUTPUT)), workerMs: mtime(join(root, WORKER_OUTPUT)) };
}

export interface FreshBuildOptions {
  root?: string;
  log?: (line: string) => void;
  /** Runs `npm run <script>`; returns its exit status. */
  run?: (script: string, root: string) => number | null;
}

function runNpmScript(script: string, root: string): number | null {
  return spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' }).status;
}

/** Rebuilds what is stale; throws when the build fails. */
export function ensureFreshBuild({ root = process.cwd(), log = console.log, run = runNpmScript }: FreshBuildOptions = {}): BuildPlan {
  const plan = planBuild(readBuildState(root));
  if (plan.kind === 'fresh') return plan;
  log(`Rebuilding for the tests, ${plan.reason}: npm run ${plan.script}`);
  const status = run(plan.script, root);
  if (status !== 0) throw new Error(`npm run ${plan.script} failed (exit ${status}); the tests need a fresh dist/`);
  return plan;
}
