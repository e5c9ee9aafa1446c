/**
 * Page-view counts in a Durable Object with SQLite storage, one row per (path, UTC day): the path only, no IP address,
 * user id or cookie. I/O: its own storage.
 */
import { DurableObject } from 'cloudflare:workers';
import type { PageViews } from '../../contracts/page-payload.ts';
import type { WorkerEnv as Env } from '../app-env.ts';

/** The one counter instance (COUNTER_NAME) behind every page view. */
export class AnalyticsCounter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS views (path TEXT NOT NULL, day TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (path, day))`,
    );
  }

  /** Counts one view of `path` on `day` (YYYY-MM-DD). */
  hit(path: string, day: string): void {
    this.ctx.storage.sql.exec(
      `INSERT INTO views (path, day, count) VALUES (?, ?, 1) ON CONFLICT (path, day) DO UPDATE SET count = count + 1`,
      path,
      day,
    );
  }

  /** Views per path, today and all-time, most viewed first. */
  stats(day: string): PageViews[] {
    const rows = this.ctx.storage.sql
      .exec<{ path: string; today: number; allTime: number }>(
        `SELECT path, SUM(CASE WHEN day = ? THEN count ELSE 0 END) AS today, SUM(count) AS allTime
         FROM views GROUP BY path ORDER BY allTime DESC, path ASC`,
        day,
      )
      .toArray();
    return rows.map((r) => ({ path: r.path, today: Number(r.today), allTime: Number(r.allTime) }));
  }
}

/** The single counter instance. */
export const COUNTER_NAME = 'site';
