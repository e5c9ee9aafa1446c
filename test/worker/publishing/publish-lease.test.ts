/**
 * The publish lock's rules: lease expiry, renewal and holders, compare-and-swap on the version, and how a
 * release settles a reservation. Unit.
 */
import { describe, expect, test } from 'vitest';
import { acquire, commit, EMPTY_LEASE_STATE, type LeaseState, release, reset } from '../../../worker/publishing/publish-lease.ts';

const T0 = Date.UTC(2026, 10, 23, 12);
const s = (seconds: number) => T0 + seconds * 1000;

/** A takes the lease at T0 for 120 s and reserves 42 on 41. */
function reservedByA(version: number | null = 41): LeaseState {
  const taken = acquire({ ...EMPTY_LEASE_STATE, version }, 'A', 120, s(0));
  expect(taken.result.ok).toBe(true);
  const committed = commit(taken.state, 'A', 41, 42, s(1));
  expect(committed.result).toEqual({ ok: true, version: 42 });
  return committed.state;
}

describe('lease', () => {
  test('a second holder is refused while the lease is unexpired, told who holds it and until when', () => {
    const { state } = acquire(EMPTY_LEASE_STATE, 'A', 120, s(0));
    const refused = acquire(state, 'B', 120, s(119));
    expect(refused.result).toEqual({ ok: false, reason: 'held by A until 2026-11-23T12:02:00.000Z', holder: 'A', expiresAt: s(120) });
    expect(refused.state).toBe(state);
  });

  test('an expired lease is free for another holder', () => {
    const { state } = acquire(EMPTY_LEASE_STATE, 'A', 120, s(0));
    expect(acquire(state, 'B', 60, s(120)).result).toEqual({ ok: true, expiresAt: s(180), reserved: null, reservedSecondsAgo: null });
  });

  test('the holder renews; a renewal naming a reservation fails once another version was reserved', () => {
    const state = reservedByA();
    // The answer says what the lock remembers: v42, reserved 99 s ago.
    expect(acquire(state, 'A', 120, s(100), 42).result).toEqual({ ok: true, expiresAt: s(220), reserved: 42, reservedSecondsAgo: 99 });
    // A's lease expired, B took it and reserved 43: A's renewal is refused even after B's lease ends.
    const b = commit(acquire(state, 'B', 120, s(121)).state, 'B', 42, 43, s(122)).state;
    expect(acquire(b, 'A', 120, s(300), 42).result).toEqual({
      ok: false,
      reason: 'version 42 is no longer the last reserved (the lock now records v43)',
    });
  });
});

describe('commit (compare-and-swap)', () => {
  test('only the holder of an unexpired lease commits', () => {
    const { state } = acquire({ ...EMPTY_LEASE_STATE, version: 41 }, 'A', 120, s(0));
    expect(commit(state, 'B', 41, 42, s(1)).result).toEqual({
      ok: false,
      reason: 'B does not hold the publish lease (the lease is held by A)',
    });
    expect(commit(state, 'A', 41, 42, s(120)).result).toEqual({
      ok: false,
      reason: 'A does not hold the publish lease (the lease expired or was never taken)',
    });
    expect(commit(EMPTY_LEASE_STATE, 'A', null, 1, s(0)).result.ok).toBe(false);
  });

  test('the first commit accepts any base; later ones only the version last reserved', () => {
    const { state } = acquire(EMPTY_LEASE_STATE, 'A', 120, s(0));
    const first = commit(state, 'A', 7, 8, s(1));
    expect(first.result).toEqual({ ok: true, version: 8 });
    const settled = release(first.state, 'A', 'published', s(2));
    const b = acquire(settled, 'B', 120, s(3)).state;
    // B read a stale manifest (v7) from KV: refused.
    expect(commit(b, 'B', 7, 8, s(4)).result).toEqual({
      ok: false,
      reason: 'planned against v7, but v8 was reserved since',
      reserved: 8,
      reservedSecondsAgo: 3,
    });
    expect(commit(b, 'B', 8, 9, s(4)).result).toEqual({ ok: true, version: 9 });
    // A manifest written outside the lock (by hand, v20) is built on; "nothing published" is not.
    expect(commit(b, 'B', 20, 21, s(4)).result).toEqual({ ok: true, version: 21 });
    expect(commit(b, 'B', null, 1, s(4)).result).toMatchObject({ ok: false, reason: 'planned against none, but v8 was reserved since' });
  });

  test('two uploads planned on the same version: exactly one commits', () => {
    const a = reservedByA();
    const afterA = release(a, 'A', 'published', s(2));
    const b = acquire(afterA, 'B', 120, s(3)).state;
    expect(commit(b, 'B', 41, 42, s(4)).result.ok).toBe(false);
  });
});

describe('release settles the reservation', () => {
  test('published: the pending base is no longer accepted', () => {
    const settled = release(reservedByA(), 'A', 'published', s(5));
    expect(settled).toEqual({ lease: null, version: 42, pending: null, reservedAt: s(1) });
  });

  test('not published: the version goes back to what it was based on', () => {
    const settled = release(reservedByA(), 'A', 'not-published', s(5));
    expect(settled).toEqual({ lease: null, version: 41, pending: null });
  });

  test('unknown, or a crash (no release): the next upload may build on either version', () => {
    for (const state of [release(reservedByA(), 'A', 'unknown', s(5)), reservedByA()]) {
      const b = acquire(state, 'B', 120, s(200)).state;
      expect(commit(b, 'B', 41, 42, s(201)).result).toEqual({ ok: true, version: 42 });
      expect(commit(b, 'B', 42, 43, s(201)).result).toEqual({ ok: true, version: 43 });
      expect(commit(b, 'B', 40, 41, s(201)).result.ok).toBe(false);
    }
  });

  test('a release by someone else, or of a lease another took over, changes nothing', () => {
    const a = reservedByA();
    expect(release(a, 'B', 'not-published', s(5))).toBe(a);
    const b = acquire(a, 'B', 120, s(121)).state;
    expect(release(b, 'A', 'not-published', s(122))).toBe(b);
  });
});

describe('reset (a stale lock)', () => {
  test('only the holder, only from the version remembered, only downwards; then any base from there is accepted', () => {
    const settled = release(reservedByA(), 'A', 'published', s(2));
    const b = acquire(settled, 'B', 120, s(3)).state;
    expect(commit(b, 'B', null, 1, s(4)).result).toMatchObject({ ok: false, reserved: 42 });
    expect(reset(settled, 'B', 42, null, s(4)).result).toEqual({
      ok: false,
      reason: 'B does not hold the publish lease (the lease expired or was never taken)',
    });
    expect(reset(b, 'B', 41, null, s(4)).result).toEqual({ ok: false, reason: 'the lock remembers v42, not v41' });
    expect(reset(b, 'B', 42, 42, s(4)).result).toEqual({ ok: false, reason: 'v42 is not below v42: nothing to reset' });
    const cleared = reset(b, 'B', 42, null, s(4));
    expect(cleared.result).toEqual({ ok: true });
    expect(cleared.state).toEqual({ lease: b.lease, version: null, pending: null });
    expect(commit(cleared.state, 'B', null, 1, s(5)).result).toEqual({ ok: true, version: 1 });
  });
});
