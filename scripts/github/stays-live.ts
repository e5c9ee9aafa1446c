/**
 * Publish workflow, after a failure: what the site serves now, by the outcomes of the deploy and upload steps.
 * In: DEPLOYED, UPLOADED (`success`, `failure`, `skipped`, `cancelled` or empty); out: the job summary.
 */
import * as z from 'zod';
import { addSummary, readEnv, runStep } from './actions-io.ts';

const Outcome = z.enum(['success', 'failure', 'skipped', 'cancelled', '']);
type Outcome = z.infer<typeof Outcome>;

/** The summary's Markdown; null when the upload's own summary already says what stays live. */
export function staysLive(deployed: Outcome, uploaded: Outcome): string | null {
  if (deployed === 'failure')
    return '### Deploy failed\n\nThe Worker deployed before this run stays live, serving the content live before it: nothing was uploaded. The log of "Deploy the Worker" says why.';
  if (uploaded === 'failure')
    return deployed === 'success'
      ? "The Worker of this commit was deployed and is live; its content is what the upload's summary above says stays live."
      : null;
  if (deployed === 'success')
    return `### Upload did not finish\n\nThe Worker of this commit was deployed and is live; the upload ended ${uploaded || 'unrun'}, so the content live before it stays live unless the upload's log says its manifest was written.`;
  return '### Failed before publishing\n\nNothing was deployed or uploaded: the site is unchanged.';
}

if (import.meta.main) {
  await runStep(async () => {
    const env = readEnv(z.object({ DEPLOYED: Outcome.default(''), UPLOADED: Outcome.default('') }));
    const text = staysLive(env.DEPLOYED, env.UPLOADED);
    if (text) addSummary(text);
  });
}
