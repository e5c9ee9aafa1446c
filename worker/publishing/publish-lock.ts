/**
 * The publish lock, a Durable Object: one instance per KV namespace worldwide, whose calls apply one at a time, holding
 * who publishes now and the live manifest version, with the compare-and-swap Workers KV lacks. I/O: its own SQLite storage.
 */
import { DurableObject } from 'cloudflare:workers';
import type { LockAnswer } from '../../contracts/publish-lock.ts';
import type { WorkerEnv as Env } from '../app-env.ts';
import { claim, commit, EMPTY_LOCK, type LockState, release } from './publish-rules.ts';

/** Each method reads, decides (publish-rules.ts) and writes with no await in between, so calls never interleave. */
export class PublishLock extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)`);
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

  commit(holder: string, basedOn: number | null, version: number): LockAnswer {
    return this.apply((state) => commit(state, holder, basedOn, version, Date.now()));
  }

  release(holder: string): LockAnswer {
    return this.apply((state) => ({ state: release(state, holder, Date.now()), answer: { ok: true } }));
  }
}
