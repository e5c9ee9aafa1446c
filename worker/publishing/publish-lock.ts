/**
 * The publish lock as a Durable Object: one instance worldwide, whose calls apply one after another, giving the
 * compare-and-swap that Workers KV lacks. I/O: its own SQLite storage.
 */
import { DurableObject } from 'cloudflare:workers';
import type { WorkerEnv as Env } from '../app-env.ts';
import {
  acquire,
  type CommitResult,
  commit,
  EMPTY_LEASE_STATE,
  type LeaseResult,
  type LeaseState,
  type ReleaseOutcome,
  type ResetResult,
  release,
  reset,
} from './publish-lease.ts';

/** The name of the one instance. */
export const PUBLISH_LOCK_NAME = 'content';

/** Each method reads, decides (publish-lease.ts) and writes with no await in between, so calls never interleave. */
export class PublishLock extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)`);
  }

  private read(): LeaseState {
    const row = this.ctx.storage.sql.exec<{ state: string }>(`SELECT state FROM lock WHERE id = 1`).toArray()[0];
    return row ? (JSON.parse(row.state) as LeaseState) : EMPTY_LEASE_STATE;
  }

  private write(state: LeaseState): void {
    this.ctx.storage.sql.exec(
      `INSERT INTO lock (id, state) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state`,
      JSON.stringify(state),
    );
  }

  acquire(holder: string, ttlSeconds: number, reserved?: number): LeaseResult {
    const { state, result } = acquire(this.read(), holder, ttlSeconds, Date.now(), reserved);
    if (result.ok) this.write(state);
    return result;
  }

  commit(holder: string, basedOn: number | null, version: number): CommitResult {
    const { state, result } = commit(this.read(), holder, basedOn, version, Date.now());
    if (result.ok) this.write(state);
    return result;
  }

  release(holder: string, outcome: ReleaseOutcome): void {
    this.write(release(this.read(), holder, outcome, Date.now()));
  }

  reset(holder: string, from: number, to: number | null): ResetResult {
    const { state, result } = reset(this.read(), holder, from, to, Date.now());
    if (result.ok) this.write(state);
    return result;
  }
}
