/**
 * Carries out an upload plan in its order: bulk writes, the publish lock's compare-and-swap, manifest, bulk deletes.
 * I/O: KV writes; how two uploads at once stay safe: docs/publishing.md.
 */
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { KvStore } from '../kv/kv-store.ts';
import type { UploadPlan } from './plan-upload.ts';
import { live, PublishStoppedError, stage } from './publish-error.ts';
import type { PublishLock } from './publish-lock.ts';

/** With `lock` null the caller is the store's only writer (a test's, the benchmark's). */
export async function publishPlan(store: KvStore, plan: UploadPlan, lock: PublishLock | null): Promise<void> {
  await stage(
    () => live.manifestNotWritten(plan.basedOn),
    async () => {
      await store.putMany(plan.writes);
      if (plan.manifestChanged) await lock?.commit(plan.basedOn, plan.manifest.version);
    },
  );
  if (plan.manifestChanged) {
    try {
      await store.put(MANIFEST_KEY, JSON.stringify(plan.manifest));
    } catch (error) {
      // A refusal certainly changed nothing (KvApiError.notApplied); a 5xx or no answer may have landed.
      const refused = (error as { notApplied?: unknown } | null)?.notApplied === true;
      throw new PublishStoppedError(
        error,
        refused ? live.manifestRefused(plan.basedOn) : live.manifestUnconfirmed(plan.basedOn, plan.manifest.version),
      );
    }
  }
  // Only keys no kept version names: pages still served from an older manifest never miss one.
  await stage(
    () => live.cleanupStopped(plan.manifest.version, plan.deletes.length),
    () => store.deleteMany(plan.deletes),
  );
}
