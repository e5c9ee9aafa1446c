/**
 * The Preview and Preview of a fork workflows rehearsed: previews open and close, forks run nothing with
 * secrets, one comment per pull request. Workflow runner, contract server, workerd.
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

  const MARKER = '<!-- race-element-preview -->';
  const commentsOn = (issue: number) => r.github.read().comments.filter((c) => c.issue === issue);

  test('a pull request of this repository: one comment with a link that opens the preview, updated on a push; closing removes the preview', async () => {
    r.page('beta', 'Beta, proposed in pull request 7.');
    const sha = r.commit('pull request 7');
    const run = await runWorkflow(preview, pullRequest('opened', 7, REPO, sha), { skip });
    expect(skipped(run)).toEqual([
      'upload: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
      'upload: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020',
      'upload: Install the packages',
    ]);
    expect(ran(run)).toEqual([
      "upload: Take the pull request's content → success",
      'upload: Upload the preview → success',
      'comment: Comment with the link → success',
    ]);
    expect(Object.fromEntries(Object.entries(run.jobs).map(([job, { result }]) => [job, result]))).toMatchObject({
      remove: 'skipped',
      'removed-comment': 'skipped',
      fork: 'skipped',
    });
    const { link, expires } = run.jobs.upload!.outputs;
    expect(link).toMatch(/^https:\/\/race\.elementfuture\.com\/_preview\/pr-7\?token=/);
    expect(expires).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(run.summary).toContain(
      `### Preview pr-7\n\nVersion 1 of the preview: 1 of 2 entries written; the public site is unchanged. Its link, working until ${expires}: ${link}`,
    );
    const [comment] = commentsOn(7);
    expect(commentsOn(7)).toHaveLength(1);
    expect(comment!.body.startsWith(`${MARKER}\n**Preview** of this pull request's content at ${sha}: ${link}\n\n`)).toBe(true);
    expect(comment!.body).toContain(`until ${expires} or until the pull request closes`);
    const opened = await openLink(link!, '/guide/beta');
    expect(opened.linkStatus).toBe(303);
    expect(opened.html).toContain('Beta, proposed in pull request 7.');
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, first text.');

    // A second push: the same comment, with the new commit and link.
    r.page('beta', 'Beta, proposed again in pull request 7.');
    const second = r.commit('pull request 7, again');
    const pushed = await runWorkflow(preview, pullRequest('synchronize', 7, REPO, second), { skip });
    expect(pushed.summary).toContain('Version 2 of the preview');
    expect(commentsOn(7)).toEqual([
      { id: comment!.id, issue: 7, body: expect.stringContaining(`content at ${second}: ${pushed.jobs.upload!.outputs.link}`) },
    ]);
    expect((await openLink(pushed.jobs.upload!.outputs.link!, '/guide/beta')).html).toContain('Beta, proposed again in pull request 7.');

    const closed = await runWorkflow(preview, pullRequest('closed', 7, REPO, second), { skip });
    expect(ran(closed)).toEqual(['remove: Remove the preview → success', 'removed-comment: Say the preview is gone → success']);
    expect(closed.summary).toContain('### Preview pr-7 removed');
    expect(commentsOn(7)).toEqual([
      { id: comment!.id, issue: 7, body: `${MARKER}\nThe preview of this pull request was removed when it closed.` },
    ]);
    expect((await openLink(link!, '/guide/beta')).linkStatus).toBe(404);
    r.git('reset', '-q', '--hard', 'HEAD~2');
  });

  test("a fork's pull request: nothing runs with secrets, a comment says how a maintainer previews it; that run takes only its content/; closing removes the preview", async () => {
    // The fork's pull request, as GitHub serves it at refs/pull/8/head: a content change and a script change.
    const base = r.git('rev-parse', 'HEAD');
    const origin = mkdtempSync(join(tmpdir(), 'race-element-origin-'));
    const afterPreview = (sha: string) =>
      r.trigger('workflow_run', {
        workflow_run: {
          event: 'pull_request',
          head_repository: { full_name: 'someone/fork', owner: { login: 'someone' } },
          head_branch: 'feature',
          head_sha: sha,
        },
      });
    try {
      spawnSync('git', ['init', '-q', '--bare', origin]);
      r.git('remote', 'add', 'origin', origin);
      r.page('alpha', 'Alpha, proposed by a fork.');
      writeFileSync(join(r.scratch, 'fork-script.sh'), 'echo the fork ran\n');
      const sha = r.commit('fork change');
      r.git('push', '-q', origin, `${sha}:refs/pull/8/head`);
      r.git('reset', '-q', '--hard', base);
      r.github.write({ pulls: [{ number: 8, state: 'open', headLabel: 'someone:feature', sha }] });

      const forked = await runWorkflow(preview, pullRequest('opened', 8, 'someone/fork', sha), { skip });
      expect(ran(forked)).toEqual(['fork: Leave the preview to a maintainer → success']);
      expect(forked.jobs.upload!.result).toBe('skipped');
      const notice = await runWorkflow(fork, afterPreview(sha), { skip });
      expect(ran(notice)).toEqual(['find: Find the pull request → success', 'notice: Say how a maintainer previews it → success']);
      expect(notice.jobs.remove!.result).toBe('skipped');
      expect(commentsOn(8)).toHaveLength(1);
      expect(commentsOn(8)[0]!.body).toContain('A maintainer can preview its content: Actions → Preview → Run workflow');

      const run = await runWorkflow(preview, r.trigger('workflow_dispatch', { inputs: { pr: 8 } }), { skip });
      expect(ran(run)).toEqual([
        "upload: Take the pull request's content → success",
        'upload: Upload the preview → success',
        'comment: Comment with the link → success',
      ]);
      expect(existsSync(join(r.scratch, 'fork-script.sh'))).toBe(false);
      const link = run.jobs.upload!.outputs.link!;
      expect(commentsOn(8)).toEqual([expect.objectContaining({ body: expect.stringContaining(`content at ${sha}: ${link}`) })]);
      expect((await openLink(link, '/guide/alpha')).html).toContain('Alpha, proposed by a fork.');

      // A fork's content/ with a symbolic link is refused before anything is installed or uploaded; the comment says it failed.
      symlinkSync('/etc/hostname', join(r.scratch, 'content', 'stolen.md'));
      r.git('push', '-q', '--force', origin, `${r.commit('fork link')}:refs/pull/8/head`);
      r.git('reset', '-q', '--hard', base);
      const refused = await runWorkflow(preview, r.trigger('workflow_dispatch', { inputs: { pr: 8 } }), { skip });
      expect(ran(refused)).toEqual(["upload: Take the pull request's content → failure", 'comment: Comment with the link → success']);
      expect(logOf(refused, "Take the pull request's content").output).toContain(
        '::error::content/ of pull request 8 holds symbolic links or submodules, which a preview refuses: content/stolen.md',
      );
      expect(commentsOn(8)).toEqual([
        expect.objectContaining({ body: expect.stringContaining("failed**: the run's log and summary say why") }),
      ]);
      r.git('checkout', '-q', 'HEAD', '--', 'content');

      // Closed: Preview of a fork finds it closed through GitHub's API and removes the preview; a second time there is nothing to remove.
      r.github.write({ pulls: [{ number: 8, state: 'closed', headLabel: 'someone:feature', sha }] });
      const closed = await runWorkflow(fork, afterPreview(sha), { skip });
      expect(ran(closed)).toEqual(['find: Find the pull request → success', 'remove: Remove the preview → success']);
      expect(closed.summary).toContain('### Preview pr-8 removed');
      const again = await runWorkflow(fork, afterPreview(sha), { skip });
      expect(ran(again)).toEqual(['find: Find the pull request → success', 'remove: Remove the preview → success']);
      expect(again.summary).toContain('Pull request 8 has no preview: nothing to remove.');
    } finally {
      rmSync(origin, { recursive: true, force: true });
    }
  });
});
