/**
 * The part of GitHub the workflows' `gh` steps talk to: a `gh` on PATH and the JSON state a test sets and
 * reads. I/O: a temporary folder.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface GithubState {
  comments: { id: number; issue: number; body: string }[];
  /** Pull requests, found by `<owner>:<branch>`. */
  pulls: { number: number; state: 'open' | 'closed'; headLabel: string; sha: string }[];
  runs: { workflow: string; status: string; headSha: string }[];
  /** Every `gh` command line, in order. */
  calls: string[][];
}

export interface GithubStandIn {
  /** PATH with the stand-in's `gh` first, and the variable naming its state. */
  env(path: string): Record<string, string>;
  read(): GithubState;
  write(change: Partial<GithubState>): void;
  dispose(): void;
}

export function startGithubStandIn(): GithubStandIn {
  const folder = mkdtempSync(join(tmpdir(), 'race-element-gh-'));
  const statePath = join(folder, 'state.json');
  const gh = join(folder, 'gh');
  writeFileSync(gh, `#!/bin/sh\nexec "${process.execPath}" "${resolve('test/support/gh-stand-in-cli.ts')}" "$@"\n`);
  chmodSync(gh, 0o755);
  const read = (): GithubState => JSON.parse(readFileSync(statePath, 'utf8')) as GithubState;
  writeFileSync(statePath, JSON.stringify({ comments: [], pulls: [], runs: [], calls: [] } satisfies GithubState));
  return {
    env: (path) => ({ PATH: `${folder}:${path}`, GH_STAND_IN_STATE: statePath }),
    read,
    write: (change) => writeFileSync(statePath, JSON.stringify({ ...read(), ...change })),
    dispose: () => rmSync(folder, { recursive: true, force: true }),
  };
}
