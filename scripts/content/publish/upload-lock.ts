/**
 * The local upload's lock: the KV key `lock/upload` with an expiry; a lock held stops an upload before it writes.
 * Remote uploads take the publish lock instead (publish-lease-client.ts). I/O: KV reads and writes.
 */
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { LOCK_KEY } from '../../../contracts/kv-keys.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { type PublishGuard, type PublishStep, UploadConflictError } from './publish.ts';
import { certainlyNotApplied, live, PublishStoppedError, stage } from './publish-error.ts';

/** Workers KV's shortest expiry is 60 s; an upload of this site takes a few seconds. */
const LOCK_TTL_SECONDS = 120;

interface LockValue {
  id: string;
  holder: string;
  startedAt: string;
  expiresAt: string;
}

/** Whether this upload's manifest landed, as far as it knows: the Durable Object lock needs it (publish-lease-client.ts). */
export type ReleaseOutcome = 'published' | 'not-published' | 'unknown';

export interface UploadLock extends PublishGuard {
  /** Gives the lock up if it is still this upload's; never throws: says why when it could not. */
  release(outcome?: ReleaseOutcome): Promise<string | null>;
}

function parseLock(raw: string | null): LockValue | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<LockValue>;
    return typeof value.id === 'string' && typeof value.expiresAt === 'string'
      ? { id: value.id, holder: String(value.holder ?? 'unknown'), startedAt: String(value.startedAt ?? '?'), expiresAt: value.expiresAt }
      : null;
  } catch {
    return null;
  }
}

/** `user@host` of this machine: who published, in the lock and the history. */
export function machineUser(): string {
  let user = 'someone';
  try {
    user = userInfo().username;
  } catch {
    // No user name in some containers.
  }
  return `${user}@${hostname()}`;
}

const whoAmI = (): string => `${machineUser()} (pid ${process.pid})`;

/** Takes the lock at time `now` (ISO), or throws UploadConflictError naming who holds it. */
export async function acquireUploadLock(store: KvStore, now: string): Promise<UploadLock> {
  const held = parseLock(await store.get(LOCK_KEY));
  if (held && Date.parse(held.expiresAt) > Date.parse(now)) {
    throw new UploadConflictError(
      `another upload holds ${LOCK_KEY} (${held.holder}, started ${held.startedAt}, expires ${held.expiresAt}): nothing was written. ` +
        `Run the upload again when it is done; if it crashed, wait for the expiry or delete the key ${LOCK_KEY}.`,
    );
  }
  const mine: LockValue = {
    id: randomUUID(),
    holder: whoAmI(),
    startedAt: now,
    expiresAt: new Date(Date.parse(now) + LOCK_TTL_SECONDS * 1000).toISOString(),
  };
  await store.put(LOCK_KEY, JSON.stringify(mine), { expirationTtl: LOCK_TTL_SECONDS });
  const check = async () => {
    const current = parseLock(await store.get(LOCK_KEY));
    // Expired and gone is fine (the manifest compare-and-swap still guards); taken is not.
    if (current && current.id !== mine.id && Date.parse(current.expiresAt) > Date.parse(now)) {
      throw new UploadConflictError(
        `another upload (${current.holder}, started ${current.startedAt}) took ${LOCK_KEY}: no manifest was written. Run the upload again.`,
      );
    }
  };
  // Two uploads that both found the key free: the one whose write was overwritten stops here.
  await check();
  return {
    check,
    async release() {
      try {
        if (parseLock(await store.get(LOCK_KEY))?.id === mine.id) await store.delete(LOCK_KEY);
        return null;
      } catch (error) {
        return `the lock ${LOCK_KEY} was not released (${(error as Error).message}): it expires by itself at ${mine.expiresAt}, and other uploads are refused until then.`;
      }
    },
  };
}

/** Follows an upload's steps to tell the lock, at release, whether its manifest landed. Pure. */
export function manifestTracker(): { see(step: PublishStep): void; outcome(failure?: unknown): ReleaseOutcome } {
  let sent = false;
  let landed = false;
  return {
    see(step) {
      if (step.kind === 'manifest-sent') sent = true;
      if (step.kind === 'manifest') landed = true;
    },
    outcome(failure) {
      if (landed) return 'published';
      if (!sent) return 'not-published';
      const cause = failure instanceof PublishStoppedError ? failure.cause : failure;
      return certainlyNotApplied(cause) ? 'not-published' : 'unknown';
    },
  };
}

/**
 * Runs `body` holding the upload lock that `take` takes (none for a dry run, `take` null), then releases it saying
 * what became of the manifest, whatever `body` did; the release's note goes to `log`.
 */
export async function withUploadLock<T>(
  take: () => Promise<UploadLock>,
  log: (line: string) => void,
  body: (lock: UploadLock, see: (step: PublishStep) => void) => Promise<T>,
): Promise<T>;
export async function withUploadLock<T>(
  take: (() => Promise<UploadLock>) | null,
  log: (line: string) => void,
  body: (lock: UploadLock | null, see: (step: PublishStep) => void) => Promise<T>,
): Promise<T>;
export async function withUploadLock<T>(
  take: (() => Promise<UploadLock>) | null,
  log: (line: string) => void,
  body: (lock: UploadLock, see: (step: PublishStep) => void) => Promise<T>,
): Promise<T> {
  const lock = take && (await stage(() => live.nothingPublished(undefined), take));
  const tracker = manifestTracker();
  let failure: unknown;
  try {
    return await body(lock as UploadLock, tracker.see);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    const note = await lock?.release(tracker.outcome(failure));
    if (note) log(note);
  }
}

/** What a command that writes under the upload lock takes, besides its own options. */
export interface LockedCommandOptions {
  store: KvStore;
  now?: string;
  log?: (line: string) => void;
  /** Takes the upload lock, as in upload.ts (default the KV lock). */
  lock?: (now: string) => Promise<UploadLock>;
}

/** What the body of such a command runs with: the lock held, the step tracker, and its options' time and log. */
export interface UnderLock {
  lock: UploadLock;
  see: (step: PublishStep) => void;
  now: string;
  log: (line: string) => void;
}

/** withUploadLock for such a command: the time (default now), its log (default silent) and its lock are filled in. */
export function underUploadLock<T>(
  { store, now = new Date().toISOString(), log = () => {}, lock: take = (at) => acquireUploadLock(store, at) }: LockedCommandOptions,
  body: (held: UnderLock) => Promise<T>,
): Promise<T> {
  return withUploadLock(
    () => take(now),
    log,
    (lock, see) => body({ lock, see, now, log }),
  );
}
