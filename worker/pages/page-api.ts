/** What the page-data and page-HTML APIs share: the page's loader for the path after their prefix, and its headers. */
import type { Context } from 'hono';
import type { PagePayload } from '../../contracts/page-payload.ts';
import type { AppEnv } from '../app-env.ts';
import { isDraftPayload, loadPage } from './load-page.ts';
import { cookieHeaders, DRAFT_CACHE_HEADERS, loaderContext } from './page-route.ts';

/**
 * Loads the page at the path after `prefix`, with the request's cookies (the browser's same-origin fetch sends the
 * page's, so a navigation in a preview session stays in it), and sets the answer's headers. A redirect is answered
 * here, to the same API's path of its target.
 */
export async function loadForApi(c: Context<AppEnv>, prefix: string): Promise<Response | { payload: PagePayload; status: number }> {
  const url = new URL(c.req.url);
  const pagePath = url.pathname.slice(prefix.length) || '/';
  const result = await loadPage(new URL(pagePath + url.search, url), loaderContext(c), c.var.cookies);
  c.header('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(cookieHeaders(c) ?? {})) c.header(name, value);
  if (result.type === 'redirect') return c.redirect(`${prefix}${result.location}${url.search}`, 301);
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  if (isDraftPayload(result.payload)) for (const [name, value] of Object.entries(DRAFT_CACHE_HEADERS)) c.header(name, value);
  return { payload: result.payload, status: result.status };
}
