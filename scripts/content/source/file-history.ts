/**
 * When each content file was last edited (for "Last updated") and last changed (for the sitemap), from git history
 * (docs/publishing.md). I/O: one `git log` and one `git ls-files` per upload, file times; the parsing is pure.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RECORD = '\x1e';

/** What git says about the folder: per file, its commits; and the files changed since the last commit. */
export interface GitHistory {
  commits: ReadonlyMap<string, { newest: string; count: number }>;
  /** Modified tracked files and untracked ones. */
  uncommitted: ReadonlySet<string>;
}

/** When one file last changed (ISO times with the author's offset). */
export interface FileTimes {
  /** Its last edit after it was added; absent when it has none. */
  edited?: string;
  /** Its last change: the newest commit touching it, else its mtime. */
  changed: string;
}

/** File name → when it last changed, for every file of `files`. */
export async function readLastEdits(dir: string, files: readonly string[]): Promise<Map<string, FileTimes>> {
  return lastEditsFrom(dir, files, await readGitHistory(dir));
}

/** The two git runs, side by side; null outside a git checkout, or without git. */
export async function readGitHistory(dir: string): Promise<GitHistory | null> {
  const git = async (...args: string[]) =>
    (await run('git', ['-C', dir, '-c', 'core.quotePath=false', ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  try {
    const [log, uncommitted] = await Promise.all([
      // --relative: names relative to `dir`, and only what is under it.
      git('log', '--relative', `--format=${RECORD}%aI`, '--name-only', '--', '.'),
      // Modified tracked files and untracked ones, relative to `dir`.
      git('ls-files', '--modified', '--others', '--exclude-standard', '-z', '--', '.'),
    ]);
    return { commits: commitsByFile(log), uncommitted: new Set(uncommitted.split('\0').filter(Boolean)) };
  } catch {
    return null;
  }
}

/** When `files` last changed by what git says (`null`: not a git checkout, the mtime is all there is). */
export async function lastEditsFrom(dir: string, files: readonly string[], git: GitHistory | null): Promise<Map<string, FileTimes>> {
  // At once, not through the promise API: a folder outside git has thousands of files to ask (as load-content.ts reads them).
  const mtime = async (file: string) => isoLocal(statSync(join(dir, file)).mtime);
  const times = async (file: string): Promise<FileTimes> => {
    if (!git) {
      const time = await mtime(file);
      return { edited: time, changed: time };
    }
    const history = git.commits.get(file);
    // Untracked (or added but not committed): not published in git's eyes yet, so no edit.
    if (!history) return { changed: await mtime(file) };
    if (git.uncommitted.has(file)) {
      const time = await mtime(file);
      return { edited: time, changed: time };
    }
    return history.count > 1 ? { edited: history.newest, changed: history.newest } : { changed: history.newest };
  };
  return new Map(await Promise.all(files.map(async (file) => [file, await times(file)] as const)));
}

/**
 * From `git log --format=<RS>%aI --name-only` (newest commit first): per file, the time of the
 * newest commit touching it and how many did (1: only the commit that added it). `%aI` keeps the author's UTC offset,
 * so a time's first ten characters are the day the author saw.
 */
export function commitsByFile(log: string): Map<string, { newest: string; count: number }> {
  const files = new Map<string, { newest: string; count: number }>();
  for (const record of log.split(RECORD).slice(1)) {
    const [time = '', ...names] = record.split('\n');
    for (const name of names) {
      if (name === '') continue;
      const known = files.get(name);
      if (known) known.count++;
      else files.set(name, { newest: time.trim(), count: 1 });
    }
  }
  return files;
}

/** A time as ISO 8601 in this machine's zone with its offset, e.g. 2026-03-01T09:30:00+01:00. */
export function isoLocal(date: Date): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const zone = offset === 0 ? '+00:00' : `${offset > 0 ? '+' : '-'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${zone}`
  );
}

/**
 * What "Last updated" shows: the last edit, unless it is not after the news date (a post
 * corrected on the day it went out was never updated). Null when absent.
 */
export function lastUpdated(lastEdit: string | undefined, newsDate: string | undefined): string | null {
  if (!lastEdit) return null;
  if (newsDate && lastEdit.slice(0, 10) <= newsDate) return null;
  return lastEdit;
}
