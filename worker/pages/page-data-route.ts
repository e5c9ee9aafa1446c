/**
 * GET /api/_analog/pages/<route>: a page's { meta, data }, exactly what SSR renders from (the
 * same loader, through load-page.ts). The browser's router navigates with it.
 */
import type { Context } from 'hono';
import { PAGE_API_PREFIX } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { safeJson } from '../http/safe-json.ts';
import { isDraftPayload, loadPage } from './load-page.ts';
import { cookieHeaders, DRAFT_CACHE_HEADERS, loaderContext } from './page-route.ts';

export async function pageData(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const pagePath = url.pathname.slice(PAGE_API_PREFIX.length) || '/';
  // The browser's same-origin fetch sends the page's cookies: a navigation in a preview session stays in it.
  const result = await loadPage(new URL(pagePath + url.search, url), loaderContext(c), c.var.cookies);
  c.header('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(cookieHeaders(c) ?? {})) c.header(name, value);
  if (result.type === 'redirect') return c.redirect(`${PAGE_API_PREFIX}${result.location}${url.search}`, 301);
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  if (isDraftPayload(result.payload)) for (const [name, value] of Object.entries(DRAFT_CACHE_HEADERS)) c.header(name, value);
  return safeJson(c, result.payload, result.status as 200);
}
