/**
 * Whether dist/ is older than its sources, and the npm script that brings it up to date.
 * planBuild is pure; readBuildState reads file times; ensureFreshBuild runs the build, its output shown or held back.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the client build reads. */
export const CLIENT_SOURCES = [
  'client',
  'contracts',
  'scripts/build',
  'scripts/system-theme-css.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** What the Worker build reads: the client's sources too (it renders them), and the client's manifest. */
export const WORKER_SOURCES = [...CLIENT_SOURCES, 'worker', 'wrangler.toml'];
export const CLIENT_OUTPUT = 'dist/client/.vite/manifest.json';
export const WORKER_OUTPUT = 'dist/worker/index.js';

export interface Newest {
  /** Relative to the project. */
  path: string;
  mtimeMs: number;
}

export interface BuildState {
  /** The most recently modified of CLIENT_SOURCES and of WORKER_SOURCES, if any exists. */
  newestClientSource?: Newest;
  newestSource?: Newest;
  /** mtimes of CLIENT_OUTPUT and WORKER_OUTPUT; undefined when missing. */
  clientMs?: number;
  workerMs?: number;
}

export type BuildPlan = { kind: 'fresh' } | { kind: 'rebuild'; script: 'build' | 'build:worker'; reason: string };

/** Fresh, or the script to run and why; the Worker embeds the client's manifest, so a newer client makes it stale too. Pure. */
export function planBuild({ newestClientSource, newestSource, clientMs, workerMs }: BuildState): BuildPlan {
  if (clientMs === undefined) return { kind: 'rebuild', script: 'build', reason: `${CLIENT_OUTPUT} is missing` };
  if (newestClientSource && newestClientSource.mtimeMs > clientMs) {
    return { kind: 'rebuild', script: 'build', reason: `${newestClientSource.path} is newer than ${CLIENT_OUTPUT}` };
  }
  if (workerMs === undefined) return { kind: 'rebuild', script: 'build:worker', reason: `${WORKER_OUTPUT} is missing` };
  if (newestSource && newestSource.mtimeMs > workerMs) {
    return { kind: 'rebuild', script: 'build:worker', reason: `${newestSource.path} is newer than ${WORKER_OUTPUT}` };
  }
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

function newest(root: string, sources: readonly string[]): Newest | undefined {
  let found: Newest | undefined;
  const visit = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (found === undefined || stats.mtimeMs > found.mtimeMs) found = { path: relative(root, path), mtimeMs: stats.mtimeMs };
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  for (const source of sources) visit(join(root, source));
  return found;
}

/** The newest source's mtime (files and folders, so a deletion counts) and the two build outputs' mtimes. */
export function readBuildState(root = process.cwd()): BuildState {
  return {
    newestClientSource: newest(root, CLIENT_SOURCES),
    newestSource: newest(root, WORKER_SOURCES),
    clientMs: mtime(join(root, CLIENT_OUTPUT)),
    workerMs: mtime(join(root, WORKER_OUTPUT)),
  };
}

export interface FreshBuildOptions {
  root?: string;
  /** Who needs the build, for the messages: `the tests` (default), `npm start`. */
  purpose?: string;
  log?: (line: string) => void;
  /** Runs `npm run <script>`; returns its exit status. */
  run?: (script: string, root: string) => number | null;
}

/**
 * The environment of a build started from inside vitest, as `npm run build` gets it from a shell:
 * vitest sets NODE_ENV=test (Vite would then bundle React's development build, far larger, whose
 * renders would not match the server's), TEST and VITEST.
 */
export function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TEST: _test, VITEST: _vitest, VITEST_MODE: _mode, ...rest } = env;
  if (env.VITEST && rest.NODE_ENV === 'test') delete rest.NODE_ENV;
  return rest;
}

function runNpmScript(script: string, root: string): number | null {
  return spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit', env: buildEnv(process.env) }).status;
}

/**
 * Runs `npm run <script>` with its output (Vite's chunk list, Wrangler's banner and bindings, npm's notices) held back,
 * and prints that output to stderr only when it fails.
 */
export function runNpmScriptQuietly(script: string, root: string): number | null {
  // One stream, so that an error stays between the lines it came after.
  const { status, signal, stdout, error } = spawnSync(`npm run ${script} 2>&1`, {
    cwd: root,
    shell: true,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...buildEnv(process.env), npm_config_update_notifier: 'false' },
  });
  // Stopped by a signal (Ctrl+C reaches the build too): what it printed is no failure to read.
  if (status !== 0 && signal === null) process.stderr.write(`${stdout ?? ''}${error ? `${error.message}\n` : ''}`);
  return status;
}

/** Rebuilds what is stale; throws when the build fails. */
export function ensureFreshBuild({
  root = process.cwd(),
  purpose = 'the tests',
  log = console.log,
  run = runNpmScript,
}: FreshBuildOptions = {}): BuildPlan {
  const plan = planBuild(readBuildState(root));
  if (plan.kind === 'fresh') return plan;
  log(`Rebuilding for ${purpose}, ${plan.reason}: npm run ${plan.script}`);
  const status = run(plan.script, root);
  if (status !== 0) {
    // A failed build may have written some outputs (a client over budget is written, then
    // judged); without these two files the next run cannot mistake them for a fresh build.
    for (const output of [CLIENT_OUTPUT, WORKER_OUTPUT]) rmSync(join(root, output), { force: true });
    throw new Error(`npm run ${plan.script} failed (exit ${status}): no fresh dist/ for ${purpose}`);
  }
  return plan;
}
