/**
 * "Last updated" and the sitemap's last change from git history or mtime, and absent for a file never
 * edited after publication. Unit, with real git in a temporary repository.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildEntries } from '../../../../scripts/content/build/build-entries.ts';
import { commitsByFile, isoLocal, lastUpdated, readLastEdits } from '../../../../scripts/content/source/file-history.ts';
import { loadContentFolder } from '../../../../scripts/content/source/load-content.ts';

describe('pure parts', () => {
  test('commitsByFile: newest commit time and count per file, from one log', () => {
    const log =
      '\x1e2025-03-01T10:00:00+01:00\n\na.md\nb.md\n\x1e2025-02-01T09:00:00+00:00\n\na.md\n\x1e2025-01-01T08:00:00-05:00\n\na.md\nc.md\n';
    expect(Object.fromEntries(commitsByFile(log))).toEqual({
      'a.md': { newest: '2025-03-01T10:00:00+01:00', count: 3 },
      'b.md': { newest: '2025-03-01T10:00:00+01:00', count: 1 },
      'c.md': { newest: '2025-01-01T08:00:00-05:00', count: 1 },
    });
    expect(commitsByFile('')).toEqual(new Map());
  });

  test("lastUpdated: none without an edit; for news, none unless after its date (the author's day)", () => {
    expect(lastUpdated(undefined, undefined)).toBeNull();
    expect(lastUpdated('2025-03-01T10:00:00+01:00', undefined)).toBe('2025-03-01T10:00:00+01:00');
    expect(lastUpdated('2025-03-01T23:30:00-05:00', '2025-03-01')).toBeNull();
    expect(lastUpdated('2025-03-02T00:30:00+02:00', '2025-03-01')).toBe('2025-03-02T00:30:00+02:00');
    expect(lastUpdated('2024-12-31T10:00:00+00:00', '2025-03-01')).toBeNull();
  });

  test('isoLocal: the local wall time with its offset', () => {
    const time = isoLocal(new Date('2025-06-01T12:34:56Z'));
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(time)).toBe(Date.parse('2025-06-01T12:34:56Z'));
  });
});

describe('a git checkout', () => {
  let root: string;
  let content: string;
  let calls: string;
  let savedPath: string | undefined;
  const md = (title: string, extra = '') =>
    `---\ntitle: ${title}\nslug: ${title.toLowerCase()}\ndescription: d${extra}\n---\nText of ${title}\n`;
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: root,
      env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
    });
  const commit = (date: string, message: string) => {
    git(['add', '-A']);
    git(['commit', '-q', '-m', message], date);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'file-history-test-'));
    content = join(root, 'articles');
    mkdirSync(content);
    git(['init', '-q']);
    writeFileSync(join(root, 'README.md'), 'outside the folder\n');
    writeFileSync(join(content, 'guide-once.md'), md('Once', '\ntype: guide'));
    writeFileSync(join(content, 'guide-edited.md'), md('Edited', '\ntype: guide'));
    writeFileSync(join(content, 'news-fixed-on-the-day.md'), md('Fixed', '\ntype: news\ndate: 2025-02-10'));
    writeFileSync(join(content, 'news-edited-later.md'), md('Later', '\ntype: news\ndate: 2025-02-10'));
    writeFileSync(join(content, 'guide-dirty.md'), md('Dirty', '\ntype: guide'));
    commit('2025-02-10T08:00:00+01:00', 'add everything');
    writeFileSync(join(content, 'guide-edited.md'), `${md('Edited', '\ntype: guide')}More.\n`);
    writeFileSync(join(content, 'news-fixed-on-the-day.md'), `${md('Fixed', '\ntype: news\ndate: 2025-02-10')}Typo fixed.\n`);
    commit('2025-02-10T21:00:00+01:00', 'fix on the day');
    writeFileSync(join(content, 'news-edited-later.md'), `${md('Later', '\ntype: news\ndate: 2025-02-10')}Update.\n`);
    writeFileSync(join(content, 'guide-edited.md'), `${md('Edited', '\ntype: guide')}More, and more.\n`);
    writeFileSync(join(root, 'README.md'), 'changed, outside the folder\n');
    commit('2025-03-05T12:00:00-03:00', 'later edits');
    // Uncommitted: an edit to a committed file, and a new file.
    writeFileSync(join(content, 'guide-dirty.md'), `${md('Dirty', '\ntype: guide')}Not committed yet.\n`);
    utimesSync(join(content, 'guide-dirty.md'), new Date('2025-04-01T10:00:00Z'), new Date('2025-04-01T10:00:00Z'));
    writeFileSync(join(content, 'news-new.md'), md('New', '\ntype: news\ndate: 2025-01-01'));

    // A `git` first on PATH that records each call, then runs the real one.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    calls = join(root, 'git-calls.log');
    const realGit = execFileSync('sh', ['-c', 'command -v git']).toString().trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${realGit}' "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    savedPath = process.env.PATH;
    process.env.PATH = `${bin}${delimiter}${savedPath}`;
  });
  afterAll(() => {
    process.env.PATH = savedPath;
    rmSync(root, { recursive: true, force: true });
  });

  test('last edits: later commits, uncommitted changes; last changes: the newest commit (the only one, once), else the mtime', async () => {
    writeFileSync(calls, '');
    const files = ['guide-dirty.md', 'guide-edited.md', 'guide-once.md', 'news-edited-later.md', 'news-fixed-on-the-day.md', 'news-new.md'];
    const edits = await readLastEdits(content, files);
    const dirty = isoLocal(new Date('2025-04-01T10:00:00Z'));
    expect(Object.fromEntries(edits)).toEqual({
      'guide-dirty.md': { edited: dirty, changed: dirty },
      'guide-edited.md': { edited: '2025-03-05T12:00:00-03:00', changed: '2025-03-05T12:00:00-03:00' },
      // One commit, the one that added it: no edit, but a change for the sitemap.
      'guide-once.md': { changed: '2025-02-10T08:00:00+01:00' },
      'news-edited-later.md': { edited: '2025-03-05T12:00:00-03:00', changed: '2025-03-05T12:00:00-03:00' },
      'news-fixed-on-the-day.md': { edited: '2025-02-10T21:00:00+01:00', changed: '2025-02-10T21:00:00+01:00' },
      // Not committed yet: its mtime.
      'news-new.md': { changed: isoLocal(statSync(join(content, 'news-new.md')).mtime) },
    });
    // One `git log` for the folder, one `git ls-files`: never one per file.
    const lines = readFileSync(calls, 'utf8').trim().split('\n');
    expect(lines.filter((l) => / log /.test(` ${l} `))).toHaveLength(1);
    expect(lines).toHaveLength(2);
  });

  test('what the manifest gets: news fixed on its day and untouched files have none', async () => {
    const built = await buildEntries(await loadContentFolder(content));
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect(Object.fromEntries(built.entries.map((e) => [e.value.file, e.updated]))).toEqual({
      'guide-dirty.md': isoLocal(new Date('2025-04-01T10:00:00Z')),
      'guide-edited.md': '2025-03-05T12:00:00-03:00',
      'guide-once.md': null,
      'news-edited-later.md': '2025-03-05T12:00:00-03:00',
      'news-fixed-on-the-day.md': null,
      'news-new.md': null,
    });
    expect(built.entries.find((e) => e.value.file === 'guide-once.md')?.changed).toBe('2025-02-10T08:00:00+01:00');
  });
});

test('outside a git checkout the mtime is the last edit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-history-nogit-'));
  try {
    writeFileSync(join(dir, 'guide-a.md'), 'x');
    utimesSync(join(dir, 'guide-a.md'), new Date('2025-05-06T07:08:09Z'), new Date('2025-05-06T07:08:09Z'));
    const edits = await readLastEdits(dir, ['guide-a.md']);
    const mtime = isoLocal(new Date('2025-05-06T07:08:09Z'));
    expect(edits.get('guide-a.md')).toEqual({ edited: mtime, changed: mtime });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
