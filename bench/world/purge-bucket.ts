/**
 * A day's publishes through the Worker's purge queue (worker/publishing/purge-rules.ts) against the purge limits the
 * stand-in enforces (tools/edge-cache/purge-limits.ts): when each publish's purges were carried out. Pure (times in ms).
 */
import { entryTag, listTag, MANIFEST_TAG, PURGES_AGAIN, SEARCH_TAG } from '../../contracts/edge-cache.ts';
import { purgeLimits } from '../../tools/edge-cache/purge-limits.ts';
import { dueBatches, EMPTY_QUEUE, enqueue, nextRun, publishRounds, settle, spent } from '../../worker/publishing/purge-rules.ts';

/** A publish's tags: one article changed (its page, its neighbours'), the news list, search, the index (the manifest's tag). */
const TAGS = [entryTag('news', 'changed'), listTag('news'), SEARCH_TAG, MANIFEST_TAG];

export interface PublishPurges {
  at: number;
  /** Its first purge of the pages and the index carried out; its pages' purge of `PURGES_AGAIN.pagesAfterSeconds` carried out. */
  first: number;
  pagesAgain: number;
}

export function purgeDay(publishAt: readonly number[]): { publishes: PublishPurges[]; requests: number } {
  const cache = purgeLimits();
  let state = EMPTY_QUEUE;
  const rounds = new Map<number, { publish: number; order: number }>();
  const done = publishAt.map(() => [] as number[]);
  let [now, next, requests] = [publishAt[0] ?? 0, 0, 0];
  for (;;) {
    for (; next < publishAt.length && publishAt[next]! <= now; next++) {
      const planned = publishRounds(next, TAGS, publishAt[next]!, PURGES_AGAIN);
      for (const order of planned.keys()) rounds.set(state.lastId + 1 + order, { publish: next, order });
      state = enqueue(state, next, planned, publishAt[next]!).state;
    }
    for (const batch of dueBatches(state.rounds, now)) {
      const bucket = spent(state.bucket, now);
      if (!bucket) continue;
      requests++;
      const result = cache.answer(batch.tags, now);
      state = settle({ ...state, bucket }, batch, result, now);
      if (result.success)
        for (const id of batch.ids) {
          const { publish, order } = rounds.get(id)!;
          done[publish]![order] = now;
        }
    }
    const upcoming = [nextRun(state.rounds, state.bucket), publishAt[next]].filter((at): at is number => at !== null && at !== undefined);
    if (upcoming.length === 0) break;
    now = Math.max(now + 1, Math.min(...upcoming));
  }
  // publishRounds' order: pages and index at once, the index at 65 s, pages and index at 71 s, the late pair.
  const publishes = publishAt.map((at, k) => ({ at, first: Math.max(done[k]![0]!, done[k]![1]!), pagesAgain: done[k]![3]! }));
  return { publishes, requests };
}
