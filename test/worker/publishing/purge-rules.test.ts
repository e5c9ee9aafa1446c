/** The purge queue's rules: a publish's rounds, merging and coalescing, the bucket's pacing, backoff, the delays' variable. Pure. */
import { describe, expect, test } from 'vitest';
import { coalescedTags, MANIFEST_TAG, PURGES_AGAIN, SITE_TAG } from '../../../contracts/edge-cache.ts';
import {
  afterRefusal,
  dueBatches,
  EMPTY_QUEUE,
  enqueue,
  FULL_BUCKET,
  MAX_BACKOFF_MS,
  nextRun,
  PURGE_BUCKET,
  publishRounds,
  purgesAgain,
  type QueuedRound,
  settle,
  spent,
  tokenAt,
} from '../../../worker/publishing/purge-rules.ts';

const T = Date.UTC(2026, 11, 2, 8);
const again = { manifestAfterSeconds: 65, pagesAfterSeconds: 71 };
const queued = (rounds: ReturnType<typeof publishRounds>, from = 1): QueuedRound[] =>
  rounds.map((round, i) => ({ ...round, id: from + i, tries: 0 }));

describe('publishRounds', () => {
  test('pages and manifest at once, the manifest when KV has settled, both once the memo has run out', () => {
    expect(publishRounds(7, [MANIFEST_TAG, 'search'], T, again)).toEqual([
      { scope: 'pages', at: T, tags: ['search'], version: 7 },
      { scope: 'manifest', at: T, tags: [MANIFEST_TAG], version: 7 },
      { scope: 'manifest', at: T + 65_000, tags: [MANIFEST_TAG], version: 7 },
      { scope: 'pages', at: T + 71_000, tags: ['search'], version: 7 },
      { scope: 'manifest', at: T + 71_000, tags: [MANIFEST_TAG], version: 7 },
    ]);
  });

  test('a late pair for a data centre whose KV shows the write later than documented: the manifest, then both', () => {
    expect(publishRounds(7, [MANIFEST_TAG, 'search'], T, { ...again, lateAfterSeconds: 305 }).slice(5)).toEqual([
      { scope: 'manifest', at: T + 305_000, tags: [MANIFEST_TAG], version: 7 },
      { scope: 'pages', at: T + 311_000, tags: ['search'], version: 7 },
      { scope: 'manifest', at: T + 311_000, tags: [MANIFEST_TAG], version: 7 },
    ]);
  });

  test('no follow-ups: the rounds of now alone; the whole site reaches the manifest too; no tags of pages: no pages round', () => {
    expect(publishRounds(null, [SITE_TAG], T, null)).toEqual([
      { scope: 'pages', at: T, tags: [SITE_TAG], version: null },
      { scope: 'manifest', at: T, tags: [MANIFEST_TAG], version: null },
    ]);
    expect(publishRounds(3, [MANIFEST_TAG], T, null)).toEqual([{ scope: 'manifest', at: T, tags: [MANIFEST_TAG], version: 3 }]);
  });
});

describe('dueBatches', () => {
  test('the rounds due of overlapping publishes merge into one request per scope, their tags united; rounds not due wait', () => {
    const a = queued(publishRounds(1, [MANIFEST_TAG, 'entry:news/a', 'search'], T, again));
    const b = queued(publishRounds(2, [MANIFEST_TAG, 'entry:news/b', 'search'], T + 3_000, again), 10);
    const batches = dueBatches([...a, ...b], T + 3_000);
    expect(batches).toEqual([
      { scope: 'manifest', ids: [2, 11], tags: [MANIFEST_TAG], tries: 0 },
      { scope: 'pages', ids: [1, 10], tags: ['entry:news/a', 'entry:news/b', 'search'], tries: 0 },
    ]);
    expect(dueBatches([...a, ...b], T - 1)).toEqual([]);
  });

  test(`past ${100} tags in one request, the whole site (SITE_TAG); the most tries of the merged rounds`, () => {
    const many = Array.from({ length: 60 }, (_, i) => `entry:guide/p${i}`);
    const rounds = [
      { id: 1, scope: 'pages' as const, at: T, tags: many, version: 1, tries: 2 },
      { id: 2, scope: 'pages' as const, at: T, tags: many.map((tag) => `${tag}x`), version: 2, tries: 0 },
    ];
    expect(dueBatches(rounds, T)).toEqual([{ scope: 'pages', ids: [1, 2], tags: [SITE_TAG], tries: 2 }]);
    expect(coalescedTags(many)).toEqual(many);
    expect(coalescedTags([MANIFEST_TAG, ...many, ...many.map((tag) => `${tag}x`)])).toEqual([MANIFEST_TAG, SITE_TAG]);
  });
});

describe('enqueue and settle', () => {
  test('a purge of a version replaces the follow-ups its commit queued, not those of other versions; the ids due now', () => {
    const committed = enqueue(EMPTY_QUEUE, 5, publishRounds(5, [MANIFEST_TAG], T, again).slice(1), T).state;
    const other = enqueue(committed, 4, publishRounds(4, ['search'], T, again).slice(1), T).state;
    const { state, due } = enqueue(other, 5, publishRounds(5, [MANIFEST_TAG], T + 500, again), T + 500);
    expect(due).toEqual([4]);
    expect(state.rounds.map((r) => [r.id, r.version, r.at - T])).toEqual([
      [3, 4, 71_000],
      [4, 5, 500],
      [5, 5, 65_500],
      [6, 5, 71_500],
    ]);
    expect(state.lastId).toBe(6);
  });

  test('a site-wide purge asked again replaces the follow-ups of the one before; asking for the state alone changes nothing', () => {
    const first = enqueue(EMPTY_QUEUE, null, publishRounds(null, [SITE_TAG], T, again), T).state;
    expect(enqueue(first, null, [], T + 1_000).state).toEqual(first);
    const second = enqueue(first, null, publishRounds(null, [SITE_TAG], T + 10_000, again), T + 10_000).state;
    expect(second.rounds.map((r) => [r.scope, r.at - T])).toEqual([
      ['pages', 0],
      ['manifest', 0],
      ['pages', 10_000],
      ['manifest', 10_000],
      ['manifest', 75_000],
      ['pages', 81_000],
      ['manifest', 81_000],
    ]);
  });

  test('a refusal keeps the rounds for a retry after a backoff, naming it; a success removes them and, none refused left, the refusal', () => {
    const { state } = enqueue(EMPTY_QUEUE, 1, publishRounds(1, [MANIFEST_TAG, 'search'], T, null), T);
    const [manifest, pages] = dueBatches(state.rounds, T);
    const refused = settle(state, pages!, { success: false, errors: [{ code: 429, message: 'rate limited' }] }, T);
    expect(refused.rounds[0]).toMatchObject({ id: 1, tries: 1, at: T + 12_000 });
    expect(refused.bucket).toEqual({ tokens: 0, at: T });
    expect(refused.refusal).toBe(
      'the cache refused the purge of the pages at 08:00:00 UTC (429 rate limited); the Worker tries again at 08:00:12 UTC',
    );
    const manifestDone = settle(refused, manifest!, { success: true, errors: [] }, T);
    expect(manifestDone.rounds.map((r) => r.id)).toEqual([1]);
    expect(manifestDone.refusal).toBe(refused.refusal);
    const retried = settle(manifestDone, dueBatches(manifestDone.rounds, T + 12_000)[0]!, { success: true, errors: [] }, T + 12_000);
    expect(retried).toMatchObject({ rounds: [], refusal: null });
  });
});

test('a manifest purge refused at its follow-up goes before the pages once retried, a refill (longer than the memo) ahead of them', () => {
  let { state } = enqueue(EMPTY_QUEUE, 1, publishRounds(1, [MANIFEST_TAG, 'search'], T, again).slice(2), T);
  const at65 = T + 65_000;
  state = settle(state, dueBatches(state.rounds, at65)[0]!, { success: false, errors: [] }, at65);
  const retry = nextRun(state.rounds, state.bucket)!;
  expect(retry).toBe(at65 + 12_000);
  const [manifest, pages] = dueBatches(state.rounds, retry);
  expect([manifest?.scope, pages?.scope]).toEqual(['manifest', 'pages']);
  const bucket = spent(state.bucket, retry)!;
  expect(spent(bucket, retry)).toBeNull();
  state = settle({ ...state, bucket }, manifest!, { success: true, errors: [] }, retry);
  expect(nextRun(state.rounds, state.bucket)! - retry).toBe(12_000);
});

describe('the bucket', () => {
  test('25 requests at once, then one each 12 s; never more than 25', () => {
    let bucket = FULL_BUCKET;
    for (let i = 0; i < PURGE_BUCKET.size; i++) bucket = spent(bucket, T)!;
    expect(spent(bucket, T)).toBeNull();
    expect(tokenAt(bucket)).toBe(T + 12_000);
    expect(spent(bucket, T + 11_999)).toBeNull();
    expect(spent(bucket, T + 12_000)).toEqual({ tokens: 0, at: T + 12_000 });
    expect(spent(bucket, T + 3_600_000)).toEqual({ tokens: PURGE_BUCKET.size - 1, at: T + 3_600_000 });
  });

  test('a refusal empties the estimate and waits a refill, doubled on each further refusal, at most 10 minutes', () => {
    expect(afterRefusal(1, T)).toEqual({ bucket: { tokens: 0, at: T }, retryAt: T + 12_000 });
    expect(afterRefusal(2, T).retryAt).toBe(T + 24_000);
    expect(afterRefusal(4, T).retryAt).toBe(T + 96_000);
    expect(afterRefusal(20, T).retryAt).toBe(T + MAX_BACKOFF_MS);
  });

  test('the queue runs next at its earliest round, but not before the bucket holds a request; nothing waits: null', () => {
    const rounds = publishRounds(1, [MANIFEST_TAG], T, again);
    expect(nextRun(rounds, FULL_BUCKET)).toBe(T);
    expect(nextRun(rounds, { tokens: 0.5, at: T })).toBe(T + 6_000);
    expect(nextRun(rounds.slice(1), { tokens: 0, at: T })).toBe(T + 65_000);
    expect(nextRun([], FULL_BUCKET)).toBeNull();
  });
});

test('PURGE_AGAIN_SECONDS: unset the defaults, empty none, two or three numbers the delays; anything else refused by name', () => {
  expect(purgesAgain(undefined, PURGES_AGAIN)).toBe(PURGES_AGAIN);
  expect(purgesAgain(' ', PURGES_AGAIN)).toBeNull();
  expect(purgesAgain('2 4', PURGES_AGAIN)).toEqual({ manifestAfterSeconds: 2, pagesAfterSeconds: 4 });
  expect(purgesAgain('2 4 9', PURGES_AGAIN)).toEqual({ manifestAfterSeconds: 2, pagesAfterSeconds: 4, lateAfterSeconds: 9 });
  for (const bad of ['4 2', '3', 'a b', '1 2 2', '1 2 3 4'])
    expect(() => purgesAgain(bad, PURGES_AGAIN), bad).toThrow(/^PURGE_AGAIN_SECONDS "/);
});
