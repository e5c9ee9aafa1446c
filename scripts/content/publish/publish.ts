/**
 * Carries out an upload plan in its order: bulk writes, manifest, bulk deletes, each step reported.
 * I/O: KV reads and writes; how two uploads at once stay safe: docs/publishing.md.
 */
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { KvStore } from '../kv/kv-store.ts';
import type { UploadPlan } from './plan-upload.ts';
import { certainlyNotApplied, live, PublishStoppedError, stage, UploadConflictError } from './publish-error.ts';

export { UploadConflictError } from './publish-error.ts';

export type PublishStep =
  | { kind: 'write'; key: string }
  | { kind: 'manifest-sent'; version: number }
  | { kind: 'manifest'; version: number }
  | { kind: 'delete'; key: string }
  | { kind: 'cleanup-skipped'; reason: string };

export interface PublishGuard {
  /** Throws UploadConflictError when this upload may no longer publish. */
  check(): Promise<void>;
  /** Reserves `version` as the one after `basedOn`, atomically, or throws UploadConflictError. */
  reserve?(basedOn: number | null, version: number): Promise<void>;
}

/** Waits between reads of a manifest just written that still reads as the previous one. */
const VISIBILITY_WAITS_MS = [250, 500, 1000, 2000, 4000];

export async function publishPlan(
  store: KvStore,
  plan: UploadPlan,
  onStep: (step: PublishStep) => void = () => {},
  guard?: PublishGuard,
): Promise<void> {
  const beforeManifest = () => live.manifestNotWritten(plan.basedOn);
  const reserve = guard?.reserve?.bind(guard);
  if (plan.manifestChanged && reserve)
    await stage(
      () => live.nothingPublished(plan.basedOn),
      () => reserve(plan.basedOn, plan.manifest.version),
    );
  await stage(beforeManifest, () => store.putMany(plan.writes));
  for (const { key } of plan.writes) onStep({ kind: 'write', key });
  if (plan.manifestChanged) {
    await stage(beforeManifest, async () => {
      await guard?.check();
      const current = await manifestStamp(store);
      if (current.version !== plan.basedOn) {
        throw new UploadConflictError(
          `the manifest changed while this upload ran (planned against ${versionName(plan.basedOn)}, KV now holds ${versionName(current.version)}): ` +
            'no manifest was written. Run the upload again.',
        );
      }
    });
    onStep({ kind: 'manifest-sent', version: plan.manifest.version });
    try {
      await store.put(MANIFEST_KEY, JSON.stringify(plan.manifest));
    } catch (error) {
      throw new PublishStoppedError(
        error,
        certainlyNotApplied(error) ? live.manifestRefused(plan.basedOn) : live.manifestUnconfirmed(plan.basedOn, plan.manifest.version),
      );
    }
    onStep({ kind: 'manifest', version: plan.manifest.version });
  }
  if (plan.deletes.length === 0) return;
  const afterManifest = () => live.cleanupStopped(plan.manifest.version, plan.deletes.length);
  let now = await stage(afterManifest, () => manifestStamp(store));
  for (const wait of VISIBILITY_WAITS_MS) {
    if (!plan.manifestChanged || now.version !== plan.basedOn) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    now = await stage(afterManifest, () => manifestStamp(store));
  }
  if (plan.manifestChanged && now.version === plan.basedOn) {
    onStep({
      kind: 'cleanup-skipped',
      reason: `the manifest written does not read back yet (KV still shows ${versionName(now.version)}); the next upload deletes the ${plan.deletes.length} stale key(s)`,
    });
    return;
  }
  if (now.version !== plan.manifest.version || now.publishedAt !== plan.manifest.publishedAt) {
    onStep({ kind: 'cleanup-skipped', reason: `the manifest is now ${versionName(now.version)}, written by another upload` });
    return;
  }
  await stage(afterManifest, () => store.deleteMany(plan.deletes));
  for (const key of plan.deletes) onStep({ kind: 'delete', key });
}

const versionName = (version: number | null | undefined): string =>
  version === null ? 'no manifest' : version === undefined ? 'an unreadable manifest' : `manifest v${version}`;

/** Version and time of the manifest in KV: null when there is none, undefined when unreadable. */
async function manifestStamp(store: KvStore): Promise<{ version: number | null | undefined; publishedAt?: string }> {
  const raw = await store.get(MANIFEST_KEY);
  if (raw === null) return { version: null };
  try {
    const parsed = JSON.parse(raw) as { version?: unknown; publishedAt?: unknown };
    if (typeof parsed.version !== 'number') return { version: undefined };
    return { version: parsed.version, publishedAt: typeof parsed.publishedAt === 'string' ? parsed.publishedAt : undefined };
  } catch {
    return { version: undefined };
  }
}
