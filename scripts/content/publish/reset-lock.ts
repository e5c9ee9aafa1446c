/**
 * `npm run upload -- --remote --reset-lock`: clears a publish lock that remembers a version the namespace no longer
 * has, safely (docs/publishing.md). I/O: the publish lock's endpoints, one KV read.
 */
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import { manifestSchema, parseStored } from '../../../contracts/kv-values.ts';
import { PUBLISH_LEASE_API_PATH, PUBLISH_RELEASE_API_PATH, PUBLISH_RESET_API_PATH } from '../../../contracts/routes.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { UploadConflictError } from './publish-error.ts';
import { call, KV_SETTLE_SECONDS, LEASE_TTL_SECONDS, type PublishLeaseOptions, RESET_LOCK_COMMAND } from './publish-lease-client.ts';

export interface ResetLockOptions extends PublishLeaseOptions {
  store: KvStore;
  log: (line: string) => void;
  /** How old the remembered reservation must be (default KV_SETTLE_SECONDS). */
  settleSeconds?: number;
}

const name = (version: number | null) => (version === null ? 'none' : `v${version}`);

export async function resetPublishLock({ store, log, settleSeconds = KV_SETTLE_SECONDS, ...lock }: ResetLockOptions): Promise<void> {
  const { holder } = lock;
  const taken = await call(lock, PUBLISH_LEASE_API_PATH, { holder, ttlSeconds: LEASE_TTL_SECONDS });
  if (!taken.ok)
    throw new UploadConflictError(
      `another upload holds the publish lock (${taken.reason}): nothing was changed. Run ${RESET_LOCK_COMMAND} again when it is done.`,
    );
  try {
    const remembered = taken.reserved;
    if (remembered === undefined || remembered === null)
      throw new UploadConflictError(
        'the publish lock remembers no version (or this Worker does not say which): nothing to reset, nothing was changed.',
      );
    const raw = await store.get(MANIFEST_KEY);
    const has = raw === null ? null : parseStored(manifestSchema, raw, 'the manifest in KV').version;
    const shows = has === null ? 'no manifest' : `manifest v${has}`;
    if (has !== null && has >= remembered)
      throw new UploadConflictError(
        `the namespace has ${shows}, at or above the v${remembered} the publish lock remembers: the lock is not stale, nothing was changed.`,
      );
    const ago = taken.reservedSecondsAgo;
    if (ago !== undefined && ago !== null && ago < settleSeconds)
      throw new UploadConflictError(
        `the publish lock reserved v${remembered} ${ago} s ago, and KV may not show its manifest yet (this namespace shows ${shows}): nothing was changed. ` +
          `If it still does in ${settleSeconds - ago} s, run ${RESET_LOCK_COMMAND} again.`,
      );
    const reset = await call(lock, PUBLISH_RESET_API_PATH, { holder, from: remembered, to: has });
    if (!reset.ok) throw new UploadConflictError(`the publish lock refused the reset (${reset.reason}): nothing was changed.`);
    log(
      `The publish lock remembered v${remembered}, which this namespace does not have (${shows}); it now remembers ${name(has)}, ` +
        `so the next upload publishes v${(has ?? 0) + 1}.`,
    );
  } finally {
    await call(lock, PUBLISH_RELEASE_API_PATH, { holder, outcome: 'not-published' }).catch(() => {});
  }
}
