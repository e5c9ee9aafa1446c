/**
 * Empties the cache in front of the Worker of the pages a publish changed and of the manifest (contracts/edge-cache.ts)
 * through the Worker's purge route: right after the manifest write, and remotely again once every data centre reads it.
 * I/O: HTTP, waits.
 */
import { MANIFEST_TAG, MAX_TAGS_PER_PURGE, type PurgesAgain, purgeAnswerSchema } from '../../../contracts/edge-cache.ts';
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
 * The purges after the first (`again`; null: none): a data centre that still read the old manifest after the first may
 * have cached it, and pages of it, again. Once KV shows the new manifest everywhere, the manifest; once every isolate's
 * memo of it has run out, the same tags as the first.
 */
export async function purgeAgain(purged: Purged | null, again: PurgesAgain | null, log: Log): Promise<void> {
  if (!purged?.tags.length || !again) return;
  const when = (seconds: number) => purged.at + seconds * 1000;
  const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  const clock = (at: number) => new Date(at).toTimeString().slice(0, 8);
  log(
    `purging the manifest again at ${clock(when(again.manifestAfterSeconds))}, when every data centre reads the new one, and the pages at ${clock(when(again.pagesAfterSeconds))}`,
  );
  await until(when(again.manifestAfterSeconds));
  await purge(purged.worker, [MANIFEST_TAG], log, true);
  await until(when(again.pagesAfterSeconds));
  await purge(purged.worker, purged.tags, log, true);
}
