/**
 * A maintainer's preview fetches the reviewed commit and takes its content/ and nothing else, never a link out of
 * it. Git, with a local bare repository as GitHub.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { fetchCommit, linksIn, takeContent } from '../../../scripts/github/preview-content.ts';

const repo = mkdtempSync(join(tmpdir(), 'race-element-preview-content-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
git('init', '-q', '-b', 'main');
git('config', 'user.email', 'test@example.org');
git('config', 'user.name', 'Test');
mkdirSync(join(repo, 'content'));
writeFileSync(join(repo, 'content', 'alpha.md'), 'Alpha.\n');
writeFileSync(join(repo, 'content', 'gone.md'), 'Gone in the pull request.\n');
writeFileSync(join(repo, 'script.sh'), 'echo main\n');
git('add', '-A');
git('commit', '-q', '-m', 'main');
const main = git('rev-parse', 'HEAD');

/** A commit of the pull request on top of main, then the work tree back at main. */
function pullRequestCommit(change: () => void): string {
  change();
  git('add', '-A');
  git('commit', '-q', '-m', 'pull request');
  const sha = git('rev-parse', 'HEAD');
  git('reset', '-q', '--hard', main);
  return sha;
}

test("content/ becomes the commit's, files it deleted included; the code stays main's", () => {
  const sha = pullRequestCommit(() => {
    writeFileSync(join(repo, 'content', 'alpha.md'), 'Alpha, proposed.\n');
    rmSync(join(repo, 'content', 'gone.md'));
    writeFileSync(join(repo, 'script.sh'), 'echo the pull request ran\n');
  });
  takeContent(sha, repo);
  expect(readFileSync(join(repo, 'content', 'alpha.md'), 'utf8')).toBe('Alpha, proposed.\n');
  expect(existsSync(join(repo, 'content', 'gone.md'))).toBe(false);
  expect(readFileSync(join(repo, 'script.sh'), 'utf8')).toBe('echo main\n');
  git('reset', '-q', '--hard', main);
});

test('a symbolic link in content/ is refused before anything changes', () => {
  const sha = pullRequestCommit(() => symlinkSync('/etc/hostname', join(repo, 'content', 'stolen.md')));
  expect(() => takeContent(sha, repo)).toThrow(
    `content/ of ${sha} holds symbolic links or submodules, which a preview refuses: content/stolen.md`,
  );
  expect(readFileSync(join(repo, 'content', 'alpha.md'), 'utf8')).toBe('Alpha.\n');
});

test('links and submodules are read from ls-tree output, whatever their names', () => {
  const entries = [
    '100644 blob 1111111111111111111111111111111111111111\tcontent/a.md',
    '120000 blob 2222222222222222222222222222222222222222\tcontent/odd\tname.md',
    '160000 commit 3333333333333333333333333333333333333333\tcontent/sub',
  ];
  expect(linksIn(`${entries.join('\0')}\0`)).toEqual(['content/odd\tname.md', 'content/sub']);
});

test('the reviewed commit is fetched by its SHA from where GitHub keeps a pull request', () => {
  const origin = mkdtempSync(join(tmpdir(), 'race-element-origin-'));
  try {
    const sha = pullRequestCommit(() => writeFileSync(join(repo, 'content', 'alpha.md'), 'Alpha, from a fork.\n'));
    git('init', '-q', '--bare', origin);
    git('push', '-q', origin, `${sha}:refs/pull/8/head`);
    git('reset', '-q', '--hard', main);
    // Only the fetch can bring the commit back once this clone has forgotten it.
    git('reflog', 'expire', '--expire=now', '--all');
    git('gc', '-q', '--prune=now');
    expect(() => git('cat-file', '-e', `${sha}^{commit}`)).toThrow();
    git('remote', 'add', 'origin', origin);
    fetchCommit(sha, 'token', repo);
    takeContent(sha, repo);
    expect(readFileSync(join(repo, 'content', 'alpha.md'), 'utf8')).toBe('Alpha, from a fork.\n');
  } finally {
    git('remote', 'remove', 'origin');
    rmSync(origin, { recursive: true, force: true });
  }
});
