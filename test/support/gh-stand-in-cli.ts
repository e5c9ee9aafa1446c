/**
 * A stand-in for the workflows' `gh` commands (issue comments, pulls by head, run list), answering from a
 * JSON state file as GitHub's API would. I/O: reads and writes that file, runs jq.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { GithubState } from './github-stand-in.ts';

const statePath = process.env.GH_STAND_IN_STATE!;
const state = JSON.parse(readFileSync(statePath, 'utf8')) as GithubState;
const args = process.argv.slice(2);
state.calls.push(args);

function fail(message: string): never {
  writeFileSync(statePath, JSON.stringify(state));
  process.stderr.write(`gh: ${message}\n`);
  process.exit(1);
}
if (!process.env.GH_TOKEN) fail('not logged in: set GH_TOKEN');
if (!process.env.GH_REPO) fail('no repository: set GH_REPO');

const options: Record<string, string> = {};
const fields: Record<string, string> = {};
const positional: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '-f') {
    const [key, ...value] = args[++i]!.split('=');
    fields[key!] = value.join('=');
  } else if (arg === '--paginate') options.paginate = 'true';
  else if (arg.startsWith('--')) options[arg.slice(2)] = args[++i]!;
  else positional.push(arg);
}

function answer(value: unknown): void {
  writeFileSync(statePath, JSON.stringify(state));
  const json = JSON.stringify(value);
  if (!options.jq) return void process.stdout.write(`${json}\n`);
  const jq = spawnSync('jq', ['-r', options.jq], { input: json, encoding: 'utf8' });
  if (jq.status !== 0) fail(`--jq: ${jq.stderr}`);
  process.stdout.write(jq.stdout);
}

const [command, endpoint = ''] = positional;
const method = options.method ?? (Object.keys(fields).length > 0 ? 'POST' : 'GET');
const repo = `repos/${process.env.GH_REPO}`;
const prefix = `${repo}/`;
const path = endpoint.startsWith(prefix) ? endpoint.slice(prefix.length) : '';
const comments = /^issues\/(\d+)\/comments$/.exec(path);
const comment = /^issues\/comments\/(\d+)$/.exec(path);
const pulls = /^pulls\?state=all&head=([^&]+)$/.exec(path);
if (command === 'run' && endpoint === 'list') {
  answer(state.runs.filter((r) => r.workflow === options.workflow && r.status === options.status).slice(0, Number(options.limit ?? 20)));
} else if (command !== 'api') {
  fail(`the stand-in knows no command "${positional.join(' ')}"`);
} else if (comments && method === 'GET') {
  answer(state.comments.filter((c) => c.issue === Number(comments[1])).map(({ id, body }) => ({ id, body })));
} else if (comments && method === 'POST') {
  const created = { id: 1000 + state.comments.length, issue: Number(comments[1]), body: fields.body ?? '' };
  state.comments.push(created);
  answer(created);
} else if (comment && method === 'PATCH') {
  const found = state.comments.find((c) => c.id === Number(comment[1])) ?? fail(`HTTP 404: no comment ${comment[1]}`);
  found.body = fields.body ?? found.body;
  answer(found);
} else if (pulls && method === 'GET') {
  answer(state.pulls.filter((p) => p.headLabel === pulls[1]).map(({ number, state, sha }) => ({ number, state, head: { sha } })));
} else {
  fail(`the stand-in knows no ${method} ${endpoint}`);
}
