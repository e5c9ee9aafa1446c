/**
 * What changed between two commits, and whether one descends from another. I/O: git in `cwd`; the
 * classification of paths is pure.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** What a push to main needs: a deploy and an upload, an upload alone, or nothing. */
export type PublishKind = 'code' | 'content' | 'none';

/** Paths that are not the Worker's code: the content, and what only people read. */
const isContent = (path: string) => path.startsWith('content/');
const isReading = (path: string) => path.startsWith('docs/') || path === 'README.md';

export function publishKind(paths: readonly string[]): PublishKind {
  if (paths.some((path) => !isContent(path) && !isReading(path))) return 'code';
  return paths.some(isContent) ? 'content' : 'none';
}

export const touchesContent = (paths: readonly string[]): boolean => paths.some(isContent);
export const onlyContent = (paths: readonly string[]): boolean => paths.length > 0 && paths.every(isContent);

/**
 * The paths `git diff` names between the revisions (`a b`, or `a...b` for a branch's own changes). A rename counts
 * as a deletion and an addition, so a page moved out of content/ counts as content; NUL-separated, so no path is quoted.
 */
export function changedPaths(revisions: readonly string[], cwd = '.'): string[] {
  const out = execFileSync('git', ['diff', '--no-renames', '-z', '--name-only', ...revisions, '--'], { cwd, encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '');
}

export function hasCommit(sha: string, cwd = '.'): boolean {
  return spawnSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd }).status === 0;
}

/** Whether `ancestor` is `descendant` or one of its ancestors; a commit this clone lacks is no ancestor. */
export function isAncestor(ancestor: string, descendant: string, cwd = '.'): boolean {
  if (!hasCommit(ancestor, cwd)) return false;
  const { status, stderr } = spawnSync('git', ['merge-base', '--is-ancestor', ancestor, descendant], { cwd, encoding: 'utf8' });
  if (status === 0 || status === 1) return status === 0;
  throw new Error(`git merge-base --is-ancestor ${ancestor} ${descendant} failed: ${stderr.trim()}`);
}
