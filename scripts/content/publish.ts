/**
 * Carries out an upload plan against a KV store, in the plan's order: writes, manifest,
 * deletes. Reports each step through `onStep` so the command line can show progress.
 *
 * Two uploads at once must not leave a manifest naming keys the other one deleted. So:
 * - compare-and-swap on the manifest version: right before writing the manifest, it is read
 *   again; if its version is not the one the plan was made against, the upload stops with an
 *   UploadConflictError and writes no manifest (what it already wrote are unnamed, immutable
 *   keys that a later upload removes);
 * - the clean-up runs only while the manifest in KV is still the one this upload wrote;
 * - `guard` (the upload lock, upload.ts) is checked before the manifest is written.
 * Workers KV has no transactions, so a window of a few milliseconds remains between that
 * re-read and the write; the lock makes two uploads meeting in it unlikely, and the one that
 * loses is reported by the next run's `--verify`.
 */
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import type { KvStore } from './kv-store.ts';
import type { UploadPlan } from './plan-upload.ts';

export type PublishStep =
  | { kind: 'write'; key: string }
  | { kind: 'manifest'; version: number }
  | { kind: 'delete'; key: string }
  | { kind: 'cleanup-skipped'; reason: string };

/** Another upload published, or holds the lock: this one stopped before writing the manifest. */
export class UploadConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadConflictError';
  }
}

export interface PublishGuard {
  /** Throws UploadConflictError when this upload may no longer publish. */
  check(): Promise<void>;
}

/** How many KV writes run at once: enough to hide latency, few enough for API rate limits. */
const CONCURRENCY = 8;

export async function publishPlan(
  store: KvStore,
  plan: UploadPlan,
  onStep: (step: PublishStep) => void = () => {},
  guard?: PublishGuard,
): Promise<void> {
  await inBatches(plan.writes, async ({ key, value }) => {
    await store.put(key, value);
    onStep({ kind: 'write', key });
  });
  if (plan.manifestChanged) {
    await guard?.check();
    const current = await manifestStamp(store);
    if (current.version !== plan.basedOn) {
      throw new UploadConflictError(
        `the manifest changed while this upload ran (planned against ${versionName(plan.basedOn)}, KV now holds ${versionName(current.version)}): ` +
          'no manifest was written. Run the upload again.',
      );
    }
    await store.put(MANIFEST_KEY, JSON.stringify(plan.manifest));
    onStep({ kind: 'manifest', version: plan.manifest.version });
  }
  if (plan.deletes.length === 0) return;
  const now = await manifestStamp(store);
  if (now.version !== plan.manifest.version || now.publishedAt !== plan.manifest.publishedAt) {
    onStep({ kind: 'cleanup-skipped', reason: `the manifest is now ${versionName(now.version)}, written by another upload` });
    return;
  }
  await inBatches(plan.deletes, async (key) => {
    await store.delete(key);
    onStep({ kind: 'delete', key });
  });
}

const versionName = (version: number | null | undefined): string => (version === null ? 'no manifest' : version === undefined ? 'an unreadable manifest' : `manifest v${version}`);

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

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY) {
    await Promise.all(items.slice(i, i + CONCURRENCY).map(run));
  }
}
