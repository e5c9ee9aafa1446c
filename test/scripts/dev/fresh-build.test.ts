/**
 * When the tests' globalSetup rebuilds dist/: the decision on mtimes (pure), and the whole check
 * on a temporary project tree with the npm script replaced by a recorder.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import {
  buildEnv,
  CLIENT_OUTPUT,
  ensureFreshBuild,
  planBuild,
  readBuildState,
  runNpmScriptQuietly,
  WORKER_OUTPUT,
} from '../../../scripts/dev/fresh-build.ts';

describe('planBuild', () => {
  const source = (path: string, mtimeMs: number) => ({ path, mtimeMs });
  const state = (client: number, worker: number) => ({
    newestClientSource: source('client/App.tsx', client),
    newestSource: source('worker/app.ts', worker),
  });
  /** What planBuild answers when `script` must run, and why. */
  const rebuild = (script: string, reason: string) => ({ kind: 'rebuild', script, reason });

  test('fresh when both outputs are newer than their sources and the Worker is newer than the client', () => {
    expect(planBuild({ ...state(100, 100), clientMs: 200, workerMs: 300 })).toEqual({ kind: 'fresh' });
    expect(planBuild({ ...state(100, 100), clientMs: 200, workerMs: 200 })).toEqual({ kind: 'fresh' });
  });

  test('a missing client, or a client source newer than it, rebuilds both', () => {
    expect(planBuild({ ...state(100, 100), workerMs: 300 })).toEqual(rebuild('build', `${CLIENT_OUTPUT} is missing`));
    expect(planBuild({ ...state(250, 250), clientMs: 200, workerMs: 300 })).toEqual(
      rebuild('build', `client/App.tsx is newer than ${CLIENT_OUTPUT}`),
    );
  });

  test('a Worker source newer than the Worker rebuilds the Worker only', () => {
    expect(planBuild({ ...state(100, 350), clientMs: 200, workerMs: 300 })).toEqual(
      rebuild('build:worker', `worker/app.ts is newer than ${WORKER_OUTPUT}`),
    );
  });

  test('a missing Worker, or one older than the client it embeds, rebuilds the Worker only', () => {
    expect(planBuild({ ...state(100, 100), clientMs: 200 })).toEqual(rebuild('build:worker', `${WORKER_OUTPUT} is missing`));
    expect(planBuild({ ...state(100, 100), clientMs: 300, workerMs: 200 })).toEqual(
      rebuild('build:worker', `${CLIENT_OUTPUT} is newer than ${WORKER_OUTPUT}, which embeds it`),
    );
  });
});

describe('ensureFreshBuild on a project tree', () => {
  const root = mkdtempSync(join(tmpdir(), 'fresh-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, seconds: number) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), seconds, seconds);
  };
  const age = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);

  test('runs the script the state calls for, after one line saying why, and nothing when fresh', () => {
    write('client/App.tsx', 1000);
    write('worker/app.ts', 1000);
    write('wrangler.toml', 1000);
    for (const folder of ['client', 'worker']) age(folder, 1000);
    const runs: string[] = [];
    const lines: string[] = [];
    const options = {
      root,
      log: (line: string) => lines.push(line),
      run: (script: string) => {
        runs.push(script);
        return 0;
      },
    };

    expect(ensureFreshBuild(options)).toMatchObject({ script: 'build' });
    write(CLIENT_OUTPUT, 2000);
    write(WORKER_OUTPUT, 2000);
    expect(ensureFreshBuild(options)).toEqual({ kind: 'fresh' });

    // A Worker source edited after the build, found however deep it is: the Worker only.
    write('worker/pages/article.ts', 3000);
    for (const folder of ['worker', 'worker/pages']) age(folder, 1000);
    expect(readBuildState(root).newestSource).toEqual({ path: 'worker/pages/article.ts', mtimeMs: 3_000_000 });
    expect(ensureFreshBuild(options)).toMatchObject({ script: 'build:worker' });
    write(WORKER_OUTPUT, 3500);

    // A file deleted from client/: only the folder's mtime tells, and it rebuilds both.
    write('client/Old.tsx', 1000);
    rmSync(join(root, 'client/Old.tsx'));
    age('client', 4000);
    expect(ensureFreshBuild(options)).toMatchObject({ script: 'build' });

    expect(runs).toEqual(['build', 'build:worker', 'build']);
    expect(lines).toEqual([
      `Rebuilding for the tests, ${CLIENT_OUTPUT} is missing: npm run build`,
      `Rebuilding for the tests, worker/pages/article.ts is newer than ${WORKER_OUTPUT}: npm run build:worker`,
      `Rebuilding for the tests, client is newer than ${CLIENT_OUTPUT}: npm run build`,
    ]);
  });

  test('a failed build is an error, and leaves nothing that looks fresh', () => {
    write(CLIENT_OUTPUT, 5000);
    write(WORKER_OUTPUT, 5000);
    age('client', 6000);
    expect(() => ensureFreshBuild({ root, log: () => {}, run: () => 1 })).toThrow(
      'npm run build failed (exit 1): no fresh dist/ for the tests',
    );
    expect(readBuildState(root)).toMatchObject({ clientMs: undefined, workerMs: undefined });
  });
});

test('a build started from inside vitest runs without the NODE_ENV, TEST and VITEST that vitest sets', () => {
  expect(buildEnv({ PATH: '/usr/bin', NODE_ENV: 'test', TEST: 'true', VITEST: 'true', VITEST_MODE: 'RUN' })).toEqual({ PATH: '/usr/bin' });
  // A NODE_ENV set outside vitest is the user's, and stays.
  expect(buildEnv({ PATH: '/usr/bin', NODE_ENV: 'production' })).toEqual({ PATH: '/usr/bin', NODE_ENV: 'production' });
});

test("npm start's quiet build prints nothing when the script succeeds, and all it printed, in order, when it fails", () => {
  const root = mkdtempSync(join(tmpdir(), 'quiet-build-'));
  const scripts = { chatty: 'echo chunk list && echo bindings table >&2', broken: 'echo transformed && echo Build failed >&2 && exit 3' };
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'quiet-build', private: true, scripts }));
  const written: string[] = [];
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  const stdout = vi.spyOn(process.stdout, 'write');
  try {
    expect(runNpmScriptQuietly('chatty', root)).toBe(0);
    expect(written).toEqual([]);
    expect(runNpmScriptQuietly('broken', root)).toBe(3);
    expect(written.join('')).toMatch(/transformed\nBuild failed\n/);
    expect(stdout).not.toHaveBeenCalled();
  } finally {
    stderr.mockRestore();
    stdout.mockRestore();
    rmSync(root, { recursive: true, force: true });
  }
});
