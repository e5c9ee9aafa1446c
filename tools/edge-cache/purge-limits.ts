/**
 * Workers Cache's purge limits as the stand-in enforces them (the Free plan's, applied on every plan): a bucket of 25
 * purge requests refilled at 5 a minute, at most 100 tags a request; and the refusals a test or the bench asks for.
 * Answers as Workers Cache does (CachePurgeResult). Pure but for its own state; time comes in as `now` (ms).
 */
import type { PurgeResult } from '../../contracts/edge-cache.ts';
export const STAND_IN_LIMITS = { bucket: 25, perMinute: 5, tags: 100 };

export interface PurgeLimits {
  /** One purge request of `tags` at `now`: accepted (spending one from the bucket) or refused naming the limit. */
  answer(tags: readonly string[], now: number): PurgeResult;
  /** Refuses the next `n` purge requests (as rate limited), whatever the bucket holds. */
  refuseNext(n: number): void;
  /** Refuses every purge request until `until` (ms on the network's clock). */
  refuseUntil(until: number): void;
  /** Requests the bucket holds at `now`. */
  tokens(now: number): number;
}

export function purgeLimits(): PurgeLimits {
  let tokens: number = STAND_IN_LIMITS.bucket;
  let at = Number.NEGATIVE_INFINITY;
  let refuseCount = 0;
  let refusingUntil = Number.NEGATIVE_INFINITY;
  const refill = (now: number) => {
    tokens = Math.min(STAND_IN_LIMITS.bucket, tokens + ((now - at) * STAND_IN_LIMITS.perMinute) / 60_000);
    at = now;
  };
  const refused = (code: number, message: string): PurgeResult => ({ success: false, errors: [{ code, message }] });
  const rateLimited = `rate limited: at most ${STAND_IN_LIMITS.perMinute} purge requests a minute, in bursts of ${STAND_IN_LIMITS.bucket}`;
  return {
    answer(tags, now) {
      refill(now);
      if (tags.length > STAND_IN_LIMITS.tags)
        return refused(400, `${tags.length} tags: at most ${STAND_IN_LIMITS.tags} tags (operations) a purge request`);
      if (refuseCount > 0 || now < refusingUntil) {
        refuseCount = Math.max(0, refuseCount - 1);
        return refused(429, rateLimited);
      }
      if (tokens < 1) return refused(429, rateLimited);
      tokens -= 1;
      return { success: true, errors: [] };
    },
    refuseNext(n) {
      refuseCount = n;
    },
    refuseUntil(until) {
      refusingUntil = until;
    },
    tokens(now) {
      refill(now);
      return tokens;
    },
  };
}
