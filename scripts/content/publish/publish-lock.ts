/** The upload's side of the Worker's publish lock (claim, compare-and-swap, release) and the POST of its routes. I/O: HTTP. */
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type * as z from 'zod';
import { LOCK_TTL_SECONDS, lockAnswerSchema } from '../../../contracts/publish-lock.ts';
import { PUBLISH_CLAIM_API_PATH, PUBLISH_COMMIT_API_PATH, PUBLISH_RELEASE_API_PATH } from '../../../contracts/routes.ts';
import { live, stage, UploadConflictError } from './publish-error.ts';

/** PUBLISH_SECRET of every local Worker this project runs (npm start's, the upload's own, tests'): never a real one. */
export const LOCAL_PUBLISH_SECRET = 'race-element-local-publish-only';

/** The Worker whose publish routes an upload calls, its PUBLISH_SECRET, and the id of the KV namespace whose lock it asks. */
export interface WorkerAddress {
  /** SITE_URL or PUBLISH_URL remotely, a loopback address locally. */
  origin: string;
  secret: string;
  namespace: string;
  /** The production Worker (`--remote`), which the command to purge again names. */
  remote?: boolean;
}

/** Held by one upload, taken from `worker`, whose purge route (purge.ts) a publish calls too. */
export type PublishLock = Awaited<ReturnType<typeof takePublishLock>>;
export type TakeLock = () => Promise<PublishLock>;
export type Log = (line: string) => void;

/** `user@host` of this machine: who published, in the lock and the history. */
export function machineUser(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    // No user name in some containers.
    return `someone@${hostname()}`;
  }
}

/** One POST to a publish route: the answer `schema` reads at an `ok` status, or an Error naming `what`, route, status and why. */
export async function post<T>(to: WorkerAddress, what: string, path: string, body: object, schema: z.ZodType<T>, ok: number[]): Promise<T> {
  const url = new URL(path, to.origin);
  const headers = { authorization: `Bearer ${to.secret}`, 'content-type': 'application/json' };
  const send = () => fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  // Every publish route is safe to repeat, and fetch does not resend a POST whose kept-alive connection closed under it.
  const sent = send().catch((error: Error) => (error.name === 'TimeoutError' ? Promise.reject(error) : send()));
  const response = await sent.catch((error: Error) => {
    throw new Error(`${what}: POST ${url} failed (${url.host}: ${(error.cause as Error | undefined)?.message ?? error.message}).`);
  });
  const copy = response.clone();
  const json: unknown = await response.json().catch(() => null);
  const answer = schema.safeParse(json);
  if (ok.includes(response.status) && answer.success) return answer.data;
  const { error, reason } = (json ?? {}) as { error?: unknown; reason?: unknown };
  // hono's bearerAuth answers 401 in plain text.
  const why = response.status === 401 ? "the bearer token is not the Worker's PUBLISH_SECRET" : (error ?? reason);
  const detail = typeof why === 'string' ? why : (await copy.text()).slice(0, 200);
  throw new Error(`${what}: POST ${url} answered ${response.status}: ${detail.replace(/\.?$/, '.')}`);
}
const call = (options: WorkerAddress, path: string, body: object) =>
  post(options, 'publish lock', path, body, lockAnswerSchema, [200, 409]);

/** Takes the lock, or throws UploadConflictError naming its holder; nothing is written before. */
export async function takePublishLock(options: WorkerAddress) {
  // Unique per upload, so that two in one process exclude each other too.
  const holder = `${machineUser()} (pid ${process.pid}, ${randomUUID().slice(0, 8)})`;
  const { namespace } = options;
  const claimed = await call(options, PUBLISH_CLAIM_API_PATH, { namespace, holder });
  if (!claimed.ok)
    throw new UploadConflictError(
      `${claimed.reason}: nothing was written. Run the upload again when it is done; a crashed upload's lock lapses within ${LOCK_TTL_SECONDS} s.`,
    );
  return {
    worker: options,
    /** `version` becomes live, planned against `basedOn` (its `tags` purged again later), or UploadConflictError saying why not. */
    async commit(basedOn: number | null, version: number, tags: string[]): Promise<void> {
      const answer = await call(options, PUBLISH_COMMIT_API_PATH, { namespace, holder, basedOn, version, tags });
      if (!answer.ok)
        throw new UploadConflictError(
          `the publish lock refused version ${version}: ${answer.reason}. This upload wrote no manifest (entries it wrote stay unused until a manifest names them).`,
        );
    },
    /** A note when the release failed, else null. */
    release: (): Promise<string | null> =>
      call(options, PUBLISH_RELEASE_API_PATH, { namespace, holder }).then(
        () => null,
        (error: Error) =>
          `the publish lock was not released (${error.message}): it lapses by itself within ${LOCK_TTL_SECONDS} s, and other uploads are refused until then.`,
      ),
  };
}

/** Runs `body` holding the lock `take` takes (none: `take` null, for a dry run or a store only the caller writes), then releases it. */
export async function withPublishLock<T>(take: TakeLock | null, log: Log, body: (lock: PublishLock | null) => Promise<T>): Promise<T> {
  const lock = take && (await stage(() => live.nothingPublished(undefined), take));
  try {
    return await body(lock);
  } finally {
    await lock?.release().then((note) => note && log(note));
  }
}
