/**
 * The Test, Publish and Rollback workflows' `run:` steps rehearsed in a scratch checkout; actions, installs,
 * tests and deploy are not run. Workflow runner, contract server, workerd.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logOf, type Rehearsal, ran, skip, skipped, startRehearsal } from '../support/workflow-rehearsal.ts';
import { readWorkflow, runWorkflow } from '../support/workflow-runner.ts';

let r: Rehearsal;
beforeAll(async () => {
  r = await startRehearsal();
});
afterAll(() => r?.dispose());

test('Test: its three steps install and run the suite, none of which runs here', async () => {
  const run = await runWorkflow(readWorkflow('.github/workflows/test.yml'), r.trigger('push', {}), { skip });
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
  /** A push to main, and its run; a successful run is then listed by GitHub (the stand-in), newest first. */
  async function push(before: string, after: string) {
    const run = await runWorkflow(publish, r.trigger('push', { before, after, ref: 'refs/heads/main' }, after), { skip });
    if (run.jobs.publish!.result === 'success')
      r.github.write({ runs: [{ workflow: 'publish.yml', status: 'success', headSha: after }, ...r.github.read().runs] });
    return run;
  }

  test('a first push deploys, then uploads: version 1 is live', async () => {
    r.page('alpha', 'Alpha, first text.');
    r.page('beta', 'Beta, first text.');
    const first = r.commit('first');
    const run = await push('0'.repeat(40), first);
    expect(skipped(run)).toEqual([
      'publish: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
      'publish: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020',
      'publish: Install the packages',
      'publish: Deploy the Worker',
    ]);
    expect(ran(run)).toEqual([
      'publish: Last published commit → success',
      'publish: What changed → success',
      'publish: Upload the content → success',
    ]);
    // No successful run yet: the diff falls back to the push's "before", all zeros for a new branch.
    expect(r.github.read().calls.at(-1)).toEqual([
      'run',
      'list',
      '--workflow',
      'publish.yml',
      '--branch',
      'main',
      '--status',
      'success',
      '--limit',
      '1',
      '--json',
      'headSha',
      '--jq',
      '.[0].headSha // empty',
    ]);
    expect(run.summary).toContain('Code changed: the Worker is deployed, then content/ uploaded.');
    expect(run.summary).toContain(`### Published\n\nVersion **1** is live at ${r.worker.url.href}: 2 of 2 entries written.`);
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, first text.');
  });

  test('a push that changes only content/ uploads without deploying: version 2 is live', async () => {
    const before = r.git('rev-parse', 'HEAD');
    r.page('beta', 'Beta, second text.');
    const run = await push(before, r.commit('edit beta'));
    expect(logOf(run, 'Deploy the Worker').decision).toBe('if: false');
    expect(logOf(run, 'Upload the content').outcome).toBe('success');
    expect(run.summary).toContain('Only content/ changed: it is uploaded; the Worker stays as deployed.');
    expect(run.summary).toContain(`Version **2** is live at ${r.worker.url.href}: 1 of 2 entries written.`);
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, second text.');
  });

  test('a push of docs only publishes nothing', async () => {
    const before = r.git('rev-parse', 'HEAD');
    writeFileSync(join(r.scratch, 'docs', 'note.md'), 'A note.\n');
    const run = await push(before, r.commit('docs'));
    expect(ran(run)).toEqual(['publish: Last published commit → success', 'publish: What changed → success']);
    expect(run.summary).toBe('Nothing to publish: only docs/ or the README changed.\n');
  });

  test("a code change whose run was replaced by a newer push's is deployed by that newer run", async () => {
    writeFileSync(join(r.scratch, 'code-change.ts'), 'export {};\n');
    const code = r.commit('code');
    writeFileSync(join(r.scratch, 'docs', 'note.md'), 'A note, edited.\n');
    const later = r.commit('docs again');
    // The run for `code` waited and was replaced: this push's "before" is `code`, the last successful run's commit the one before it.
    const run = await push(code, later);
    expect(logOf(run, 'Deploy the Worker').decision).toMatch(/^skipped: deploys to Cloudflare/);
    expect(run.summary).toContain('Code changed: the Worker is deployed, then content/ uploaded.');
    expect(run.summary).toContain(`Nothing changed: version **2** stays live at ${r.worker.url.href} (2 entries).`);
  });

  test('a push whose content is refused: the summary says the site is unchanged, and version 2 stays live', async () => {
    const before = r.git('rev-parse', 'HEAD');
    writeFileSync(join(r.scratch, 'content', 'broken.md'), '---\ntitle: "No slug, no type"\n---\nText.\n');
    const run = await push(before, r.commit('broken page'));
    expect(logOf(run, 'Upload the content').outcome).toBe('failure');
    expect(logOf(run, 'Say what stays live').outcome).toBe('success');
    expect(run.summary).toMatch(
      /### Publish failed\n\n```text\n\d+ problem\(s\) in the content, listed in the log: nothing was written; the site is unchanged\.\n```/,
    );
    expect(run.jobs.publish!.result).toBe('failure');
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, second text.');
    rmSync(join(r.scratch, 'content', 'broken.md'));
    r.commit('remove the broken page');
  });

  test('Rollback by hand: the version before is live again; a version that is not a number is refused', async () => {
    const run = await runWorkflow(rollback, r.trigger('workflow_dispatch', { inputs: { version: '' } }), { skip });
    expect(ran(run)).toEqual(['rollback: Versions kept → success', 'rollback: Roll back → success']);
    expect(logOf(run, 'Versions kept').output).toMatch(/v2 {2}\S+ {2}\S+ {2}0 added, 1 changed, 0 removed {2}\(live\)/);
    expect(run.summary).toContain(
      `Version **3** is live at ${r.worker.url.href}, with the content of version 1 (2 entries; no entry written).`,
    );
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, first text.');

    const refused = await runWorkflow(rollback, r.trigger('workflow_dispatch', { inputs: { version: '2; echo hi' } }), { skip });
    expect(logOf(refused, 'Roll back').outcome).toBe('failure');
    expect(refused.summary).toBe('### Rollback refused\n\nThe version must be a whole number, got `2; echo hi`: nothing was written.\n');
    expect((await r.pageText('/guide/beta')).html).toContain('Beta, first text.');
  });
});
