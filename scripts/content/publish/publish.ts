/**
 * Carries out an upload plan in its order: bulk writes, the publish lock's compare-and-swap, manifest, the purge of the
 * cache in front of the Worker, bulk deletes. I/O: KV writes, the purge; how two uploads at once stay safe: docs/publishing.md.
 */
import { MANIFEST_TAG, purgeTagsFor } from '../../../contracts/edge-cache.ts';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { KvStore } from '../kv/kv-store.ts';
import type { UploadPlan } from './plan-upload.ts';
import { live, PublishStoppedError, stage } from './publish-error.ts';
import type { Log, PublishLock } from './publish-lock.ts';
import { type Purged, purge } from './purge.ts';

/** With `lock` null the caller is the store's only writer (a test's, the benchmark's), and no cache is purged. */
export async function publishPlan(store: KvStore, plan: UploadPlan, lock: PublishLock | null, log: Log): Promise<Purged | null> {
  const { previous, manifest, manifestChanged } = plan;
  const basedOn = previous?.version ?? null;
  await stage(
    () => live.manifestNotWritten(basedOn),
    async () => {
      await store.putMany(plan.writes);
      if (manifestChanged) await lock?.commit(basedOn, manifest.version);
    },
  );
  // A refusal certainly changed nothing (KvApiError.notApplied); a 5xx or no answer may have landed.
  const stopped = (error: { notApplied?: unknown } | null) =>
    new PublishStoppedError(
      error,
      error?.notApplied === true ? live.manifestRefused(basedOn) : live.manifestUnconfirmed(basedOn, manifest.version),
    );
  if (manifestChanged) await store.put(MANIFEST_KEY, JSON.stringify(manifest)).catch((error) => Promise.reject(stopped(error)));
  // The manifest's own cached answer changes with every manifest write; the pages' tags say which pages did.
  const tags = () => [...new Set([MANIFEST_TAG, ...purgeTagsFor(previous, manifest)])].sort();
  const purged = manifestChanged && lock ? { worker: lock.worker, tags: tags(), at: Date.now() } : null;
  if (purged) await purge(purged.worker, purged.tags, log);
  // Only keys no kept version names: pages still served from an older manifest never miss one.
  await stage(
    () => live.cleanupStopped(manifest.version, plan.deletes.length),
    () => store.deleteMany(plan.deletes),
  );
  return purged;
}
