/** The publish lock's rules (worker/publishing/publish-rules.ts): lease, compare-and-swap, lapse and settling. Node. */
import { expect, test } from 'vitest';
import { KV_SETTLE_SECONDS, LOCK_TTL_SECONDS } from '../../../contracts/publish-lock.ts';
import { claim, commit, EMPTY_LOCK, type LockState, release } from '../../../worker/publishing/publish-rules.ts';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;

/** A published v1 by A, released at T0. */
function published(): LockState {
  const taken = claim(EMPTY_LOCK, 'A', T0).state;
  return release(commit(taken, 'A', null, 1, T0).state, 'A', T0);
}

test('one holder at a time; a lapsed lease is taken over, and its holder can then commit nothing', () => {
  const a = claim(EMPTY_LOCK, 'A', T0).state;
  expect(claim(a, 'B', s(1)).answer).toEqual({
    ok: false,
    reason: 'another upload holds the publish lock (A, until 2026-11-23T12:02:00.000Z); the live version is none',
  });
  const b = claim(a, 'B', s(LOCK_TTL_SECONDS)).state;
  expect(commit(b, 'A', null, 1, s(LOCK_TTL_SECONDS + 1)).answer).toEqual({
    ok: false,
    reason: "this upload's lock lapsed and B took it; the live version is none",
  });
  // Lapsed but taken by nobody: still its own.
  expect(commit(a, 'A', null, 1, s(LOCK_TTL_SECONDS + 5)).answer).toEqual({ ok: true });
});

test('compare-and-swap: the live version as base is accepted, a higher one too, a lower one refused saying what is live', () => {
  const live = published();
  const b = claim(live, 'B', s(5)).state;
  expect(commit(b, 'B', null, 1, s(5)).answer).toEqual({
    ok: false,
    reason:
      'it read the manifest as none, but v1 was published 5 s ago and is live; KV does not show it here yet: run the upload again in 55 s',
  });
  expect(commit(b, 'B', 1, 2, s(5))).toMatchObject({ answer: { ok: true }, state: { version: 2 } });
  // A manifest written outside the lock (by hand) with a higher version is a base too.
  expect(commit(b, 'B', 7, 8, s(5))).toMatchObject({ answer: { ok: true }, state: { version: 8 } });
});

test('a lower base is the truth once KV has settled: a crashed upload, a recreated namespace', () => {
  const taken = claim(published(), 'A', s(10)).state;
  // A commits v2 and crashes before its manifest lands: nobody releases.
  const crashed = commit(taken, 'A', 1, 2, s(10)).state;
  expect(claim(crashed, 'B', s(10 + LOCK_TTL_SECONDS - 1)).answer.ok).toBe(false);
  const b = claim(crashed, 'B', s(10 + LOCK_TTL_SECONDS)).state;
  expect(commit(b, 'B', 1, 2, s(10 + LOCK_TTL_SECONDS))).toMatchObject({ answer: { ok: true }, state: { version: 2 } });
  // The namespace recreated: no manifest, though the lock says v1.
  const c = claim(published(), 'C', s(KV_SETTLE_SECONDS)).state;
  expect(commit(c, 'C', null, 1, s(KV_SETTLE_SECONDS))).toMatchObject({ answer: { ok: true }, state: { version: 1 } });
});

test('settling counts from the release: a manifest that landed late is not overwritten from a stale read', () => {
  const taken = claim(published(), 'A', s(100)).state;
  const committed = commit(taken, 'A', 1, 2, s(100)).state;
  // Its manifest write took 70 s; released at once after.
  const released = release(committed, 'A', s(170));
  const b = claim(released, 'B', s(171)).state;
  expect(commit(b, 'B', 1, 2, s(171)).answer).toMatchObject({ ok: false });
  // A release without a commit moves nothing; another holder's release is ignored.
  expect(release(claim(released, 'C', s(300)).state, 'C', s(300)).at).toBe(s(170));
  expect(release(b, 'A', s(172))).toBe(b);
});

test('every call can be repeated (its answer lost on a dropped connection) and answers as the first did', () => {
  const taken = claim(published(), 'A', s(5));
  expect(claim(taken.state, 'A', s(6))).toEqual({
    answer: { ok: true },
    state: { ...taken.state, lease: { ...taken.state.lease, until: s(6 + LOCK_TTL_SECONDS) } },
  });
  const committed = commit(taken.state, 'A', 1, 2, s(7)).state;
  expect(commit(committed, 'A', 1, 2, s(8))).toEqual({ answer: { ok: true }, state: committed });
  const released = release(committed, 'A', s(9));
  expect(release(released, 'A', s(10))).toBe(released);
});
