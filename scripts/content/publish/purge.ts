/** Asks the Worker to purge the cache in front of it (its lock queues and paces purges: purge-queue.ts); prints its answer. I/O: HTTP. */
import { type PurgeAnswer, purgeAnswerSchema } from '../../../contracts/publish-lock.ts';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
import { type Log, post, type WorkerAddress } from './publish-lock.ts';
import { purgeLines } from './upload-report.ts';

/** The command that makes the cache in front of `worker` match what is live. */
export const purgeCommand = (worker: WorkerAddress): string => `npm run upload --${worker.remote ? ' --remote' : ''} --purge`;

/**
 * Hands the Worker `tags` that the manifest of `version` changed (none: only asks for its queue) and prints what it did:
 * a refused purge is queued and retried by the Worker. Throws only when the Worker does not answer as it should.
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
  for (const line of purgeLines(tags, answer, purgeCommand(worker), queue)) log(line);
  return answer;
}
