/**
 * "Last updated" during `npm start` without git on the way of each save: git's answer kept, mtimes since then.
 * I/O: runs git through `readGit`, reads file times.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type GitHistory, lastEditsFrom, readGitHistory } from '../../content/source/file-history.ts';
import type { LastEditsReader } from '../../content/source/load-content.ts';

/** The least time between two git runs. */
const REFRESH_MS = 10_000;

/**
 * File times can lag the clock (Linux stamps them from a coarse clock, a few ms behind) or be
 * kept to the second (HFS+): a file saved just after git was asked must still count as saved.
 * One saved just before then counts too, which costs nothing: git saw it as changed already.
 */
const MTIME_SLACK_MS = 1_000;

interface Known {
  git: GitHistory | null;
  /** When the git run that said it began (ms since the epoch). */
  askedAt: number;
}

export interface SessionEdits {
  read: LastEditsReader;
  /** Asks git again in the background (after a publish), unless it was asked less than REFRESH_MS ago; one run at a time. */
  refresh(dir: string): void;
}

export function sessionLastEdits(
  readGit: (dir: string) => Promise<GitHistory | null> = readGitHistory,
  minRefreshMs = REFRESH_MS,
  now: () => number = Date.now,
): SessionEdits {
  let known: Known | undefined;
  let asking: Promise<void> | undefined;
  const ask = (dir: string): Promise<void> => {
    const askedAt = now();
    asking ??= readGit(dir)
      .then((git) => {
        known = { git, askedAt };
      })
      .catch(() => {})
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };

  return {
    async read(dir, files) {
      if (!known) await ask(dir);
      const { git, askedAt } = known ?? { git: null, askedAt: 0 };
      let seen = git;
      if (git) {
        const since = askedAt - MTIME_SLACK_MS;
        // At once, not through the promise API, whose round trips cost several times as much for thousands of files.
        const changed = files.filter((file) => statSync(join(dir, file)).mtimeMs >= since);
        seen = { commits: git.commits, uncommitted: new Set([...git.uncommitted, ...changed]) };
      }
      return lastEditsFrom(dir, files, seen);
    },
    refresh(dir) {
      if (!known || now() - known.askedAt >= minRefreshMs) void ask(dir);
    },
  };
}
