/**
 * The Preview and Preview of a fork workflows rehearsed (test/support/workflow-rehearsal.ts): a
 * pull request's link opens its preview while the public site is unchanged, closing removes it; a
 * fork's pull request runs nothing with secrets, a maintainer's run takes only its content/. The
 * comment steps call GitHub's API and are not run (asserted); what they are given is checked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logOf, REPO, type Rehearsal, ran, skip, skipped, startRehearsal } from '../support/workflow-rehearsal.ts';
import { readWorkflow, runWorkflow } from '../support/workflow-runner.ts';

let r: Rehearsal;
beforeAll(async () => {
  r = await startRehearsal();
  // The live site the previews differ from, published by the Publish workflow.
  r.page('alpha', 'Alpha, first text.');
  r.page('beta', 'Beta, first text.');
  const first = r.commit('first');
  const run = await runWorkflow(
    readWorkflow('.github/workflows/publish.yml'),
    r.trigger('push', { before: '0'.repeat(40), after: first, ref: 'refs/heads/main' }, first),
    { skip },
  );
  if (run.jobs.publish?.result !== 'success') throw new Error(`Publish failed: ${JSON.stringify(run.steps)}`);
});
afterAll(() => r?.dispose());

describe('Preview, and Preview of a fork', () => {
  const preview = readWorkflow('.github/workflows/preview.yml');
  const fork = readWorkflow('.github/workflows/preview-fork.yml');
  const pullRequest = (action: string, number: number, headRepo: string, sha: string) =>
    r.trigger('pull_request', { action, number, pull_request: { number, head: { sha, repo: { full_name: headRepo } } } });

  /** Opens a preview link as a browser would: the cookie it sets, then `path` with that cookie. */
  async function openLink(link: string, path: string): Promise<{ linkStatus: number; html: string }> {
    const url = new URL(link);
    const opened = (await r.pageText(`${url.pathname}${url.search}`, { redirect: 'manual' })).response;
    const cookie = opened.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { linkStatus: opened.status, html: (await r.pageText(path, { headers: { cookie } })).html };
  }

  test('a pull request of this repository: its link opens the preview, the public site is unchanged; closing it removes the preview', async () => {
    r.page('beta', 'Beta, proposed in pull request 7.');
    const sha = r.commit('pull request 7');
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
    const { expires } = run.jobs.upload!.outputs;
    expect(expires).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(run.summary).toContain(
      `### Preview pr-7\n\nVersion 1 of the preview: 1 of 2 entries written; the public site is unchanged. Its link, working until ${expires}: ${link}`,
    );
    const opened = await openLink(link!, '/guide/beta');
    expect(opened.linkStatus).toBe(303);
    expect(opened.html).toContain('Beta, proposed in pull request 7.');
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, first text.');

    const closed = await runWorkflow(preview, pullRequest('closed', 7, REPO, sha), { skip });
    expect(ran(closed)).toEqual(['remove: Remove the preview → success']);
    expect(closed.summary).toContain('### Preview pr-7 removed');
    expect((await openLink(link!, '/guide/beta')).linkStatus).toBe(404);
    r.git('reset', '-q', '--hard', 'HEAD~1');
  }, 240_000);

  test("a fork's pull request: nothing runs with secrets; a maintainer's run takes only its content/; closing it removes that preview", async () => {
    const forked = await runWorkflow(preview, pullRequest('opened', 8, 'someone/fork', 'f'.repeat(40)), { skip });
    expect(ran(forked)).toEqual(['fork: Leave the preview to a maintainer → success']);
    expect(forked.jobs.upload!.result).toBe('skipped');

    // The fork's pull request, as GitHub serves it at refs/pull/8/head: a content change and a script change.
    const base = r.git('rev-parse', 'HEAD');
    const origin = mkdtempSync(join(tmpdir(), 'race-element-origin-'));
    try {
      spawnSync('git', ['init', '-q', '--bare', origin]);
      r.git('remote', 'add', 'origin', origin);
      r.page('alpha', 'Alpha, proposed by a fork.');
      writeFileSync(join(r.scratch, 'fork-script.sh'), 'echo the fork ran\n');
      r.git('push', '-q', origin, `${r.commit('fork change')}:refs/pull/8/head`);
      r.git('reset', '-q', '--hard', base);

      const run = await runWorkflow(preview, r.trigger('workflow_dispatch', { inputs: { pr: 8 } }), { skip });
      expect(ran(run)).toEqual(["upload: Take the pull request's content → success", 'upload: Upload the preview → success']);
      expect(existsSync(join(r.scratch, 'fork-script.sh'))).toBe(false);
      expect((await openLink(run.jobs.upload!.outputs.link!, '/guide/alpha')).html).toContain('Alpha, proposed by a fork.');

      // A fork's content/ with a symbolic link is refused before anything is installed or uploaded.
      symlinkSync('/etc/hostname', join(r.scratch, 'content', 'stolen.md'));
      r.git('push', '-q', '--force', origin, `${r.commit('fork link')}:refs/pull/8/head`);
      r.git('reset', '-q', '--hard', base);
      const refused = await runWorkflow(preview, r.trigger('workflow_dispatch', { inputs: { pr: 8 } }), { skip });
      expect(ran(refused)).toEqual(["upload: Take the pull request's content → failure"]);
      expect(logOf(refused, "Take the pull request's content").output).toContain(
        '::error::content/ of pull request 8 holds symbolic links or submodules, which a preview refuses: content/stolen.md',
      );
      r.git('checkout', '-q', 'HEAD', '--', 'content');

      // Closed: Preview of a fork finds the pull request through GitHub's API (its answer given here) and removes the preview.
      const closed = await runWorkflow(
        fork,
        r.trigger('workflow_run', { workflow_run: { event: 'pull_request', head_repository: { full_name: 'someone/fork' } } }),
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
        r.trigger('workflow_run', { workflow_run: { event: 'pull_request', head_repository: { full_name: 'someone/fork' } } }),
        { skip, standIns: { 'find/pr': { number: '8', state: 'closed' } } },
      );
      expect(ran(again)).toEqual(['remove: Remove the preview → success']);
      expect(again.summary).toContain('Pull request 8 has no preview: nothing to remove.');
    } finally {
      rmSync(origin, { recursive: true, force: true });
    }
  }, 300_000);
});
