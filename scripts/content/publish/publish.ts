/** Carries out an upload plan: writes, the lock's compare-and-swap, the root, the Worker's purge, deletes (docs/publishing.md). I/O: KV. */
import { coalescedTags, MANIFEST_TAG, purgeTagsFor } from '../../../contracts/edge-cache.ts';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { PurgeAnswer } from '../../../contracts/publish-lock.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { withProgress } from '../progress.ts';
import type { UploadPlan } from './plan-upload.ts';
import { live, stage } from './publish-error.ts';
import type { Log, PublishLock } from './publish-lock.ts';
import { purgeCommand, requestPurge } from './purge.ts';

/** The tags handed the Worker to purge from the cache in front of it, and what it answered; none without a lock or a change. */
export type Purged = { purged: string[]; purge: PurgeAnswer | null };

export const NOT_PURGED: Purged = { purged: [], purge: null };

/** With `lock` null the caller is the store's only writer (a test's, the benchmark's), and no cache is purged. */
export async function publishPlan(store: KvStore, plan: UploadPlan, lock: PublishLock | null, log: Log): Promise<Purged> {
  const { previous, manifest, manifestChanged } = plan;
  const basedOn = previous?.version ?? null;
  // The manifest's own cached answer changes with every manifest write; the pages' tags say which pages did. The
  // commit hands them to the Worker, which purges them again once KV has settled even if this upload stops.
  const tags = manifestChanged ? coalescedTags([...new Set([MANIFEST_TAG, ...purgeTagsFor(previous, manifest)])].sort()) : [];
  await stage(
    () => live.manifestNotWritten(basedOn),
    async () => {
      await withProgress(log, 'KV writes', plan.writes.length, 'value', (advance) => store.putMany(plan.writes, advance));
      if (manifestChanged) await lock?.commit(basedOn, manifest.version, tags);
    },
  );
  // A refusal certainly changed nothing (KvApiError.notApplied); a 5xx or no answer may have landed.
  const unwritten = (error: unknown) =>
    (error as { notApplied?: unknown } | null)?.notApplied === true
      ? live.manifestRefused(basedOn)
      : live.manifestUnconfirmed(basedOn, manifest.version);
  const { root } = plan;
  if (manifestChanged && root) await stage(unwritten, () => store.put(MANIFEST_KEY, JSON.stringify(root)));
  const purge = async ({ worker }: PublishLock) =>
    stage(
      () => live.notPurged(manifest.version, purgeCommand(worker)),
      () => requestPurge(worker, manifest.version, tags, log),
    );
  const purged = manifestChanged && lock ? { purged: tags, purge: await purge(lock) } : NOT_PURGED;
  // Only keys no kept version names: pages still served from an older manifest never miss one.
  await stage(
    () => live.cleanupStopped(manifest.version, plan.deletes.length),
    () => store.deleteMany(plan.deletes),
  );
  return purged;
}
