/**
 * The one preview comment on a pull request: its texts, which comment is ours (the workflows' bot's, with the
 * marker), and writing it. In: env (PR_NUMBER, COMMENT and its values), GitHub's API; out: the comment.
 */
import * as z from 'zod';
import { NUMBER, readEnv, runStep, SHA } from './actions-io.ts';
import { type GithubApi, GithubEnv, jobGithubApi } from './github-api.ts';

export const MARKER = '<!-- race-element-preview -->';
/** The author of the workflows' comments: only its comment counts, whoever else quotes the marker. */
export const BOT = 'github-actions[bot]';

export type CommentText =
  | { kind: 'link'; sha: string; link: string; expires: string }
  | { kind: 'failed'; sha: string; runUrl: string }
  | { kind: 'removed' }
  | { kind: 'fork'; number: number; workflowUrl: string };

export function commentBody(text: CommentText): string {
  switch (text.kind) {
    case 'link':
      return `${MARKER}\n**Preview** of this pull request's content at ${text.sha}: ${text.link}\n\nThe link opens the whole site as this pull request would publish it, at addresses of its own under \`/_preview/\` (a cookie for those only, with a banner on every page), until ${text.expires} or until the pull request closes. Each push uploads the preview again and updates this comment; to renew the link without a push, re-run this workflow.`;
    case 'failed':
      return `${MARKER}\n**The preview of ${text.sha} failed**: the run's log and summary say why (${text.runUrl}). An earlier preview, if any, stays as it was.`;
    case 'removed':
      return `${MARKER}\nThe preview of this pull request was removed when it closed.`;
    case 'fork':
      return `${MARKER}\n**Preview:** this pull request comes from a fork, so no workflow runs its code with the site's secrets. A maintainer can preview its content: Actions → Preview → Run workflow (${text.workflowUrl}), pull request ${text.number} and the commit they reviewed. That run takes only content/ from this pull request and runs the default branch's code; the link then appears here. Each new push needs a new run.`;
  }
}

const Comment = z.object({ id: z.number(), body: z.string().nullable(), user: z.object({ login: z.string() }).nullable() });
type Comment = z.infer<typeof Comment>;

export const isPreviewComment = (comment: Comment): boolean => comment.user?.login === BOT && (comment.body ?? '').startsWith(MARKER);

/** Updates our comment, or creates it when `create`; says which it did. */
export async function writePreviewComment(
  api: GithubApi,
  repo: string,
  number: number,
  body: string,
  create: boolean,
): Promise<'updated' | 'created' | 'none'> {
  const comments = z.array(Comment).parse(await api.list(`/repos/${repo}/issues/${number}/comments?per_page=100`));
  const ours = comments.find(isPreviewComment);
  if (ours) {
    await api.send('PATCH', `/repos/${repo}/issues/comments/${ours.id}`, { body });
    return 'updated';
  }
  if (!create) return 'none';
  await api.send('POST', `/repos/${repo}/issues/${number}/comments`, { body });
  return 'created';
}

const Env = GithubEnv.extend({
  PR_NUMBER: z.string().regex(NUMBER).transform(Number),
  COMMENT: z.enum(['upload', 'removed', 'fork']),
  LINK: z.string().default(''),
  EXPIRES: z.string().default(''),
  SHA: z.string().default(''),
  RUN_URL: z.string().default(''),
  WORKFLOW_URL: z.string().default(''),
});

/** What the comment says for the step's inputs: an upload's link, or that it failed, when it gave none. */
export function textFor(env: z.infer<typeof Env>): CommentText {
  if (env.COMMENT === 'removed') return { kind: 'removed' };
  if (env.COMMENT === 'fork') return { kind: 'fork', number: env.PR_NUMBER, workflowUrl: env.WORKFLOW_URL };
  const sha = SHA.test(env.SHA) ? env.SHA : 'this pull request';
  return env.LINK ? { kind: 'link', sha, link: env.LINK, expires: env.EXPIRES } : { kind: 'failed', sha, runUrl: env.RUN_URL };
}

if (import.meta.main) {
  await runStep(async () => {
    const env = readEnv(Env);
    // A removal never creates a comment: a pull request without one had no preview to speak of.
    const done = await writePreviewComment(
      jobGithubApi(env),
      env.GITHUB_REPOSITORY,
      env.PR_NUMBER,
      commentBody(textFor(env)),
      env.COMMENT !== 'removed',
    );
    console.log(`Preview comment on pull request ${env.PR_NUMBER}: ${done}.`);
  });
}
