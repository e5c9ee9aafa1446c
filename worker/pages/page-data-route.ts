/**
 * GET /api/_analog/pages/<route>: a page's { meta, data }, exactly what SSR renders from, for the client router.
 * I/O: what the loader reads.
 */
import type { Context } from 'hono';
import { PAGE_API_PREFIX } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { safeJson } from '../http/safe-json.ts';
import { loadForApi } from './page-api.ts';

/** The same loader as the page; a redirect points at the page-data path of its target. */
export async function pageData(c: Context<AppEnv>): Promise<Response> {
  const loaded = await loadForApi(c, PAGE_API_PREFIX);
  if (loaded instanceof Response) return loaded;
  return safeJson(c, loaded.payload, loaded.status as 200);
}
