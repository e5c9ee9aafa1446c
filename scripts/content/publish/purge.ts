/** Asks the Worker to purge the cache in front of it (its lock queues and paces purges: purge-queue.ts); prints its answer. I/O: HTTP. */
import { type PurgeAnswer, purgeAnswerSchema } from '../../../contracts/publish-lock.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
import { type Log, post, type WorkerAddress } from './publish-lock.ts';

/** The command that makes the cache in front of `worker` match what is live. */
export const purgeCommand = (worker: WorkerAddress): string => `npm run upload --${worker.remote ? ' --remote' : ''} --purge`;

const clock = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;
/** `3 tag(s) (entry:news/x, list:news, search)`, at most 8 named. */
const named = (tags: readonly string[]) =>
  `${tags.length} tag(s) (${tags.slice(0, 8).join(', ')}${tags.length > 8 ? `, and ${tags.length - 8} more` : ''})`;

/**
 * Hands the Worker `tags` that the manifest of `version` changed (none: only asks for its queue) and prints what it did:
 * purged now, or queued and when (a refusal is retried by the Worker, nothing to do), its follow-ups; with `queue`, or
 * while a refused purge waits, the queue. Throws only when the Worker does not answer as it should.
 */
export async function requestPurge(
  worker: WorkerAddress,
  version: number | null,
  tags: string[],
  log: Log,
  queue = false,
): Promise<PurgeAnswer> {
  const body = { namespace: worker.namespace, version, tags };
  const answer = await post(worker, 'cache purge', PUBLISH_PURGE_API_PATH, body, purgeAnswerSchema, [200]);
  const next = clock(answer.next ?? Date.now());
  const refused = answer.refusal
    ? ` (${answer.refusal}: nothing to do, it retries on its own; \`${purgeCommand(worker)}\` asks again)`
    : '';
  if (tags.length > 0 && answer.purgedNow) log(`purged now: ${named(tags)} from the cache in front of the Worker`);
  else if (tags.length > 0) {
    // The manifest is live either way: pages may show the old one from the cache until the purge runs.
    const live = version === null ? '' : `v${version} is live; `;
    log(
      `queued: ${live}the Worker purges ${named(tags)} from the cache in front of it at ${next}${refused || " (the cache's purge limits)"}`,
    );
  }
  const times = answer.followUps.map(clock);
  const list = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0];
  if (list) log(`the Worker purges again at ${list}, once every data centre reads the new manifest`);
  const waiting = answer.waiting === 0 ? 'empty' : `${answer.waiting} purge round(s) waiting, the next at ${next}${refused}`;
  if (queue || (answer.refusal && answer.purgedNow)) log(`the Worker's purge queue: ${waiting}`);
  return answer;
}
