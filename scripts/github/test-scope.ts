/**
 * Test workflow: whether a push or pull request changes only content/ (then the content check alone runs) or
 * anything else (the whole suite). In: GitHub's env and the event's commits; out: `scope=content|all`.
 */
import * as z from 'zod';
import { addSummary, readEnv, runStep, SHA, setOutputs } from './actions-io.ts';
import { changedPaths, hasCommit, onlyContent } from './changes.ts';

export type TestScope = 'content' | 'all';

const Env = z.object({
  GITHUB_EVENT_NAME: z.string(),
  GITHUB_SHA: z.string().regex(SHA),
  /** A push's commit before it: all zeros for a new branch. */
  BEFORE: z.string().optional(),
  /** A pull request's base and head commits. */
  BASE_SHA: z.string().optional(),
  HEAD_SHA: z.string().optional(),
});
type Env = z.infer<typeof Env>;

/** The `git diff` revisions of what the event brings, or null when there is no usable base (run everything). */
export function eventRange(env: Env, commitExists: (sha: string) => boolean): string[] | null {
  if (env.GITHUB_EVENT_NAME === 'pull_request') {
    const { BASE_SHA: base, HEAD_SHA: head } = env;
    return base && head && SHA.test(base) && SHA.test(head) && commitExists(base) ? [`${base}...${head}`] : null;
  }
  if (env.GITHUB_EVENT_NAME !== 'push') return null;
  const before = env.BEFORE ?? '';
  return SHA.test(before) && /[^0]/.test(before) && commitExists(before) ? [before, env.GITHUB_SHA] : null;
}

export const testScope = (paths: readonly string[] | null): TestScope => (paths && onlyContent(paths) ? 'content' : 'all');

if (import.meta.main) {
  await runStep(async () => {
    const range = eventRange(readEnv(Env), (sha) => hasCommit(sha));
    const scope = testScope(range && changedPaths(range));
    setOutputs({ scope });
    addSummary(
      scope === 'content'
        ? 'Only content/ changed: the content check runs (`npm run check:content`).'
        : 'Code, docs or an unknown base: the whole suite runs (`npm test`).',
    );
  });
}
