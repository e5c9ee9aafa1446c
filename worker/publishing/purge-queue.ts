/** The publish lock's purge queue (purge-rules.ts decides) in its storage, run at once and from its alarm. I/O: storage, alarm, RPC. */
import { PURGES_AGAIN, type PurgesAgain } from '../../contracts/edge-cache.ts';
import type { PurgeAnswer, PurgeRequest } from '../../contracts/publish-lock.ts';
import type { WorkerEnv } from '../app-env.ts';
import * as rules from './purge-rules.ts';

const KEY = 'purge-queue';

export class PurgeQueue {
  /** One run at a time: a run awaits its RPC calls, while the next request or the alarm may come in. */
  private running: Promise<unknown> = Promise.resolve();
  private readonly ctx: DurableObjectState;
  private readonly again: PurgesAgain | null;

  /** A bad PURGE_AGAIN_SECONDS fails every call of the lock, naming it, before anything is written. */
  constructor(ctx: DurableObjectState, env: WorkerEnv) {
    this.ctx = ctx;
    this.again = rules.purgesAgain(env.PURGE_AGAIN_SECONDS, PURGES_AGAIN);
  }

  /** At `version`'s commit: its follow-ups, which run even if its upload stops before asking for the first purge. */
  async followUps(version: number, tags: string[]): Promise<void> {
    const now = Date.now();
    const rounds = rules.publishRounds(version, tags, now, this.again).filter((round) => round.at > now);
    this.save(rules.enqueue(this.load(), version, rounds, now).state);
    await this.setAlarm();
  }

  /** The purge route: queues the rounds of `tags` (in place of the follow-ups its commit queued), runs what is due. */
  async purge({ version, tags }: PurgeRequest): Promise<PurgeAnswer> {
    const now = Date.now();
    const rounds = tags.length > 0 ? rules.publishRounds(version, tags, now, this.again) : [];
    const { state, due } = rules.enqueue(this.load(), version, rounds, now);
    this.save(state);
    await this.run();
    const { rounds: left, bucket, refusal } = this.load();
    const purgedNow = due.length > 0 && !left.some((round) => due.includes(round.id));
    const followUps = [...new Set(rounds.filter((round) => round.at > now).map((round) => round.at))];
    return { purgedNow, followUps, waiting: left.length, next: rules.nextRun(left, bucket), refusal };
  }

  /** Carries out the rounds due, one purge request per scope, as far as the bucket allows; sets the alarm for the rest. */
  run(): Promise<void> {
    const done = this.running.then(() => this.runDue());
    this.running = done.catch(() => {});
    return done;
  }

  private async runDue(): Promise<void> {
    const now = Date.now();
    for (const batch of rules.dueBatches(this.load().rounds, now)) {
      const bucket = rules.spent(this.load().bucket, now);
      if (!bucket) continue;
      const result = await this.purgeScope(batch.scope, batch.tags);
      // Spent when answered, the latest the cache can have counted it: the estimate never refills ahead of the cache's
      // bucket. Read again: rounds queued while the purge was under way are kept.
      const answered = Date.now();
      this.save(rules.settle({ ...this.load(), bucket: { ...bucket, at: answered } }, batch, result, answered));
    }
    await this.setAlarm();
  }

  private load(): rules.PurgeQueueState {
    return this.ctx.storage.kv.get<rules.PurgeQueueState>(KEY) ?? rules.EMPTY_QUEUE;
  }

  private save(state: rules.PurgeQueueState): void {
    this.ctx.storage.kv.put(KEY, state);
  }

  private async setAlarm(): Promise<void> {
    const { rounds, bucket } = this.load();
    const at = rules.nextRun(rounds, bucket);
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  /** The scope's entrypoint purges its own cache: a purge reaches only the cache of the entrypoint that makes it. */
  private purgeScope(scope: rules.Scope, tags: string[]): Promise<CachePurgeResult> {
    const { exports } = this.ctx;
    const call = scope === 'pages' ? exports.default.purge(tags) : exports.ManifestSource.purge();
    return Promise.resolve(call).catch((error: Error) => ({ success: false, errors: [{ code: 0, message: error.message }] }));
  }
}
