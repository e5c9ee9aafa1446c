/**
 * A pull request as GitHub's API gives it: found by a fork's branch and commit, its state and head, whether its
 * files touch content/. I/O: GitHub's API; the choices are pure.
 */
import * as z from 'zod';
import { SHA } from './actions-io.ts';
import { touchesContent } from './changes.ts';
import type { GithubApi } from './github-api.ts';

export const Pull = z.object({
  number: z.number().int().positive(),
  state: z.enum(['open', 'closed']),
  head: z.object({ sha: z.string().regex(SHA) }),
});
export type Pull = z.infer<typeof Pull>;

/** The list query for pull requests whose head is `owner:branch`; a branch name may hold `#`, `&` or `+`. */
export function pullsByHeadPath(repo: string, owner: string, branch: string): string {
  return `/repos/${repo}/pulls?${new URLSearchParams({ state: 'all', head: `${owner}:${branch}`, per_page: '100' })}`;
}

/** The pull request whose head is exactly `sha`: a fork's run says nothing trusted, the commit ties it down. */
export const pullWithHead = (pulls: readonly Pull[], sha: string): Pull | null => pulls.find((pull) => pull.head.sha === sha) ?? null;

export async function findPullByHead(api: GithubApi, repo: string, owner: string, branch: string, sha: string): Promise<Pull | null> {
  return pullWithHead(z.array(Pull).parse(await api.list(pullsByHeadPath(repo, owner, branch))), sha);
}

export async function readPull(api: GithubApi, repo: string, number: number): Promise<Pull> {
  return Pull.parse(await api.get(`/repos/${repo}/pulls/${number}`));
}

const File = z.object({ filename: z.string(), previous_filename: z.string().optional() });

/** Whether the pull request's files touch content/, a file renamed out of it included. */
export async function pullTouchesContent(api: GithubApi, repo: string, number: number): Promise<boolean> {
  const files = z.array(File).parse(await api.list(`/repos/${repo}/pulls/${number}/files?per_page=100`));
  return touchesContent(files.flatMap((file) => [file.filename, ...(file.previous_filename ? [file.previous_filename] : [])]));
}

/** Why a maintainer's preview of `sha` must not run, or null: only an open pull request's current head is previewed. */
export function manualPreviewProblem(pull: Pull, sha: string): string | null {
  if (pull.state !== 'open') return `pull request ${pull.number} is closed: no preview is made for it.`;
  if (pull.head.sha !== sha)
    return `pull request ${pull.number}'s head is ${pull.head.sha}, not ${sha}: review the new commits, then run the preview with the head's SHA.`;
  return null;
}
