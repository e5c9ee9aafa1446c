/**
 * The upload's side of the publish lock (worker/publishing/): lease, version reservation, renewal, release.
 * I/O: HTTPS requests to the Worker.
 */
import {
  type CommitRequest,
  type LeaseRequest,
  type LockAnswer,
  lockAnswerSchema,
  type ReleaseRequest,
  type ResetRequest,
} from '../../../contracts/publish-lease.ts';
import { PUBLISH_COMMIT_API_PATH, PUBLISH_LEASE_API_PATH, PUBLISH_RELEASE_API_PATH } from '../../../contracts/routes.ts';
import { UploadConflictError } from './publish-error.ts';
import type { ReleaseOutcome, UploadLock } from './upload-lock.ts';

/** The one command that clears a stale publish lock (reset-lock.ts). */
export const RESET_LOCK_COMMAND = 'npm run upload -- --remote --reset-lock';
/** Workers KV shows a write everywhere within this long: a version reserved more recently may just not be visible yet. */
export const KV_SETTLE_SECONDS = 60;

/** Longer than any upload of this site takes between renewals; a crashed one blocks others this long at most. */
export const LEASE_TTL_SECONDS = 120;
const REQUEST_TIMEOUT_MS = 15_000;

export interface PublishLeaseOptions {
  /** The Worker's origin: SITE_URL, or PUBLISH_URL to override it. */
  origin: string;
  /** The Worker secret PUBLISH_SECRET. */
  secret: string;
  /** Who this upload is, as other uploads are told: `user@host (pid N)`. */
  holder: string;
  fetch?: typeof fetch;
}

type Body = LeaseRequest | CommitRequest | ReleaseRequest | ResetRequest;

/** One call to the lock: its answer, or an Error naming the endpoint, the status and why. */
export async function call(options: PublishLeaseOptions, path: string, body: Body): Promise<LockAnswer> {
  const url = new URL(path, options.origin);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Error(`publish lock: POST ${url} failed (${url.host}: ${cause}).`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status === 200 || response.status === 409) {
    const answer = lockAnswerSchema.safeParse(json);
    if (answer.success) return answer.data;
  }
  const error = (json as { error?: unknown } | undefined)?.error;
  throw new Error(`publish lock: POST ${url} answered ${response.status}: ${typeof error === 'string' ? error : text.slice(0, 200)}`);
}

/**
 * What to do about a refused version. The lock remembering a version above the manifest the
 * upload read is a manifest KV does not show yet (one published moments ago: run again), or a
 * stale lock: the namespace was recreated or its manifest removed, and every upload would stop
 * here forever. Pure.
 */
export function refusalAdvice(basedOn: number | null, answer: { reserved?: number | null; reservedSecondsAgo?: number | null }): string {
  const remembered = answer.reserved;
  if (remembered === undefined || remembered === null || (basedOn !== null && basedOn >= remembered)) return 'Run the upload again.';
  const shows = basedOn === null ? 'it has no manifest' : `its manifest is v${basedOn}`;
  const stale =
    `If this namespace was recreated or its manifest removed, the lock is stale (it remembers v${remembered}, the namespace ` +
    `shows none of it: ${shows}) and every upload stops here: clear it with \`${RESET_LOCK_COMMAND}\`, which refuses while the ` +
    `namespace has v${remembered} or later, then upload again.`;
  const ago = answer.reservedSecondsAgo;
  if (ago !== undefined && ago !== null && ago < KV_SETTLE_SECONDS)
    return `Run the upload again: v${remembered} was reserved ${ago} s ago, and KV shows a new manifest everywhere within ${KV_SETTLE_SECONDS} s. ${stale}`;
  return `A stale publish lock: it remembers v${remembered}, reserved ${ago === undefined || ago === null ? 'at an unknown time' : `${ago} s ago`}, which this namespace does not have (${shows}), so running the upload again gives the same refusal. The namespace was recreated or its manifest removed: clear the lock with \`${RESET_LOCK_COMMAND}\` (it refuses while the namespace has v${remembered} or later), then upload again.`;
}

/** Takes the lease or throws UploadConflictError naming its holder; nothing is written before. */
export async function acquirePublishLease(options: PublishLeaseOptions): Promise<UploadLock> {
  const { holder } = options;
  const taken = await call(options, PUBLISH_LEASE_API_PATH, { holder, ttlSeconds: LEASE_TTL_SECONDS });
  if (!taken.ok) {
    throw new UploadConflictError(
      `another upload holds the publish lock (${taken.reason}): nothing was written. Run the upload again when it is done; a crashed one's lease expires by itself.`,
    );
  }
  let reserved: number | undefined;
  return {
    async reserve(basedOn, version) {
      const answer = await call(options, PUBLISH_COMMIT_API_PATH, { holder, basedOn, version });
      if (!answer.ok)
        throw new UploadConflictError(
          `the publish lock refused version ${version} (${answer.reason}): nothing was written. ${refusalAdvice(basedOn, answer)}`,
        );
      reserved = version;
    },
    async check() {
      const answer = await call(options, PUBLISH_LEASE_API_PATH, {
        holder,
        ttlSeconds: LEASE_TTL_SECONDS,
        ...(reserved === undefined ? {} : { reserved }),
      });
      if (!answer.ok)
        throw new UploadConflictError(
          `this upload lost the publish lock (${answer.reason}): no manifest was written. Run the upload again.`,
        );
    },
    async release(outcome: ReleaseOutcome = 'unknown') {
      try {
        await call(options, PUBLISH_RELEASE_API_PATH, { holder, outcome });
        return null;
      } catch (error) {
        return `the publish lock was not released (${(error as Error).message}): it expires by itself within ${LEASE_TTL_SECONDS} s, and other uploads are refused until then.`;
      }
    },
  };
}
