/**
 * The publish lock's rules over its state: a lease, the last manifest version reserved, and its reset for a recreated
 * namespace (docs/publishing.md, Two uploads at once). Pure: time comes in as `now` (ms).
 */

export interface Lease {
  holder: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export interface LeaseState {
  lease: Lease | null;
  /** The last version reserved; null before the first commit (any `basedOn` is then accepted). */
  version: number | null;
  /** While the manifest of `version` is not known to have landed: who reserved it, and on what it was based. */
  pending: { by: string; from: number | null } | null;
  /** When `version` was reserved (ms since the epoch); absent in a state stored before it was kept. */
  reservedAt?: number;
}

/** No lease, nothing reserved: the state before the first upload. */
export const EMPTY_LEASE_STATE: LeaseState = { lease: null, version: null, pending: null };

/** What the lock remembers: its last reserved version and how long ago (null: not known). */
export interface Remembered {
  reserved: number | null;
  reservedSecondsAgo: number | null;
}
export type LeaseResult =
  | ({ ok: true; expiresAt: number } & Remembered)
  | { ok: false; reason: string; holder?: string; expiresAt?: number };
export type CommitResult = { ok: true; version: number } | ({ ok: false; reason: string } & Partial<Remembered>);
export type ResetResult = { ok: true } | { ok: false; reason: string };
export type ReleaseOutcome = 'published' | 'not-published' | 'unknown';

const live = (lease: Lease | null, now: number): Lease | null => (lease && lease.expiresAt > now ? lease : null);
const iso = (ms: number): string => new Date(ms).toISOString();
const versionName = (v: number | null): string => (v === null ? 'none' : `v${v}`);
const remembered = (state: LeaseState, now: number): Remembered => ({
  reserved: state.version,
  reservedSecondsAgo:
    state.version === null || state.reservedAt === undefined ? null : Math.max(0, Math.floor((now - state.reservedAt) / 1000)),
});

/**
 * Refused while another holder's lease is unexpired; the same holder renews. With `reserved`, refused unless that
 * is still the last version reserved.
 */
export function acquire(
  state: LeaseState,
  holder: string,
  ttlSeconds: number,
  now: number,
  reserved?: number,
): { state: LeaseState; result: LeaseResult } {
  const current = live(state.lease, now);
  if (current && current.holder !== holder) {
    return {
      state,
      result: {
        ok: false,
        reason: `held by ${current.holder} until ${iso(current.expiresAt)}`,
        holder: current.holder,
        expiresAt: current.expiresAt,
      },
    };
  }
  if (reserved !== undefined && state.version !== reserved) {
    return {
      state,
      result: {
        ok: false,
        reason: `version ${reserved} is no longer the last reserved (the lock now records ${versionName(state.version)})`,
      },
    };
  }
  const expiresAt = now + ttlSeconds * 1000;
  return { state: { ...state, lease: { holder, expiresAt } }, result: { ok: true, expiresAt, ...remembered(state, now) } };
}

/** Why `holder` may not reserve or reset: no unexpired lease of theirs; null when they hold one. */
function notHeldBy(lease: Lease | null, holder: string, now: number): string | null {
  const current = live(lease, now);
  if (current?.holder === holder) return null;
  const why = current ? `the lease is held by ${current.holder}` : 'the lease expired or was never taken';
  return `${holder} does not hold the publish lease (${why})`;
}

/**
 * Reserves `next`: the holder must hold an unexpired lease, and `basedOn` be the last version reserved, above it (a
 * manifest written outside the lock), or the base of a pending reservation, as KV may show either.
 */
export function commit(
  state: LeaseState,
  holder: string,
  basedOn: number | null,
  next: number,
  now: number,
): { state: LeaseState; result: CommitResult } {
  const refused = notHeldBy(state.lease, holder, now);
  if (refused) return { state, result: { ok: false, reason: refused } };
  const onPendingBase = state.pending !== null && basedOn === state.pending.from;
  // Versions only grow, and a stale KV read shows an older one: a base above the last reserved
  // version is a manifest written outside the lock (by hand), safe to build on; a lower one is not.
  if (!(state.version === null || (basedOn !== null && basedOn >= state.version) || onPendingBase)) {
    return {
      state,
      result: {
        ok: false,
        reason: `planned against ${versionName(basedOn)}, but ${versionName(state.version)} was reserved since`,
        ...remembered(state, now),
      },
    };
  }
  return {
    state: { ...state, version: next, pending: { by: holder, from: basedOn }, reservedAt: now },
    result: { ok: true, version: next },
  };
}

/** Ends the lease; a reservation its holder reports published is settled, one not published is taken back. */
export function release(state: LeaseState, holder: string, outcome: ReleaseOutcome, now: number): LeaseState {
  const current = live(state.lease, now);
  // A lease another holder took over is theirs; an expired one of ours may still settle the reservation.
  if (current && current.holder !== holder) return state;
  if (!current && state.lease?.holder !== holder) return state;
  const mine = state.pending?.by === holder;
  if (mine && outcome === 'published') return { ...state, lease: null, pending: null };
  // Back to the version it was based on, reserved at a time not kept.
  if (mine && outcome === 'not-published') return { lease: null, version: state.pending!.from, pending: null };
  return { ...state, lease: null };
}

export function reset(
  state: LeaseState,
  holder: string,
  from: number,
  to: number | null,
  now: number,
): { state: LeaseState; result: ResetResult } {
  const refused = notHeldBy(state.lease, holder, now);
  if (refused) return { state, result: { ok: false, reason: refused } };
  if (state.version !== from)
    return { state, result: { ok: false, reason: `the lock remembers ${versionName(state.version)}, not v${from}` } };
  if (to !== null && to >= from) return { state, result: { ok: false, reason: `v${to} is not below v${from}: nothing to reset` } };
  const { reservedAt: _, ...rest } = state;
  return { state: { ...rest, version: to, pending: null }, result: { ok: true } };
}
