/**
 * Publish workflow: whether this push's commit may go live and what it needs (deploy and upload, upload, nothing),
 * against the commit of the last successful Publish run. In: GitHub's env, its API, git; out: `kind`, the summary.
 */
import * as z from 'zod';
import { addSummary, readEnv, runStep, SHA, StepRefusal, setOutputs } from './actions-io.ts';
import { changedPaths, isAncestor, type PublishKind, publishKind } from './changes.ts';
import { type GithubApi, GithubEnv, jobGithubApi } from './github-api.ts';

export interface PublishFacts {
  sha: string;
  /** The branch's head on GitHub now. */
  tip: string;
  /** The commit of the last successful Publish run; null when none has succeeded. */
  lastPublished: string | null;
  /** Whether lastPublished is this commit or an ancestor of it. */
  descends: boolean;
}

export type PublishPlan = { kind: PublishKind } | { refused: string };

/** `paths` is read only when the commit descends from the last published one. */
export function planPublish(facts: PublishFacts, paths: () => readonly string[]): PublishPlan {
  if (facts.sha !== facts.tip)
    return { refused: `${facts.sha} is not the branch's head (${facts.tip}): only the newest commit is published, by its own run.` };
  if (facts.lastPublished === null) return { kind: 'code' };
  if (!facts.descends)
    return {
      refused: `${facts.sha} does not descend from ${facts.lastPublished}, the last published commit: nothing is published over it.`,
    };
  return { kind: publishKind(paths()) };
}

export const KIND_TEXT: Record<PublishKind, string> = {
  code: 'Code changed (or nothing was published by this workflow yet): the Worker is deployed, then content/ uploaded.',
  content: 'Only content/ changed: it is uploaded; the Worker stays as deployed.',
  none: 'Nothing to publish: only docs/ or the README changed.',
};

const Ref = z.object({ object: z.object({ sha: z.string().regex(SHA) }) });
const Runs = z.object({ workflow_runs: z.array(z.object({ head_sha: z.string().regex(SHA) })) });

/** The branch's head now, and the commit of the workflow's last successful run on it. */
export async function readPublishState(api: GithubApi, repo: string, branch: string, workflow: string) {
  const ref = Ref.parse(await api.get(`/repos/${repo}/git/ref/heads/${encodeURIComponent(branch)}`));
  const query = new URLSearchParams({ branch, status: 'success', per_page: '1' });
  const runs = Runs.parse(await api.get(`/repos/${repo}/actions/workflows/${workflow}/runs?${query}`));
  return { tip: ref.object.sha, lastPublished: runs.workflow_runs[0]?.head_sha ?? null };
}

const Env = GithubEnv.extend({
  GITHUB_REF_NAME: z.string().min(1),
  GITHUB_SHA: z.string().regex(SHA),
});

if (import.meta.main) {
  await runStep(async () => {
    const env = readEnv(Env);
    const state = await readPublishState(jobGithubApi(env), env.GITHUB_REPOSITORY, env.GITHUB_REF_NAME, 'publish.yml');
    const descends = state.lastPublished !== null && isAncestor(state.lastPublished, env.GITHUB_SHA);
    const plan = planPublish({ sha: env.GITHUB_SHA, ...state, descends }, () => changedPaths([state.lastPublished!, env.GITHUB_SHA]));
    if ('refused' in plan) {
      addSummary(`### Publish refused\n\n${plan.refused} Nothing was deployed or uploaded.`);
      throw new StepRefusal(plan.refused);
    }
    setOutputs({ kind: plan.kind });
    addSummary(KIND_TEXT[plan.kind]);
  });
}
