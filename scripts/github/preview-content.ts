/**
 * Preview workflow: the content a preview uploads. A pull request's own run says whether it touches content/; a
 * maintainer's run takes content/ of the reviewed commit, only if it is the open pull request's head, and never
 * a link out of it. In: GitHub's env, API and git; out: `sha`, `content` (true: upload).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { NUMBER, readEnv, runStep, SHA, StepRefusal, setOutputs } from './actions-io.ts';
import { changedPaths, touchesContent } from './changes.ts';
import { GithubEnv, jobGithubApi } from './github-api.ts';
import { manualPreviewProblem, readPull } from './pull-request.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });

/** Fetches one commit with the job's token, given to git through its environment, never stored in the clone. */
export function fetchCommit(sha: string, token: string, cwd = '.'): void {
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  execFileSync('git', ['fetch', '--no-tags', 'origin', sha], {
    cwd,
    stdio: 'inherit',
    env: {
      ...process.env,
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.extraheader',
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
    },
  });
}

/** Symbolic links and submodules in `git ls-tree -r -z` output: either could make the upload read outside content/. */
export function linksIn(lsTree: string): string[] {
  return lsTree
    .split('\0')
    .filter((entry) => /^(120000|160000) /.test(entry))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
}

/** Replaces content/ in the work tree by the commit's, which this clone must hold. */
export function takeContent(sha: string, cwd = '.'): void {
  const links = linksIn(git(cwd, 'ls-tree', '-r', '-z', sha, '--', 'content'));
  if (links.length > 0)
    throw new StepRefusal(`content/ of ${sha} holds symbolic links or submodules, which a preview refuses: ${links.join(', ')}`);
  rmSync(join(cwd, 'content'), { recursive: true, force: true });
  git(cwd, 'checkout', sha, '--', 'content');
}

const Env = GithubEnv.extend({
  GITHUB_EVENT_NAME: z.enum(['pull_request', 'workflow_dispatch']),
  PR_NUMBER: z.string().regex(NUMBER, 'a pull request number').transform(Number),
  /** The maintainer's reviewed commit, or the pull request's head in its own run. */
  SHA: z.string().regex(SHA, 'a full commit SHA: 40 hexadecimal digits'),
  BASE_SHA: z.string().default(''),
});

if (import.meta.main) {
  await runStep(async () => {
    const env = readEnv(Env);
    if (env.GITHUB_EVENT_NAME === 'pull_request') {
      const content = touchesContent(changedPaths([`${env.BASE_SHA}...${env.SHA}`]));
      setOutputs({ sha: env.SHA, content: String(content) });
      console.log(
        content ? `content/ of pull request ${env.PR_NUMBER} at ${env.SHA}` : 'The pull request does not touch content/: no preview.',
      );
      return;
    }
    const problem = manualPreviewProblem(await readPull(jobGithubApi(env), env.GITHUB_REPOSITORY, env.PR_NUMBER), env.SHA);
    if (problem) throw new StepRefusal(problem);
    fetchCommit(env.SHA, env.GITHUB_TOKEN);
    takeContent(env.SHA);
    setOutputs({ sha: env.SHA, content: 'true' });
    console.log(`content/ of pull request ${env.PR_NUMBER} at ${env.SHA}`);
  });
}
