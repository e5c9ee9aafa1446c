/**
 * The publish lock's queue of purges (purge-rules.ts decides): rounds kept in its SQLite storage, carried out at once
 * and from its alarm, each scope's purge an RPC call on the entrypoint whose cache it empties. I/O: SQLite, alarm, RPC.
 */
import { PURGES_AGAIN } from '../../contracts/edge-cache.ts';
import type { PurgeAnswer, PurgeRequest } from '../../contracts/publish-lock.ts';
import type { WorkerEnv } from '../app-env.ts';
import {
  afterRefusal,
  type Bucket,
  dueBatches,
  FULL_BUCKET,
  nextRun,
  publishRounds,
  purgesAgain,
  type QueuedRound,
  type Round,
  type Scope,
  spent,
} from './purge-rules.ts';

const inIds = 'id IN (SELECT value FROM json_each(?))';
const clock = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

export class PurgeQueue {
  /** One run at a time: a run awaits its RPC calls, while the next request or the alarm may come in. */
  private running: Promise<unknown> = Promise.resolve();

  private readonly ctx: DurableObjectState;
  private readonly env: WorkerEnv;

  constructor(ctx: DurableObjectState, env: WorkerEnv) {
    this.ctx = ctx;
    this.env = env;
    const { sql } = ctx.storage;
    sql.exec(`CREATE TABLE IF NOT EXISTS purge_round (
      id INTEGER PRIMARY KEY, scope TEXT NOT NULL, at INTEGER NOT NULL, tags TEXT NOT NULL, version INTEGER, tries INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS purge_bucket (
      id INTEGER PRIMARY KEY CHECK (id = 1), tokens REAL NOT NULL, at INTEGER NOT NULL, refusal TEXT)`);
  }

  /** At `version`'s commit: its follow-ups, which run even if its upload stops before asking for the first purge. */
  async followUps(version: number, tags: string[]): Promise<void> {
    const now = Date.now();
    this.queue(
      version,
      now,
      publishRounds(version, tags, now, this.again()).filter((round) => round.at > now),
    );
    await this.setAlarm();
  }

  /** The purge route: queues the rounds of `tags` (in place of the follow-ups its commit queued), runs what is due. */
  async purge({ version, tags }: PurgeRequest): Promise<PurgeAnswer> {
    const now = Date.now();
    const rounds = tags.length > 0 ? publishRounds(version, tags, now, this.again()) : [];
    const ids = this.queue(version, now, rounds);
    await this.run();
    const left = new Set(this.rounds().map((round) => round.id));
    const { refusal } = this.state();
    const followUps = [...new Set(rounds.filter((round) => round.at > now).map((round) => round.at))];
    return {
      purgedNow: ids.length > 0 && ids.every((id) => !left.has(id)),
      followUps,
      waiting: left.size,
      next: nextRun(this.rounds(), this.state().bucket),
      refusal: left.size > 0 ? refusal : null,
    };
  }

  /** Carries out the rounds due, one purge request per scope, as far as the bucket allows; sets the alarm for the rest. */
  run(): Promise<void> {
    const done = this.running.then(() => this.runDue());
    this.running = done.catch(() => {});
    return done;
  }

  private async runDue(): Promise<void> {
    const now = Date.now();
    let { bucket, refusal } = this.state();
    for (const batch of dueBatches(this.rounds(), now)) {
      const paid = spent(bucket, now);
      if (!paid) continue;
      bucket = paid;
      const result = await this.purgeScope(batch.scope, batch.tags);
      const ids = JSON.stringify(batch.ids);
      if (result.success) {
        this.ctx.storage.sql.exec(`DELETE FROM purge_round WHERE ${inIds}`, ids);
        continue;
      }
      const after = afterRefusal(batch.tries + 1, now);
      bucket = after.bucket;
      const errors = result.errors.map(({ code, message }) => `${code} ${message}`).join('; ') || 'no reason given';
      refusal = `the cache refused the purge of the ${batch.scope} at ${clock(now)} (${errors}); the Worker tries again at ${clock(after.retryAt)}`;
      this.ctx.storage.sql.exec(`UPDATE purge_round SET tries = ?, at = ? WHERE ${inIds}`, batch.tries + 1, after.retryAt, ids);
    }
    if (!this.rounds().some((round) => round.tries > 0)) refusal = null;
    this.ctx.storage.sql.exec(
      `INSERT INTO purge_bucket (id, tokens, at, refusal) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET tokens = excluded.tokens, at = excluded.at, refusal = excluded.refusal`,
      bucket.tokens,
      bucket.at,
      refusal,
    );
    await this.setAlarm();
  }

  /** Queues `rounds` of `version`, dropping the follow-ups not yet tried that an earlier call queued for it; the ids of those due now. */
  private queue(version: number | null, now: number, rounds: Round[]): number[] {
    const { sql } = this.ctx.storage;
    if (version !== null) sql.exec('DELETE FROM purge_round WHERE version = ? AND tries = 0 AND at > ?', version, now);
    return rounds.flatMap(({ scope, at, tags }) => {
      const row = sql.exec<{ id: number }>(
        'INSERT INTO purge_round (scope, at, tags, version, tries) VALUES (?, ?, ?, ?, 0) RETURNING id',
        scope,
        at,
        JSON.stringify(tags),
        version,
      );
      const { id } = row.one();
      return at <= now ? [id] : [];
    });
  }

  private rounds(): QueuedRound[] {
    type Row = { id: number; scope: Scope; at: number; tags: string; version: number | null; tries: number };
    return this.ctx.storage.sql
      .exec<Row>('SELECT id, scope, at, tags, version, tries FROM purge_round ORDER BY at, id')
      .toArray()
      .map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[] }));
  }

  private state(): { bucket: Bucket; refusal: string | null } {
    type Row = { tokens: number; at: number; refusal: string | null };
    const row = this.ctx.storage.sql.exec<Row>('SELECT tokens, at, refusal FROM purge_bucket WHERE id = 1').toArray()[0];
    return row ? { bucket: { tokens: row.tokens, at: row.at }, refusal: row.refusal } : { bucket: FULL_BUCKET, refusal: null };
  }

  private async setAlarm(): Promise<void> {
    const at = nextRun(this.rounds(), this.state().bucket);
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  private again() {
    return purgesAgain(this.env.PURGE_AGAIN_SECONDS, PURGES_AGAIN);
  }

  /** The scope's entrypoint purges its own cache: a purge reaches only the cache of the entrypoint that makes it. */
  private purgeScope(scope: Scope, tags: string[]): Promise<CachePurgeResult> {
    const { exports } = this.ctx;
    const call = scope === 'pages' ? exports.default.purge(tags) : exports.ManifestSource.purge();
    return Promise.resolve(call).catch((error: Error) => ({ success: false, errors: [{ code: 0, message: error.message }] }));
  }
}
