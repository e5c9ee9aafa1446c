/**
 * Empties the cache in front of the Worker of the pages a publish changed (contracts/edge-cache.ts) through the Worker's
 * purge route: right after the manifest write, and remotely again once every data centre reads it. I/O: HTTP, a wait.
 */
import { MAX_TAGS_PER_PURGE, purgeAnswerSchema } from '../../../contracts/edge-cache.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
import { chunks } from '../kv/kv-batches.ts';
import { live, stage } from './publish-error.ts';
import { type Log, post, type WorkerAddress } from './publish-lock.ts';
import { purgeLine } from './upload-report.ts';

/** A purge made right after the manifest write at `at` (ms), which the second purge repeats. */
export type Purged = { worker: WorkerAddress; tags: string[]; at: number };
/** A 200 is `ok: true` by the contract; a 502's `reason` goes into the error. */
const purgedAnswer = purgeAnswerSchema.refine((answer) => answer.ok);

/** POSTs `tags`, MAX_TAGS_PER_PURGE a request (none for none), then logs them; a refusal stops the publish, saying what is live. */
export async function purge(worker: WorkerAddress, tags: readonly string[], log: Log = () => {}, again = false): Promise<void> {
  const batches = chunks(tags, MAX_TAGS_PER_PURGE);
  for (const [i, batch] of batches.entries()) {
    const what = `cache purge of ${batch.length} tag(s)${batches.length > 1 ? ` (batch ${i + 1} of ${batches.length})` : ''}`;
    await stage(live.notPurged, () => post(worker, what, PUBLISH_PURGE_API_PATH, { tags: batch }, purgedAnswer, [200]));
  }
  if (tags.length > 0) log(purgeLine(tags, again));
}

/**
 * Once `seconds` have passed since the manifest write, the same tags again (0: no second purge): a data centre that
 * still read the old manifest after the first purge may have cached a page of it again.
 */
export async function purgeAgain(purged: Purged | null, seconds: number, log: Log): Promise<void> {
  if (!purged?.tags.length || seconds <= 0) return;
  const at = purged.at + seconds * 1000;
  log(`purging again at ${new Date(at).toTimeString().slice(0, 8)}, when every data centre reads the new manifest`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  await purge(purged.worker, purged.tags, log, true);
}
