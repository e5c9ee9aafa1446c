/**
 * Bodies and answers of the publish lock's routes (contracts/routes.ts PUBLISH_*), sent by the upload, checked by the
 * Worker: 200 `{ ok: true }`, 409 `{ ok: false, reason }` for a refusal, 400 `{ error }`. Pure (zod schemas).
 */
import * as z from 'zod';

const holder = z.string().min(1).max(200);
/** The KV namespace id whose manifest the lock guards: each has its own lock. */
const namespace = z.string().min(1).max(100);
const version = z.number().int().nonnegative();

/** An upload holds the lock this long after taking it or committing: a crashed one blocks others no longer. */
export const LOCK_TTL_SECONDS = 120;
/** Workers KV shows a manifest everywhere within this long of its write; a lower version read later is the truth. */
export const KV_SETTLE_SECONDS = 60;

/** Take the lock. */
export const claimRequestSchema = z.strictObject({ namespace, holder });
/** Make `version` the live one, planned against `basedOn` (null: nothing published yet): the compare-and-swap. */
export const commitRequestSchema = z.strictObject({ namespace, holder, basedOn: version.nullable(), version });
/** Give the lock back. */
export const releaseRequestSchema = z.strictObject({ namespace, holder });

export const lockAnswerSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), reason: z.string() })]);
export type LockAnswer = z.infer<typeof lockAnswerSchema>;
