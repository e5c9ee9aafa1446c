/**
 * Bodies and answers of the publish-lock endpoints (contracts/routes.ts PUBLISH_*), sent by the upload, checked by the
 * Worker: 200 `{ ok: true }`, 409 `{ ok: false, reason }` for a refusal, 400/401/503 `{ error }`. Pure (zod schemas).
 */
import * as z from 'zod';

const holder = z.string().min(1).max(200);
const version = z.number().int().nonnegative();

/** Leases last at most this long: a crashed upload blocks others no longer. */
export const MAX_LEASE_SECONDS = 600;

/** Take or renew the lease for `ttlSeconds`. */
export const leaseRequestSchema = z.strictObject({
  holder,
  ttlSeconds: z.number().int().min(1).max(MAX_LEASE_SECONDS),
  /** Renewal after a commit: refused unless this is still the last version reserved. */
  reserved: version.optional(),
});
/** Reserve `version`, planned against `basedOn` (null: nothing published yet). */
export const commitRequestSchema = z.strictObject({ holder, basedOn: version.nullable(), version });
/** End the lease, saying whether the reserved manifest landed. */
export const releaseRequestSchema = z.strictObject({ holder, outcome: z.enum(['published', 'not-published', 'unknown']) });
/** A lock that remembers a version its namespace no longer has: back from `from` to `to` (the namespace's manifest version; null: none). */
export const resetRequestSchema = z.strictObject({ holder, from: version, to: version.nullable() });

export type LeaseRequest = z.infer<typeof leaseRequestSchema>;
export type CommitRequest = z.infer<typeof commitRequestSchema>;
export type ReleaseRequest = z.infer<typeof releaseRequestSchema>;
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** What the lock remembers, in a lease's answer and a version refusal: its last reserved version (null: none) and how long ago it was reserved (null: not known). */
const remembered = {
  reserved: version.nullable().optional(),
  reservedSecondsAgo: z.number().int().nonnegative().nullable().optional(),
};

/** What the lock answers with 200 or 409. */
export const lockAnswerSchema = z.union([
  z.object({ ok: z.literal(true), expiresAt: z.number().optional(), version: z.number().optional(), ...remembered }),
  z.object({ ok: z.literal(false), reason: z.string(), holder: z.string().optional(), expiresAt: z.number().optional(), ...remembered }),
]);
export type LockAnswer = z.infer<typeof lockAnswerSchema>;
