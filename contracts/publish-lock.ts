/**
 * Bodies and answers of the publish lock's routes (contracts/routes.ts PUBLISH_*), sent by the upload, checked by the
 * Worker: 200 `{ ok: true }`, 409 `{ ok: false, reason }` for a refusal, 400 `{ error }`; the purge route's too. Pure (zod schemas).
 */
import * as z from 'zod';

const holder = z.string().min(1).max(200);
/** The KV namespace id whose manifest the lock guards: each has its own lock. */
const namespace = z.string().min(1).max(100);
const version = z.number().int().nonnegative();
/** Workers Cache takes printable ASCII tags of at most 1,024 characters, matched without case. */
const tag = z.string().regex(/^[\x21-\x7e]{1,1024}$/, 'a tag is 1 to 1024 printable ASCII characters');
/** Tags one purge request carries at most (Workers Cache's limit); more are purged as the whole site (coalescedTags). */
export const MAX_TAGS_PER_PURGE = 100;
const tags = z.array(tag).max(MAX_TAGS_PER_PURGE);

/** An upload holds the lock this long after taking it or committing: a crashed one blocks others no longer. */
export const LOCK_TTL_SECONDS = 120;
/** Workers KV shows a manifest everywhere within this long of its write; a lower version read later is the truth. */
export const KV_SETTLE_SECONDS = 60;

/** Take the lock. */
export const claimRequestSchema = z.strictObject({ namespace, holder });
/**
 * Make `version` the live one, planned against `basedOn` (null: nothing published yet): the compare-and-swap. `tags`:
 * what its manifest changes, which the Worker purges again once KV has settled, even if the upload stops after its write.
 */
export const commitRequestSchema = z.strictObject({ namespace, holder, basedOn: version.nullable(), version, tags });
/** Give the lock back. */
export const releaseRequestSchema = z.strictObject({ namespace, holder });

export const lockAnswerSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), reason: z.string() })]);
export type LockAnswer = z.infer<typeof lockAnswerSchema>;

/**
 * POST body of the purge route: the manifest of `version` (null: none, `--purge`) is written and changed what carries
 * `tags`: the Worker purges them now (or as soon as the cache's limits allow) and again once KV has settled. No tags:
 * only the queue's state is asked.
 */
export const purgeRequestSchema = z.strictObject({ namespace, version: version.nullable(), tags });
export type PurgeRequest = z.infer<typeof purgeRequestSchema>;

const ms = z.number().int().nonnegative();
/** 200: what the Worker did with the tags and what its queue (worker/publishing/purge-queue.ts) holds; times in ms. */
export const purgeAnswerSchema = z.object({
  /** This request's tags are purged from every cache (false: queued, or none asked). */
  purgedNow: z.boolean(),
  /** When the purges of this request run again, once KV has settled. */
  followUps: z.array(ms),
  /** Purge rounds waiting in the queue, and when the next runs (null: none waits). */
  waiting: z.number().int().nonnegative(),
  next: ms.nullable(),
  /** The cache's last refusal while rounds wait for a retry, else null. */
  refusal: z.string().nullable(),
});
export type PurgeAnswer = z.infer<typeof purgeAnswerSchema>;
