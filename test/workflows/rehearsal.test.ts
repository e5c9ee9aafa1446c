/**
 * The workflows of .github/workflows/ rehearsed here: each job's `run:` steps, in order, with the
 * workflow's own `if:` conditions, expressions and environment names (test/support/workflow-runner.ts),
 * in a scratch git checkout holding a small fixture content/ (the rest of the repository linked in),
 * against the contract server of Cloudflare's KV API (CLOUDFLARE_BASE_URL points the SDK at it)
 * and the built Worker in workerd, which holds the publish lock and serves what the server holds
 * (copied into its KV after each run). Not run, by design and asserted: actions (checkout,
 * setup-node), installs, `npm run deploy` (the built Worker stands for the deployed one) and the
 * steps that talk to GitHub's API (comments). docs/production.md says what this cannot prove.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CloudflareKvApi, startKvApi } from '../support/cloudflare-kv-api.ts';
import { startWorker, type WorkerRuntime } from '../support/worker-runtime.ts';
import { readWorkflow, runWorkflow, type StepRecord, type Trigger, type WorkflowRun } from '../support/workflow-runner.ts';

const ACCOUNT = 'acc-rehearsal';
/** The namespace id wrangler.toml names: the upload reads it from there, as on GitHub. */
const NS = '6d3f1c0a9b2e4f5d8c7a6b5e4d3c2b1a';
const SECRETS = { CLOUDFLARE_API_TOKEN: 'rehearsal-token', PUBLISH_SECRET: 'rehearsal-publish', PREVIEW_SECRET: 'rehearsal-preview' };
const REPO = 'RiddleTime/race-element-site';

let scratch: string;
let api: CloudflareKvApi;
let worker: WorkerRuntime;

function git(...args: string[]): string {
  const result = spawnSync('git', args, {
    cwd: scratch,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'dev',
      GIT_AUTHOR_EMAIL: 'dev@example.org',
      GIT_COMMITTER_NAME: 'dev',
      GIT_COMMITTER_EMAIL: 'dev@example.org',
    },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

const page = (slug: string, text: string) =>
  writeFileSync(
    join(scratch, 'content', `${slug}.md`),
    `---\ntitle: "Page ${slug}"\nslug: ${slug}\ndescription: "A rehearsal page"\ntype: guide\n---\n${text}\n`,
  );

/** Commits what the scratch checkout holds; returns the commit. */
function commit(message: string): string {
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', message);
  return git('rev-parse', 'HEAD');
}

/** Why a step is not run here; null: it runs. */
function skip(step: { uses?: string; run?: string; env?: Record<string, string> }): string | null {
  if (step.uses) return 'an action: the scratch copy is the checkout, and Node is this machine’s';
  if (step.env?.GH_TOKEN) return 'talks to GitHub’s API';
  const run = step.run?.trim() ?? '';
  if (run === 'npm ci' || run.startsWith('apt-get ')) return 'installs: this machine has the packages';
  if (run === 'npm run deploy') return 'deploys to Cloudflare: the built Worker in workerd stands for it';
  if (run === 'npm test') return 'the whole suite, which this rehearsal is part of';
  return null;
}
const skipped = (run: WorkflowRun) => run.steps.filter((s) => s.decision.startsWith('skipped')).map((s) => `${s.job}: ${s.step}`);
const ran = (run: WorkflowRun) => run.steps.filter((s) => s.decision === 'ran').map((s) => `${s.job}: ${s.step} → ${s.outcome}`);

function trigger(eventName: string, event: Record<string, unknown>, sha?: string): Trigger {
  return {
    eventName,
    event: { repository: { full_name: REPO }, ...event } as Trigger['event'],
    repository: REPO,
    ...(sha ? { sha } : {}),
    secrets: SECRETS,
    vars: { CLOUDFLARE_ACCOUNT_ID: ACCOUNT, PUBLISH_URL: worker.url.href },
    cwd: scratch,
    machineEnv: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? scratch, CLOUDFLARE_BASE_URL: api.baseURL },
  };
}

/** The Worker's KV made to hold what the contract server holds, as if it read the real namespace. */
async function serveWhatTheServerHolds(): Promise<void> {
  const held = [...api.contents(NS).keys()];
  for (const key of held) await worker.kv.put(key, new Uint8Array(api.bytes(NS, key)!));
  for (const key of await worker.store.listKeys('')) if (!held.includes(key)) await worker.kv.delete(key);
}

async function pageText(path: string): Promise<{ status: number; html: string }> {
  await serveWhatTheServerHolds();
  const response = await worker.fetch(path);
  return { status: response.status, html: await response.text() };
}

const logOf = (run: WorkflowRun, step: string): StepRecord => run.steps.find((s) => s.step === step)!;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'race-element-rehearsal-'));
  // content/ and docs/ are the scratch copy's own: the rehearsal edits them.
  for (const entry of readdirSync('.'))
    if (!['content', 'docs', '.git', '.wrangler'].includes(entry)) symlinkSync(resolve(entry), join(scratch, entry));
  mkdirSync(join(scratch, 'content'));
  mkdirSync(join(scratch, 'docs'));
  git('init', '-q', '-b', 'main');
  [api, worker] = await Promise.all([
    startKvApi({ accountId: ACCOUNT, namespaces: [NS], tokens: { [SECRETS.CLOUDFLARE_API_TOKEN]: 'write' } }),
    startWorker({
      listen: true,
      bindings: { PUBLISH_SECRET: SECRETS.PUBLISH_SECRET, PREVIEW_SECRET: SECRETS.PREVIEW_SECRET, MANIFEST_TTL_SECONDS: '0' },
    }),
  ]);
});
afterAll(async () => {
  await api?.close();
  await worker?.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('Test: its three steps install and run the suite, none of which runs here', async () => {
  const run = await runWorkflow(readWorkflow('.github/workflows/test.yml'), trigger('push', {}), { skip });
  expect(skipped(run)).toEqual([
    'test: Install npm and git',
    'test: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
    'test: Install the packages',
    'test: Test',
  ]);
});

describe('Publish, then Rollback', () => {
  const publish = readWorkflow('.github/workflows/publish.yml');
  const rollback = readWorkflow('.github/workflows/rollback.yml');
  const push = (before: string, after: string) =>
    runWorkflow(publish, trigger('push', { before, after, ref: 'refs/heads/main' }, after), { skip });

  test('a first push deploys, then uploads: version 1 is live', async () => {
    page('alpha', 'Alpha, first text.');
    page('beta', 'Beta, first text.');
    const first = commit('first');
    const run = await push('0'.repeat(40), first);
    expect(skipped(run)).toEqual([
      'publish: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
      'publish: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020',
      'publish: Last published commit',
      'publish: Install the packages',
      'publish: Deploy the Worker',
    ]);
    expect(ran(run)).toEqual(['publish: What changed → success', 'publish: Upload the content → success']);
    expect(run.summary).toContain('Code changed: the Worker is deployed, then content/ uploaded.');
    expect(run.summary).toContain(`### Published\n\nVersion **1** is live at ${worker.url.href}: 2 of 2 entries written.`);
    expect((await pageText('/guide/beta')).html).toContain('Beta, first text.');
  }, 180_000);

  test('a push that changes only content/ uploads without deploying: version 2 is live', async () => {
    const before = git('rev-parse', 'HEAD');
    page('beta', 'Beta, second text.');
    const run = await push(before, commit('edit beta'));
    expect(logOf(run, 'Deploy the Worker').decision).toBe('if: false');
    expect(logOf(run, 'Upload the content').outcome).toBe('success');
    expect(run.summary).toContain('Only content/ changed: it is uploaded; the Worker stays as deployed.');
    expect(run.summary).toContain(`Version **2** is live at ${worker.url.href}: 1 of 2 entries written.`);
    expect((await pageText('/guide/beta')).html).toContain('Beta, second text.');
  }, 180_000);

  test('a push of docs only publishes nothing', async () => {
    const before = git('rev-parse', 'HEAD');
    writeFileSync(join(scratch, 'docs', 'note.md'), 'A note.\n');
    const run = await push(before, commit('docs'));
    expect(ran(run)).toEqual(['publish: What changed → success']);
    expect(run.summary).toBe('Nothing to publish: only docs/ or the README changed.\n');
  }, 60_000);

  test("a code change whose run was replaced by a newer push's is deployed by that newer run", async () => {
    const published = git('rev-parse', 'HEAD');
    writeFileSync(join(scratch, 'code-change.ts'), 'export {};\n');
    const code = commit('code');
    writeFileSync(join(scratch, 'docs', 'note.md'), 'A note, edited.\n');
    const later = commit('docs again');
    // GitHub's API answers that the last successful run published `published`; this push's "before" is `code`.
    const run = await runWorkflow(publish, trigger('push', { before: code, after: later, ref: 'refs/heads/main' }, later), {
      skip,
      standIns: { 'publish/last': { sha: published } },
    });
    expect(logOf(run, 'Deploy the Worker').decision).toMatch(/^skipped: deploys to Cloudflare/);
    expect(run.summary).toContain('Code changed: the Worker is deployed, then content/ uploaded.');
    expect(run.summary).toContain(`Nothing changed: version **2** stays live at ${worker.url.href} (2 entries).`);
  }, 180_000);

  test('a push whose content is refused: the summary says the site is unchanged, and version 2 stays live', async () => {
    const before = git('rev-parse', 'HEAD');
    writeFileSync(join(scratch, 'content', 'broken.md'), '---\ntitle: "No slug, no type"\n---\nText.\n');
    const run = await push(before, commit('broken page'));
    expect(logOf(run, 'Upload the content').outcome).toBe('failure');
    expect(logOf(run, 'Say what stays live').outcome).toBe('success');
    expect(run.summary).toMatch(
      /### Publish failed\n\n```text\n\d+ problem\(s\) in the content, listed in the log: nothing was written; the site is unchanged\.\n```/,
    );
    expect(run.jobs.publish!.result).toBe('failure');
    expect((await pageText('/guide/beta')).html).toContain('Beta, second text.');
    rmSync(join(scratch, 'content', 'broken.md'));
    commit('remove the broken page');
  }, 180_000);

  test('Rollback by hand: the version before is live again; a version that is not a number is refused', async () => {
    const run = await runWorkflow(rollback, trigger('workflow_dispatch', { inputs: { version: '' } }), { skip });
    expect(ran(run)).toEqual(['rollback: Versions kept → success', 'rollback: Roll back → success']);
    expect(logOf(run, 'Versions kept').output).toMatch(/v2 {2}\S+ {2}\S+ {2}0 added, 1 changed, 0 removed {2}\(live\)/);
    expect(run.summary).toContain(
      `Version **3** is live at ${worker.url.href}, with the content of version 1 (2 entries; no entry written).`,
    );
    expect((await pageText('/guide/beta')).html).toContain('Beta, first text.');

    const refused = await runWorkflow(rollback, trigger('workflow_dispatch', { inputs: { version: '2; echo hi' } }), { skip });
    expect(logOf(refused, 'Roll back').outcome).toBe('failure');
    expect(refused.summary).toBe('### Rollback refused\n\nThe version must be a whole number, got `2; echo hi`: nothing was written.\n');
    expect((await pageText('/guide/beta')).html).toContain('Beta, first text.');
  }, 180_000);
});

describe('Preview, and Preview of a fork', () => {
  const preview = readWorkflow('.github/workflows/preview.yml');
  const fork = readWorkflow('.github/workflows/preview-fork.yml');
  const pullRequest = (action: string, number: number, headRepo: string, sha: string) =>
    trigger('pull_request', { action, number, pull_request: { number, head: { sha, repo: { full_name: headRepo } } } });

  /** Opens a preview link as a browser would: the cookie it sets, then `path` with that cookie. */
  async function openLink(link: string, path: string): Promise<{ linkStatus: number; html: string }> {
    await serveWhatTheServerHolds();
    const url = new URL(link);
    const opened = await worker.fetch(`${url.pathname}${url.search}`, { redirect: 'manual' });
    const cookie = opened.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const page = await worker.fetch(path, { headers: { cookie } });
    return { linkStatus: opened.status, html: await page.text() };
  }

  test('a pull request of this repository: its link opens the preview, the public site is unchanged; closing it removes the preview', async () => {
    page('beta', 'Beta, proposed in pull request 7.');
    const sha = commit('pull request 7');
    const run = await runWorkflow(preview, pullRequest('opened', 7, REPO, sha), { skip });
    expect(skipped(run)).toEqual([
      'upload: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
      'upload: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020',
      'upload: Install the packages',
      'comment: Comment with the link',
    ]);
    expect(ran(run)).toEqual(["upload: Take the pull request's content → success", 'upload: Upload the preview → success']);
    expect(Object.fromEntries(Object.entries(run.jobs).map(([job, { result }]) => [job, result]))).toEqual({
      upload: 'success',
      comment: 'success',
      remove: 'skipped',
      'removed-comment': 'skipped',
      fork: 'skipped',
    });
    // What the comment step is given: the link and the commit.
    const { link, sha: shown } = run.jobs.upload!.outputs;
    expect(shown).toBe(sha);
    expect(link).toMatch(/^https:\/\/race\.elementfuture\.com\/_preview\/pr-7\?token=/);
    expect(run.summary).toContain(
      `### Preview pr-7\n\nVersion 1 of the preview: 1 of 2 entries written; the public site is unchanged. Its link: ${link}`,
    );
    const opened = await openLink(link!, '/guide/beta');
    expect(opened.linkStatus).toBe(303);
    expect(opened.html).toContain('Beta, proposed in pull request 7.');
    expect((await pageText('/guide/beta')).html).toContain('Beta, first text.');

    const closed = await runWorkflow(preview, pullRequest('closed', 7, REPO, sha), { skip });
    expect(ran(closed)).toEqual(['remove: Remove the preview → success']);
    expect(closed.summary).toContain('### Preview pr-7 removed');
    expect((await openLink(link!, '/guide/beta')).linkStatus).toBe(404);
    git('reset', '-q', '--hard', 'HEAD~1');
  }, 240_000);

  test("a fork's pull request: nothing runs with secrets; a maintainer's run takes only its content/; closing it removes that preview", async () => {
    const forked = await runWorkflow(preview, pullRequest('opened', 8, 'someone/fork', 'f'.repeat(40)), { skip });
    expect(ran(forked)).toEqual(['fork: Leave the preview to a maintainer → success']);
    expect(forked.jobs.upload!.result).toBe('skipped');

    // The fork's pull request, as GitHub serves it at refs/pull/8/head: a content change and a script change.
    const base = git('rev-parse', 'HEAD');
    const origin = mkdtempSync(join(tmpdir(), 'race-element-origin-'));
    try {
      spawnSync('git', ['init', '-q', '--bare', origin]);
      git('remote', 'add', 'origin', origin);
      page('alpha', 'Alpha, proposed by a fork.');
      writeFileSync(join(scratch, 'fork-script.sh'), 'echo the fork ran\n');
      git('push', '-q', origin, `${commit('fork change')}:refs/pull/8/head`);
      git('reset', '-q', '--hard', base);

      const run = await runWorkflow(preview, trigger('workflow_dispatch', { inputs: { pr: 8 } }), { skip });
      expect(ran(run)).toEqual(["upload: Take the pull request's content → success", 'upload: Upload the preview → success']);
      expect(existsSync(join(scratch, 'fork-script.sh'))).toBe(false);
      expect((await openLink(run.jobs.upload!.outputs.link!, '/guide/alpha')).html).toContain('Alpha, proposed by a fork.');

      // A fork's content/ with a symbolic link is refused before anything is installed or uploaded.
      symlinkSync('/etc/hostname', join(scratch, 'content', 'stolen.md'));
      git('push', '-q', '--force', origin, `${commit('fork link')}:refs/pull/8/head`);
      git('reset', '-q', '--hard', base);
      const refused = await runWorkflow(preview, trigger('workflow_dispatch', { inputs: { pr: 8 } }), { skip });
      expect(ran(refused)).toEqual(["upload: Take the pull request's content → failure"]);
      expect(logOf(refused, "Take the pull request's content").output).toContain(
        '::error::content/ of pull request 8 holds symbolic links or submodules, which a preview refuses: content/stolen.md',
      );
      git('checkout', '-q', 'HEAD', '--', 'content');

      // Closed: Preview of a fork finds the pull request through GitHub's API (its answer given here) and removes the preview.
      const closed = await runWorkflow(
        fork,
        trigger('workflow_run', { workflow_run: { event: 'pull_request', head_repository: { full_name: 'someone/fork' } } }),
        { skip, standIns: { 'find/pr': { number: '8', state: 'closed' } } },
      );
      expect(skipped(closed)).toEqual([
        'find: Find the pull request',
        'remove: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
        'remove: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020',
        'remove: Install the packages',
      ]);
      expect(ran(closed)).toEqual(['remove: Remove the preview → success']);
      expect(closed.jobs.notice!.result).toBe('skipped');
      expect(closed.summary).toContain('### Preview pr-8 removed');

      // Closed again (or never previewed): nothing to remove is not a failure.
      const again = await runWorkflow(
        fork,
        trigger('workflow_run', { workflow_run: { event: 'pull_request', head_repository: { full_name: 'someone/fork' } } }),
        { skip, standIns: { 'find/pr': { number: '8', state: 'closed' } } },
      );
      expect(ran(again)).toEqual(['remove: Remove the preview → success']);
      expect(again.summary).toContain('Pull request 8 has no preview: nothing to remove.');
    } finally {
      rmSync(origin, { recursive: true, force: true });
    }
  }, 300_000);
});
