/** The purge queue's rules: a publish's rounds, what is due and merged, pacing within Workers Cache's purge limits. Pure: `now` in ms. */
import { coalescedTags, MANIFEST_TAG, type PurgeResult, type PurgesAgain, SITE_TAG } from '../../contracts/edge-cache.ts';

/** Workers Cache applies the Free plan's purge limits on every plan: a bucket of 25 requests, 5 more each minute. */
export const PURGE_BUCKET = { size: 25, refillMs: 60_000 / 5 };
/** The longest wait between two tries of a refused purge. */
export const MAX_BACKOFF_MS = 10 * 60_000;

/** A purge reaches only the cache of the entrypoint that makes it: the pages' (the default one) and the manifest's. */
export type Scope = 'pages' | 'manifest';
/** One purge to make from `at` on: `version` is the publish it is for (null: none, a site-wide purge asked by hand). */
export type Round = { scope: Scope; at: number; tags: string[]; version: number | null };
/** A round in the queue: `tries` refused so far. */
export type QueuedRound = Round & { id: number; tries: number };
/** The queue's estimate of the cache's bucket: `tokens` (purge requests it would take) at `at`. */
export type Bucket = { tokens: number; at: number };
export const FULL_BUCKET: Bucket = { tokens: PURGE_BUCKET.size, at: 0 };

/**
 * The rounds of purging `tags` at `now` (of the manifest of `version`): at once, then the manifest when every data
 * centre reads the new one, then both once no isolate's memo holds the old one, and that pair again late (`again`;
 * null: no follow-ups).
 */
export function publishRounds(version: number | null, tags: readonly string[], now: number, again: PurgesAgain | null): Round[] {
  const pages = tags.filter((tag) => tag !== MANIFEST_TAG);
  const manifest = tags.includes(MANIFEST_TAG) || tags.includes(SITE_TAG);
  const round = (at: number, withPages: boolean): Round[] => [
    ...(withPages && pages.length > 0 ? [{ scope: 'pages' as const, at, tags: pages, version }] : []),
    ...(manifest ? [{ scope: 'manifest' as const, at, tags: [MANIFEST_TAG], version }] : []),
  ];
  if (!again) return round(now, true);
  const pair = (manifestAt: number): Round[] => [
    ...round(manifestAt, false),
    ...round(manifestAt + (again.pagesAfterSeconds - again.manifestAfterSeconds) * 1000, true),
  ];
  const late = again.lateAfterSeconds === undefined ? [] : pair(now + again.lateAfterSeconds * 1000);
  return [...round(now, true), ...pair(now + again.manifestAfterSeconds * 1000), ...late];
}

/** One purge request: the rounds it carries (`ids`), the most tries among them. */
export type Batch = { scope: Scope; ids: number[]; tags: string[]; tries: number };

/**
 * Per scope, the rounds due at `now` merged into one purge request, the union of their tags coalesced. The manifest's
 * first: when the bucket holds one request only, the pages wait a refill (12 s), longer than an isolate's memo of the
 * manifest, so pages purged after a late manifest purge are never rendered again from the old manifest.
 */
export function dueBatches(rounds: readonly QueuedRound[], now: number): Batch[] {
  return (['manifest', 'pages'] as const).flatMap((scope) => {
    const due = rounds.filter((r) => r.scope === scope && r.at <= now);
    if (due.length === 0) return [];
    const tags = coalescedTags([...new Set(due.flatMap((r) => r.tags))].sort());
    return [{ scope, ids: due.map((r) => r.id), tags, tries: Math.max(...due.map((r) => r.tries)) }];
  });
}

/** The bucket after one purge request at `now`, refilled since its last reading, or null when it holds none: refused. */
export function spent(bucket: Bucket, now: number): Bucket | null {
  const tokens = Math.min(PURGE_BUCKET.size, bucket.tokens + Math.max(0, now - bucket.at) / PURGE_BUCKET.refillMs);
  return tokens >= 1 ? { tokens: tokens - 1, at: Math.max(now, bucket.at) } : null;
}

/** When the bucket holds a request again. */
export const tokenAt = (bucket: Bucket): number => bucket.at + Math.max(0, 1 - bucket.tokens) * PURGE_BUCKET.refillMs;

/**
 * After a refusal at `now`, the estimate was wrong (other purges spent the bucket): it is taken as empty, and the
 * refused rounds wait a refill doubled on each further refusal, up to MAX_BACKOFF_MS.
 */
export function afterRefusal(tries: number, now: number): { bucket: Bucket; retryAt: number } {
  const wait = Math.min(MAX_BACKOFF_MS, PURGE_BUCKET.refillMs * 2 ** Math.max(0, tries - 1));
  return { bucket: { tokens: 0, at: now }, retryAt: now + wait };
}

/** The queue in the lock's storage: its rounds, its estimate of the bucket, the cache's last refusal while one waits. */
export type PurgeQueueState = { rounds: QueuedRound[]; bucket: Bucket; refusal: string | null; lastId: number };
export const EMPTY_QUEUE: PurgeQueueState = { rounds: [], bucket: FULL_BUCKET, refusal: null, lastId: 0 };

/**
 * `rounds` of `version` queued at `now`, in place of the follow-ups not yet tried that an earlier call queued for it (its
 * commit's; an earlier site-wide purge's, for null): later ones cover them. The ids of those due now.
 */
export function enqueue(
  state: PurgeQueueState,
  version: number | null,
  rounds: Round[],
  now: number,
): { state: PurgeQueueState; due: number[] } {
  const replaced = (r: QueuedRound) => rounds.length > 0 && r.version === version && r.tries === 0 && r.at > now;
  const added = rounds.map((round, i) => ({ ...round, id: state.lastId + 1 + i, tries: 0 }));
  const next = { ...state, rounds: [...state.rounds.filter((r) => !replaced(r)), ...added], lastId: state.lastId + added.length };
  return { state: next, due: added.filter((r) => r.at <= now).map((r) => r.id) };
}

const clock = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/** The queue once the purge of `batch` made at `now` was answered `result`: its rounds done, or retried after a backoff. */
export function settle(state: PurgeQueueState, batch: Batch, result: PurgeResult, now: number): PurgeQueueState {
  const inBatch = (r: QueuedRound) => batch.ids.includes(r.id);
  if (result.success) {
    const rounds = state.rounds.filter((r) => !inBatch(r));
    return { ...state, rounds, refusal: rounds.some((r) => r.tries > 0) ? state.refusal : null };
  }
  const tries = batch.tries + 1;
  const { bucket, retryAt } = afterRefusal(tries, now);
  const why = result.errors.map(({ code, message }) => `${code} ${message}`).join('; ') || 'no reason given';
  return {
    ...state,
    bucket,
    rounds: state.rounds.map((r) => (inBatch(r) ? { ...r, tries, at: retryAt } : r)),
    refusal: `the cache refused the purge of the ${batch.scope} at ${clock(now)} (${why}); the Worker tries again at ${clock(retryAt)}`,
  };
}

/** When the queue runs next: its earliest round, but not before the bucket holds a request; null when nothing waits. */
export function nextRun(rounds: readonly Round[], bucket: Bucket): number | null {
  if (rounds.length === 0) return null;
  return Math.max(Math.min(...rounds.map((r) => r.at)), tokenAt(bucket));
}

/** PURGE_AGAIN_SECONDS: unset, the defaults; empty, none (a Worker no data centres front); else `<manifest> <pages> [<late>]` s. */
export function purgesAgain(value: string | undefined, defaults: PurgesAgain): PurgesAgain | null {
  if (value === undefined) return defaults;
  if (value.trim() === '') return null;
  const [manifest, pages, late, ...rest] = value.trim().split(/\s+/).map(Number);
  if (rest.length > 0 || !(manifest! >= 0 && pages! >= manifest!) || (late !== undefined && !(late > pages!)))
    throw new Error(`PURGE_AGAIN_SECONDS "${value}": give two or three rising numbers of seconds (the third after the second)`);
  return { manifestAfterSeconds: manifest!, pagesAfterSeconds: pages!, ...(late === undefined ? {} : { lateAfterSeconds: late }) };
}
