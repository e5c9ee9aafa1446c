/**
 * Reads page-view figures from the counter; a failing Durable Object yields null, never an error page.
 * I/O: the Durable Object.
 */
import type { PageViews } from '../../contracts/page-payload.ts';
import type { WorkerEnv as Env } from '../app-env.ts';
import { COUNTER_NAME } from './analytics-counter.ts';

/** The stub of the one counter instance. */
export const counterStub = (env: Env) => env.ANALYTICS.get(env.ANALYTICS.idFromName(COUNTER_NAME));

/** Views per path for `day` (YYYY-MM-DD) and all time, or null when the counter fails. */
export async function readPageViews(env: Env, day: string): Promise<PageViews[] | null> {
  try {
    return await counterStub(env).stats(day);
  } catch (error) {
    console.error('analytics unavailable', error);
    return null;
  }
}
