/**
 * The upload's side of the publish lock (worker/publishing/): claim, compare-and-swap of the live version, release.
 * I/O: HTTP requests to the Worker, local (`npm start`'s or the upload's own) or remote.
 */
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { LOCK_TTL_SECONDS, type LockAnswer, lockAnswerSchema } from '../../../contracts/publish-lock.ts';
import { PUBLISH_CLAIM_API_PATH, PUBLISH_COMMIT_API_PATH, PUBLISH_RELEASE_API_PATH } from '../../../contracts/routes.ts';
import { live, stage, UploadConflictError } from './publish-error.ts';

/** PUBLISH_SECRET of every local Worker this project runs (npm start's, the upload's own, tests'): never a real one. */
export const LOCAL_PUBLISH_SECRET = 'race-element-local-publish-only';

const REQUEST_TIMEOUT_MS = 15_000;

export interface PublishLockOptions {
  /** The Worker's origin: SITE_URL or PUBLISH_URL remotely, a loopback address locally. */
  origin: string;
  /** The Worker's PUBLISH_SECRET. */
  secret: string;
  /** The id of the KV namespace published to: its lock. */
  namespace: string;
}

/** Held by one upload: its compare-and-swap of the live version, and the release. */
export interface PublishLock {
  /** `version` becomes live, planned against `basedOn`, or UploadConflictError saying why not and what is live. */
  commit(basedOn: number | null, version: number): Promise<void>;
  /** A note when the release failed, else null. */
  release(): Promise<string | null>;
}
export type TakeLock = () => Promise<PublishLock>;

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

/** One call to the lock: its answer, or an Error naming the route, the status and why. */
async function call(options: PublishLockOptions, path: string, body: object): Promise<LockAnswer> {
  const url = new URL(path, options.origin);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Error(`publish lock: POST ${url} failed (${url.host}: ${cause}).`);
  }
  const copy = response.clone();
  const json: unknown = await response.json().catch(() => null);
  const answer = lockAnswerSchema.safeParse(json);
  if ((response.status === 200 || response.status === 409) && answer.success) return answer.data;
  const { error } = (json ?? {}) as { error?: unknown };
  // hono's bearerAuth answers 401 in plain text.
  const why = response.status === 401 ? "the bearer token is not the Worker's PUBLISH_SECRET" : error;
  const detail = typeof why === 'string' ? why : (await copy.text()).slice(0, 200);
  throw new Error(`publish lock: POST ${url} answered ${response.status}: ${detail.replace(/\.?$/, '.')}`);
}

/** Takes the lock, or throws UploadConflictError naming its holder; nothing is written before. */
export async function takePublishLock(options: PublishLockOptions): Promise<PublishLock> {
  // Unique per upload, so that two in one process exclude each other too.
  const holder = `${machineUser()} (pid ${process.pid}, ${randomUUID().slice(0, 8)})`;
  const { namespace } = options;
  const claimed = await call(options, PUBLISH_CLAIM_API_PATH, { namespace, holder });
  if (!claimed.ok)
    throw new UploadConflictError(
      `${claimed.reason}: nothing was written. Run the upload again when it is done; a crashed upload's lock lapses within ${LOCK_TTL_SECONDS} s.`,
    );
  return {
    async commit(basedOn, version) {
      const answer = await call(options, PUBLISH_COMMIT_API_PATH, { namespace, holder, basedOn, version });
      if (!answer.ok)
        throw new UploadConflictError(
          `the publish lock refused version ${version}: ${answer.reason}. This upload wrote no manifest (entries it wrote stay unused until a manifest names them).`,
        );
    },
    async release() {
      try {
        await call(options, PUBLISH_RELEASE_API_PATH, { namespace, holder });
        return null;
      } catch (error) {
        return `the publish lock was not released (${(error as Error).message}): it lapses by itself within ${LOCK_TTL_SECONDS} s, and other uploads are refused until then.`;
      }
    },
  };
}

/** Runs `body` holding the lock `take` takes (none: `take` null, for a dry run or a store only the caller writes), then releases it. */
export async function withPublishLock<T>(
  take: TakeLock | null,
  log: (line: string) => void,
  body: (lock: PublishLock | null) => Promise<T>,
): Promise<T> {
  const lock = take && (await stage(() => live.nothingPublished(undefined), take));
  try {
    return await body(lock);
  } finally {
    const note = await lock?.release();
    if (note) log(note);
  }
}
