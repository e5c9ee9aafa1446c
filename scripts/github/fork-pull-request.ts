/**
 * Preview of a fork: the pull request behind a fork's Preview run, from GitHub's API by branch and commit (the
 * fork's run is not trusted). In: HEAD_OWNER, HEAD_BRANCH, HEAD_SHA; out: `number`, `state`, `content`.
 */
import * as z from 'zod';
import { readEnv, runStep, SHA, setOutputs } from './actions-io.ts';
import { GithubEnv, jobGithubApi } from './github-api.ts';
import { findPullByHead, pullTouchesContent } from './pull-request.ts';

const Env = GithubEnv.extend({
  HEAD_OWNER: z.string().min(1),
  HEAD_BRANCH: z.string().min(1),
  HEAD_SHA: z.string().regex(SHA),
});

await runStep(async () => {
  const env = readEnv(Env);
  const api = jobGithubApi(env);
  const pull = await findPullByHead(api, env.GITHUB_REPOSITORY, env.HEAD_OWNER, env.HEAD_BRANCH, env.HEAD_SHA);
  if (!pull) {
    console.log(`No pull request has head ${env.HEAD_OWNER}:${env.HEAD_BRANCH} at ${env.HEAD_SHA}; nothing to do.`);
    return;
  }
  const content = await pullTouchesContent(api, env.GITHUB_REPOSITORY, pull.number);
  setOutputs({ number: String(pull.number), state: pull.state, content: String(content) });
  console.log(`Pull request ${pull.number} is ${pull.state}; it ${content ? 'touches' : 'does not touch'} content/.`);
});
