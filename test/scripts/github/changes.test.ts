/**
 * What changed between two commits and ancestry, on a throwaway git repository; the classification on lists of
 * paths. Unit and git.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { changedPaths, hasCommit, isAncestor, onlyContent, publishKind } from '../../../scripts/github/changes.ts';

const repo = mkdtempSync(join(tmpdir(), 'race-element-changes-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
git('init', '-q', '-b', 'main');
git('config', 'user.email', 'test@example.org');
git('config', 'user.name', 'Test');
function commit(files: Record<string, string>, message: string): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git('add', '-A');
  git('commit', '-q', '-m', message);
  return git('rev-parse', 'HEAD');
}

describe('what a push needs', () => {
  test('code is anything outside content/, docs/ and the README', () => {
    expect(publishKind(['content/a.md', 'docs/x.md'])).toBe('content');
    expect(publishKind(['docs/x.md', 'README.md'])).toBe('none');
    expect(publishKind(['content/a.md', 'worker/app.ts'])).toBe('code');
    expect(publishKind(['docs/README.md.bak', 'README.md/x'])).toBe('code');
    expect(publishKind([])).toBe('none');
  });
  test('only content/: at least one path, every one in content/', () => {
    expect(onlyContent(['content/a.md', 'content/media/b.png'])).toBe(true);
    expect(onlyContent(['content/a.md', 'docs/x.md'])).toBe(false);
    expect(onlyContent([])).toBe(false);
  });
});

describe('on a git repository', () => {
  const first = commit({ 'content/guide.md': 'Guide.\n', 'docs/notes.md': 'Notes.\n', 'worker/app.ts': 'export {};\n' }, 'first');

  test('a page moved out of content/ counts as content, so it goes offline', () => {
    git('mv', 'content/guide.md', 'docs/guide.md');
    const moved = commit({}, 'move');
    expect(changedPaths([first, moved], repo).sort()).toEqual(['content/guide.md', 'docs/guide.md']);
    expect(publishKind(changedPaths([first, moved], repo))).toBe('content');
  });

  test('non-ASCII and odd names come back as they are, not quoted', () => {
    const before = git('rev-parse', 'HEAD');
    const after = commit({ 'content/café "x".md': 'Café.\n', 'content/tab\there.md': 'Tab.\n' }, 'names');
    expect(changedPaths([before, after], repo).sort()).toEqual(['content/café "x".md', 'content/tab\there.md']);
    expect(onlyContent(changedPaths([before, after], repo))).toBe(true);
  });

  test("a branch's own changes with a...b, whatever its base did since", () => {
    const base = git('rev-parse', 'HEAD');
    git('checkout', '-q', '-b', 'feature');
    const feature = commit({ 'content/new.md': 'New.\n' }, 'feature');
    git('checkout', '-q', 'main');
    const main = commit({ 'worker/app.ts': 'export const x = 1;\n' }, 'main moves on');
    expect(changedPaths([`${main}...${feature}`], repo)).toEqual(['content/new.md']);
    expect(isAncestor(base, main, repo)).toBe(true);
    expect(isAncestor(main, main, repo)).toBe(true);
    expect(isAncestor(feature, main, repo)).toBe(false);
    expect(hasCommit('f'.repeat(40), repo)).toBe(false);
    expect(isAncestor('f'.repeat(40), main, repo)).toBe(false);
  });
});
