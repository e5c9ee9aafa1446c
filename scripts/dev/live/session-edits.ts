/**
 * "Last updated" while `npm start` runs, without two git processes on the way of every save:
 * starting a process takes 60 to 150 ms on a busy two-core machine (Node forks in its main
 * thread, which then serves nothing), the largest single cost of a republish. The answer git gave
 * (file-history.ts: commits per file, uncommitted files) is kept, and asked again in the
 * background after a publish, at most every REFRESH_MS (authors whose editor saves after every
 * pause in typing save every second or two). What saves change meanwhile is read from the files:
 * one whose mtime is after that git run began counts as an uncommitted change, as git would say
 * once it looks (unless the save put back exactly what was committed: then the page says
 * "updated" at the save until git is asked again). A commit made meanwhile shows at the first
 * publish after git is asked again.
 * A file git does not track still has no edit, and outside git every file's mtime counts, as in
 * `npm run upload`.
 *
 * I/O: runs git through `readGit`, reads file times.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type GitHistory, lastEditsFrom, readGitHistory } from '../../content/file-history.ts';
import type { LastEditsReader } from '../../content/load-content.ts';

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
): SessionEdits {
  let known: Known | undefined;
  let asking: Promise<void> | undefined;
  const ask = (dir: string): Promise<void> => {
    const askedAt = Date.now();
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
        const changed = await Promise.all(files.map(async (file) => ((await stat(join(dir, file))).mtimeMs >= since ? file : null)));
        seen = { commits: git.commits, uncommitted: new Set([...git.uncommitted, ...changed.filter((file) => file !== null)]) };
      }
      return lastEditsFrom(dir, files, seen);
    },
    refresh(dir) {
      if (!known || Date.now() - known.askedAt >= minRefreshMs) void ask(dir);
    },
  };
}
