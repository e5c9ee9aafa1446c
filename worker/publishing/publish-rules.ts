/** The publish lock's rules: who holds it, the live version's compare-and-swap (docs/publishing.md). Pure: `now` in ms. */
import { KV_SETTLE_SECONDS, LOCK_TTL_SECONDS, type LockAnswer } from '../../contracts/publish-lock.ts';

/** `version`: the last committed (null: none yet); `at`: when its manifest was last known in flight (its commit, or upload's release). */
export type LockState = { version: number | null; at: number; lease: { holder: string; until: number; committed: boolean } | null };

export const EMPTY_LOCK: LockState = { version: null, at: 0, lease: null };
type Decision = { state: LockState; answer: LockAnswer };

const name = (version: number | null) => (version === null ? 'none' : `v${version}`);
const refuse = (state: LockState, reason: string): Decision => ({ state, answer: { ok: false, reason } });
const held = (holder: string, now: number, committed: boolean) => ({ holder, until: now + LOCK_TTL_SECONDS * 1000, committed });

/** Refused while another holder's lease runs; a lapsed one is taken over. */
export function claim(state: LockState, holder: string, now: number): Decision {
  const { lease } = state;
  if (lease && lease.holder !== holder && lease.until > now)
    return refuse(
      state,
      `another upload holds the publish lock (${lease.holder}, until ${new Date(lease.until).toISOString()}); the live version is ${name(state.version)}`,
    );
  return { state: { ...state, lease: held(holder, now, false) }, answer: { ok: true } };
}

/**
 * `version` becomes live iff `holder` still has the lock (lapsed perhaps, but taken over by nobody) and planned
 * against the last version committed. A lower base is the truth once KV has had time to show that version
 * everywhere: its manifest never landed (a crash), or the namespace lost it (recreated, edited by hand). A higher one
 * was written outside the lock.
 */
export function commit(state: LockState, holder: string, basedOn: number | null, version: number, now: number): Decision {
  if (state.lease?.holder !== holder)
    return refuse(
      state,
      `this upload's lock lapsed and ${state.lease ? `${state.lease.holder} took it` : 'another upload published since'}; the live version is ${name(state.version)}`,
    );
  if (state.lease.committed && state.version === version) return { state, answer: { ok: true } }; // a repeated commit stands
  const lower = state.version !== null && (basedOn === null || basedOn < state.version);
  const ago = Math.floor((now - state.at) / 1000);
  if (lower && ago < KV_SETTLE_SECONDS)
    return refuse(
      state,
      `it read the manifest as ${name(basedOn)}, but ${name(state.version)} was published ${ago} s ago and is live; ` +
        `KV does not show it here yet: run the upload again in ${KV_SETTLE_SECONDS - ago} s`,
    );
  return { state: { version, at: now, lease: held(holder, now, true) }, answer: { ok: true } };
}

/** Ends `holder`'s lease; after a commit, KV's settling time counts from now. */
export function release(state: LockState, holder: string, now: number): LockState {
  if (state.lease?.holder !== holder) return state;
  return { ...state, at: state.lease.committed ? now : state.at, lease: null };
}
