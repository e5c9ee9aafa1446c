/**
 * The stage for rehearsing the workflows: a scratch checkout, the KV API contract server, the built Worker
 * and a `gh` stand-in. I/O: temporary folders, git, a server, workerd.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { type CloudflareKvApi, startKvApi } from './cloudflare-kv-api.ts';
import { type GithubStandIn, startGithubStandIn } from './github-stand-in.ts';
import type { StepRecord, Trigger, WorkflowRun } from './workflow-runner.ts';

const ACCOUNT = 'acc-rehearsal';
/** The namespace id wrangler.toml names: the upload reads it from there, as on GitHub. */
const NS = '6d3f1c0a9b2e4f5d8c7a6b5e4d3c2b1a';
const SECRETS = { CLOUDFLARE_API_TOKEN: 'rehearsal-token', PUBLISH_SECRET: 'rehearsal-publish', PREVIEW_SECRET: 'rehearsal-preview' };
export const REPO = 'RiddleTime/race-element-site';

/** Why a step is not run here; null: it runs. */
export function skip(step: { uses?: string; run?: string; env?: Record<string, string> }): string | null {
  if (step.uses) return 'an action: the scratch copy is the checkout, and Node is this machine’s';
  const run = step.run?.trim() ?? '';
  if (run === 'npm ci' || run.startsWith('apt-get ')) return 'installs: this machine has the packages';
  if (run === 'npm run deploy') return 'deploys to Cloudflare: the built Worker in workerd stands for it';
  if (run === 'npm test') return 'the whole suite, which this rehearsal is part of';
  return null;
}
/** `job: step` of each skipped step, and of each run step with its outcome. */
export const skipped = (run: WorkflowRun) => run.steps.filter((s) => s.decision.startsWith('skipped')).map((s) => `${s.job}: ${s.step}`);
export const ran = (run: WorkflowRun) => run.steps.filter((s) => s.decision === 'ran').map((s) => `${s.job}: ${s.step} → ${s.outcome}`);
export const logOf = (run: WorkflowRun, step: string): StepRecord => run.steps.find((s) => s.step === step)!;

export interface Rehearsal {
  scratch: string;
  worker: LocalWorker;
  github: GithubStandIn;
  git(...args: string[]): string;
  /** Writes content/<slug>.md, a guide whose body is `text`. */
  page(slug: string, text: string): void;
  /** Commits everything in the scratch checkout; returns the commit. */
  commit(message: string): string;
  /** What a runner of this repository gets for this event: secrets, variables, the checkout. */
  trigger(eventName: string, event: Record<string, unknown>, sha?: string): Trigger;
  /** A page of the Worker once its KV holds what the contract server holds, as if it read the real namespace. */
  pageText(path: string, init?: RequestInit): Promise<{ status: number; html: string; response: Response }>;
  dispose(): Promise<void>;
}

/** The scratch checkout's own content folder, empty at first: where the workflows look, never the live one. */
const SCRATCH_CONTENT = 'content';

/** A scratch checkout with its own empty content/ and docs/, the contract server, the built Worker and a `gh` stand-in. */
export async function startRehearsal(): Promise<Rehearsal> {
  const scratch = mkdtempSync(join(tmpdir(), 'race-element-rehearsal-'));
  for (const entry of readdirSync('.'))
    if (![SCRATCH_CONTENT, 'docs', '.git', '.wrangler'].includes(entry)) symlinkSync(resolve(entry), join(scratch, entry));
  mkdirSync(join(scratch, SCRATCH_CONTENT));
  mkdirSync(join(scratch, 'docs'));
  const git = (...args: string[]): string => {
    const identity = {
      GIT_AUTHOR_NAME: 'dev',
      GIT_AUTHOR_EMAIL: 'dev@example.org',
      GIT_COMMITTER_NAME: 'dev',
      GIT_COMMITTER_EMAIL: 'dev@example.org',
    };
    const result = spawnSync('git', args, { cwd: scratch, encoding: 'utf8', env: { ...process.env, ...identity } });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  };
  git('init', '-q', '-b', 'main');
  const github = startGithubStandIn();
  const [api, worker]: [CloudflareKvApi, LocalWorker] = await Promise.all([
    startKvApi({ accountId: ACCOUNT, namespaces: [NS], tokens: { [SECRETS.CLOUDFLARE_API_TOKEN]: 'write' } }),
    startLocalWorker({
      listen: true,
      bindings: { PUBLISH_SECRET: SECRETS.PUBLISH_SECRET, PREVIEW_SECRET: SECRETS.PREVIEW_SECRET, MANIFEST_TTL_SECONDS: '0' },
    }),
  ]);
  const serveWhatTheServerHolds = async () => {
    const held = [...api.contents(NS).keys()];
    for (const key of held) await worker.kv.put(key, new Uint8Array(api.bytes(NS, key)!));
    for (const key of await worker.store.listKeys('')) if (!held.includes(key)) await worker.kv.delete(key);
  };
  return {
    scratch,
    worker,
    github,
    git,
    page: (slug, text) =>
      writeFileSync(
        join(scratch, 'content', `${slug}.md`),
        `---\ntitle: "Page ${slug}"\nslug: ${slug}\ndescription: "A rehearsal page"\ntype: guide\n---\n${text}\n`,
      ),
    commit: (message) => {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    trigger: (eventName, event, sha) => ({
      eventName,
      event: { repository: { full_name: REPO }, ...event } as Trigger['event'],
      repository: REPO,
      ...(sha ? { sha } : {}),
      secrets: SECRETS,
      vars: { CLOUDFLARE_ACCOUNT_ID: ACCOUNT, PUBLISH_URL: worker.url.href },
      cwd: scratch,
      // The rehearsal's own: CLOUDFLARE_BASE_URL points the SDK at the contract server, PATH and GH_STAND_IN_STATE gh at its stand-in.
      machineEnv: { HOME: process.env.HOME ?? scratch, CLOUDFLARE_BASE_URL: api.baseURL, ...github.env(process.env.PATH ?? '') },
    }),
    pageText: async (path, init) => {
      await serveWhatTheServerHolds();
      const response = await worker.fetch(path, init);
      return { status: response.status, html: await response.clone().text(), response };
    },
    dispose: async () => {
      await api.close();
      await worker.dispose();
      github.dispose();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
