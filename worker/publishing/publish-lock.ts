/** The publish lock, a Durable Object per KV namespace: who publishes, the compare-and-swap KV lacks, purge queue. I/O: SQLite, alarm. */
import { DurableObject } from 'cloudflare:workers';
import type { LockAnswer, PurgeAnswer, PurgeRequest } from '../../contracts/publish-lock.ts';
import type { WorkerEnv as Env } from '../app-env.ts';
import { claim, commit, EMPTY_LOCK, type LockState, release } from './publish-rules.ts';
import { PurgeQueue } from './purge-queue.ts';

/** Each lock method reads, decides (publish-rules.ts) and writes with no await in between, so calls never interleave. */
export class PublishLock extends DurableObject<Env> {
  private readonly purges: PurgeQueue;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)`);
    this.purges = new PurgeQueue(ctx, env);
  }

  private apply(decide: (state: LockState) => { state: LockState; answer: LockAnswer }): LockAnswer {
    const row = this.ctx.storage.sql.exec<{ state: string }>(`SELECT state FROM lock WHERE id = 1`).toArray()[0];
    const { state, answer } = decide(row ? (JSON.parse(row.state) as LockState) : EMPTY_LOCK);
    this.ctx.storage.sql.exec(
      `INSERT INTO lock (id, state) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state`,
      JSON.stringify(state),
    );
    return answer;
  }

  claim(holder: string): LockAnswer {
    return this.apply((state) => claim(state, holder, Date.now()));
  }

  /** A version made live queues its follow-up purges of `tags` at once: they run even if its upload stops after the manifest. */
  async commit(holder: string, basedOn: number | null, version: number, tags: string[]): Promise<LockAnswer> {
    const answer = this.apply((state) => commit(state, holder, basedOn, version, Date.now()));
    if (answer.ok) await this.purges.followUps(version, tags);
    return answer;
  }

  release(holder: string): LockAnswer {
    return this.apply((state) => ({ state: release(state, holder, Date.now()), answer: { ok: true } }));
  }

  purge(request: PurgeRequest): Promise<PurgeAnswer> {
    return this.purges.purge(request);
  }

  override async alarm(): Promise<void> {
    await this.purges.run();
  }
}
