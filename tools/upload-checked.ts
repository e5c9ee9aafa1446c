/** The real upload into a local store, failing with each content problem: what bench and tests publish with. I/O: the upload's. */
import { type UploadOptions, type UploadOutcome, uploadContent } from '../scripts/content/publish/upload.ts';
import { formatProblem } from '../scripts/content/source/problems.ts';

/** `uploadContent`, whose refusal is an error naming every problem. */
export async function uploadChecked(options: UploadOptions): Promise<Extract<UploadOutcome, { ok: true }>> {
  const outcome = await uploadContent(options);
  if (!outcome.ok) throw new Error(`the content does not upload: ${outcome.problems.map(formatProblem).join('; ')}`);
  return outcome;
}
