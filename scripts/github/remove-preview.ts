/**
 * Preview workflows, once a pull request closes: removes its preview if it has one (`npm run upload -- --remote
 * --remove-preview pr-<number>`). In: PR_NUMBER and the upload's secrets; out: `removed`, the summary.
 */
import { spawnSync } from 'node:child_process';
import * as z from 'zod';
import { addSummary, NUMBER, readEnv, runStep, setOutputs } from './actions-io.ts';

export type Removal = 'removed' | 'absent' | 'failed';

/** The upload's exit status and output, read: a pull request never previewed has nothing to remove. */
export function removalOutcome(status: number | null, output: string, name: string): Removal {
  if (status === 0) return 'removed';
  return output.includes(`there is no preview named ${name} `) ? 'absent' : 'failed';
}

if (import.meta.main) {
  await runStep(async () => {
    const { PR_NUMBER } = readEnv(z.object({ PR_NUMBER: z.string().regex(NUMBER, 'a pull request number') }));
    const name = `pr-${PR_NUMBER}`;
    const run = spawnSync('npm', ['run', 'upload', '--', '--remote', '--remove-preview', name], { encoding: 'utf8' });
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    const outcome = removalOutcome(run.status, `${run.stdout}${run.stderr}`, name);
    if (outcome === 'failed') throw new Error(`removing preview ${name} failed: the log above says why.`);
    if (outcome === 'absent') addSummary(`Pull request ${PR_NUMBER} has no preview: nothing to remove.`);
    setOutputs({ removed: String(outcome === 'removed') });
  });
}
