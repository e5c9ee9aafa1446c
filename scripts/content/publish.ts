/**
 * Carries out an upload plan against a KV store, in the plan's order: writes, manifest,
 * deletes. Reports each step through `onStep` so the command line can show progress.
 */
import { MANIFEST_KEY } from '../../worker/kv-schema.ts';
import type { KvStore } from './kv-store.ts';
import type { UploadPlan } from './plan-upload.ts';

export type PublishStep =
  | { kind: 'write'; key: string }
  | { kind: 'manifest'; version: number }
  | { kind: 'delete'; key: string };

/** How many KV writes run at once: enough to hide latency, few enough for API rate limits. */
const CONCURRENCY = 8;

export async function publishPlan(store: KvStore, plan: UploadPlan, onStep: (step: PublishStep) => void = () => {}): Promise<void> {
  await inBatches(plan.writes, async ({ key, value }) => {
    await store.put(key, value);
    onStep({ kind: 'write', key });
  });
  if (plan.manifestChanged) {
    await store.put(MANIFEST_KEY, JSON.stringify(plan.manifest));
    onStep({ kind: 'manifest', version: plan.manifest.version });
  }
  await inBatches(plan.deletes, async (key) => {
    await store.delete(key);
    onStep({ kind: 'delete', key });
  });
}

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY) {
    await Promise.all(items.slice(i, i + CONCURRENCY).map(run));
  }
}
