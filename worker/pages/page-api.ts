/** What the page-data and page-HTML APIs share: the page's loader for the path after their prefix, and its headers. */
import type { Context } from 'hono';
import type { PagePayload } from '../../contracts/page-payload.ts';
import type { AppEnv } from '../app-env.ts';
import { notModified } from '../http/etag.ts';
import { loadPage } from './load-page.ts';
import { pageHeaders } from './page-headers.ts';
import { loaderContext, payloadEtag } from './page-route.ts';

/**
 * Loads the page at the path after `prefix`, with the request's cookies (the browser's same-origin fetch sends the
 * page's, so a navigation in a preview session stays in it), and sets the page's headers; a page every visitor shares
 * has its payload's ETag, and a request that holds it gets a 304. A redirect is answered here, to the same API's path
 * of its target.
 */
export async function loadForApi(c: Context<AppEnv>, prefix: string): Promise<Response | { payload: PagePayload; status: number }> {
  const url = new URL(c.req.url);
  const pagePath = url.pathname.slice(prefix.length) || '/';
  const context = loaderContext(c);
  const result = await loadPage(new URL(pagePath + url.search, url), context);
  if (result.type === 'redirect') return c.redirect(`${prefix}${result.location}${url.search}`, 301);
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  const { headers, shared } = pageHeaders(c, result, context.content);
  const etag = shared ? await payloadEtag(result.payload) : null;
  const unchanged = etag ? notModified(c.req.raw, etag, headers) : null;
  if (unchanged) return unchanged;
  for (const [name, value] of Object.entries({ ...headers, ...(etag ? { ETag: etag } : {}) })) c.header(name, value);
  return { payload: result.payload, status: result.status };
}
