/**
 * What `npm run upload` reports to a GitHub Actions job (outputs and summary): the pure report functions, then
 * the upload command with GITHUB_OUTPUT and GITHUB_STEP_SUMMARY set. Unit, and the command with its local Worker.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { outputLines, reportLines } from '../../../scripts/github/upload-report.ts';
import { runUpload } from '../../support/upload-command.ts';

describe('the report', () => {
  test('a publish names version, entries written and URL; a failure keeps the reason, which says what stays live', () => {
    const published = {
      ok: true,
      command: 'upload',
      dryRun: false,
      version: 3,
      changed: true,
      entriesWritten: 2,
      entries: 5,
      url: 'https://site.example/',
    } as const;
    expect(outputLines(published)).toEqual(['outcome=ok', 'version=3', 'entries-written=2', 'url=https://site.example/']);
    expect(reportLines(published).join('\n')).toBe(
      '### Published\n\nVersion **3** is live at https://site.example/: 2 of 5 entries written.\n',
    );
    expect(reportLines({ ...published, changed: false, entriesWritten: 0 })[2]).toBe(
      'Nothing changed: version **3** stays live at https://site.example/ (5 entries).',
    );
    // What the cache in front of the Worker was told, once the version was live.
    expect(reportLines({ ...published, purged: { tags: 4, again: true } })[2]).toBe(
      'Version **3** is live at https://site.example/: 2 of 5 entries written. The manifest and the pages that changed (4 tag(s)) were purged from the cache in front of the Worker, and it purges them again once every data centre reads the new manifest.',
    );
    expect(reportLines({ ...published, purged: { tags: 4, again: true, now: false } })[2]).toBe(
      'Version **3** is live at https://site.example/: 2 of 5 entries written. The manifest and the pages that changed (4 tag(s)) were queued by the Worker, which purges them from the cache in front of it as soon as its purge limits allow, and it purges them again once every data centre reads the new manifest.',
    );
    expect(reportLines({ ...published, purged: { tags: 0, again: true } })[2]).toBe(
      'Version **3** is live at https://site.example/: 2 of 5 entries written. No page had changed: nothing was purged from the cache in front of the Worker.',
    );
    const failed = { ok: false, command: 'upload', reason: 'Cloudflare KV bulk write … failed: the site still serves version 1.' } as const;
    expect(outputLines(failed)).toEqual(['outcome=failed']);
    expect(reportLines(failed)).toEqual(['### Publish failed', '', '```text', failed.reason, '```', '']);
    const rolledBack = { ok: true, command: 'rollback', version: 4, restored: 2, entries: 5, url: 'https://site.example/' } as const;
    expect(outputLines(rolledBack)).toEqual(['outcome=rolled-back', 'version=4', 'entries-written=0', 'url=https://site.example/']);
    expect(reportLines(rolledBack)[2]).toBe(
      'Version **4** is live at https://site.example/, with the content of version 2 (5 entries; no entry written).',
    );
    expect(reportLines({ ...rolledBack, purged: { tags: 2, again: false } })[2]).toBe(
      'Version **4** is live at https://site.example/, with the content of version 2 (5 entries; no entry written). The manifest and the pages that changed (2 tag(s)) were purged from the cache in front of the Worker.',
    );
  });

  test('a preview gives its link and leaves the public site unchanged; a removal and its failure are named', () => {
    const preview = {
      ok: true,
      command: 'preview',
      name: 'pr-7',
      version: 2,
      entriesWritten: 1,
      entries: 5,
      url: 'https://site.example/_preview/pr-7?token=t',
      expires: '2026-12-02T21:14:09.000Z',
    } as const;
    expect(outputLines(preview)).toEqual([
      'outcome=ok',
      'version=2',
      'entries-written=1',
      'url=https://site.example/_preview/pr-7?token=t',
      'expires=2026-12-02 21:14 UTC',
    ]);
    expect(reportLines(preview)).toEqual([
      '### Preview pr-7',
      '',
      'Version 2 of the preview: 1 of 5 entries written; the public site is unchanged. Its link, working until 2026-12-02 21:14 UTC: https://site.example/_preview/pr-7?token=t',
      '',
    ]);
    expect(outputLines({ ok: true, command: 'remove-preview', name: 'pr-7' })).toEqual(['outcome=ok']);
    expect(reportLines({ ok: true, command: 'remove-preview', name: 'pr-7' })[0]).toBe('### Preview pr-7 removed');
    expect(reportLines({ ok: false, command: 'remove-preview', reason: 'there is no preview named pr-7' })[0]).toBe(
      '### Removing the preview failed',
    );
  });
});

describe('the command in a job', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'race-element-upload-report-'));
    mkdirSync(join(dir, 'articles'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const page = (slug: string, text: string) =>
    writeFileSync(
      join(dir, 'articles', `${slug}.md`),
      `---\ntitle: "Page ${slug}"\nslug: ${slug}\ndescription: "A fixture page"\ntype: guide\n---\n${text}\n`,
    );

  /** One `npm run upload` on the fixture folder with fresh GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files; returns what it left in them. */
  async function upload(args: string[]): Promise<{ code: number | null; output: string; summary: string; stderr: string }> {
    const output = join(dir, 'output');
    const summary = join(dir, 'summary');
    writeFileSync(output, '');
    writeFileSync(summary, '');
    const all = ['--dir', join(dir, 'articles'), '--persist-to', join(dir, 'state'), '--no-image-copies', ...args];
    const { code, stderr } = await runUpload(all, { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary });
    return { code, output: readFileSync(output, 'utf8'), summary: readFileSync(summary, 'utf8'), stderr };
  }

  test('publish, publish again, a refused upload, a rollback: each says what is live', async () => {
    page('alpha', 'First text.');
    page('beta', 'Second text.');
    const first = await upload([]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.output).toBe('outcome=ok\nversion=1\nentries-written=2\nurl=\n');
    // No `npm start` runs to name an address.
    // The first version purges every page of the cache in front of the Worker (the site tag); locally, once.
    expect(first.summary).toBe(
      "### Published\n\nVersion **1** is live in the local state, on `npm start`'s address once it runs: 2 of 2 entries written. The manifest and the pages that changed (2 tag(s)) were purged from the cache in front of the Worker.\n\n",
    );

    page('beta', 'Second text, edited.');
    expect((await upload([])).output).toBe('outcome=ok\nversion=2\nentries-written=1\nurl=\n');

    writeFileSync(join(dir, 'articles', 'broken.md'), '---\ntitle: "No slug"\n---\nText.\n');
    const refused = await upload([]);
    expect(refused.code).toBe(1);
    expect(refused.output).toBe('outcome=failed\n');
    expect(refused.summary).toMatch(
      /^### Publish failed\n\n```text\n\d+ problem\(s\) in the content, listed in the log: nothing was written; the site is unchanged\.\n```\n/,
    );
    rmSync(join(dir, 'articles', 'broken.md'));

    const back = await upload(['--rollback']);
    expect(back.code).toBe(0);
    expect(back.output).toBe('outcome=rolled-back\nversion=3\nentries-written=0\nurl=\n');
    expect(back.summary).toMatch(
      /^### Rolled back\n\nVersion \*\*3\*\* is live in the local state, on `npm start`'s address once it runs, with the content of version 1 \(2 entries; no entry written\)\. The manifest and the pages that changed \(\d+ tag\(s\)\) were purged from the cache in front of the Worker\.\n\n$/,
    );

    const again = await upload(['--rollback', '7']);
    expect(again.code).toBe(1);
    expect(again.summary).toMatch(/^### Rollback failed\n\n```text\nversion 7 is not kept \(kept: v3, v2, v1\): nothing was written\./);
  });
});
