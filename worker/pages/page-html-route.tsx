/**
 * GET /api/_analog/page-html/<route>: the HTML of a page inside #root, with its meta, as JSON
 * (contracts/page-fragment.ts). The same loader as the page route (load-page.ts), so the two
 * agree; the browser's router swaps it in instead of loading the document.
 */
import type { Context } from 'hono';
import { renderToString } from 'react-dom/server.edge';
import { App } from '../../client/App.tsx';
import { PAGE_HTML_API_PREFIX, type PageFragment } from '../../contracts/page-fragment.ts';
import type { AppEnv } from '../app-env.ts';
import { safeJson } from '../http/safe-json.ts';
import { isDraftPayload, loadPage } from './load-page.ts';
import { cookieHeaders, DRAFT_CACHE_HEADERS, loaderContext } from './page-route.ts';

export async function pageHtml(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const pagePath = url.pathname.slice(PAGE_HTML_API_PREFIX.length) || '/';
  // The router's same-origin fetch sends the page's cookies: a navigation in a preview session stays in it.
  const result = await loadPage(new URL(pagePath + url.search, url), loaderContext(c), c.var.cookies);
  c.header('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(cookieHeaders(c) ?? {})) c.header(name, value);
  if (result.type === 'redirect') return c.redirect(`${PAGE_HTML_API_PREFIX}${result.location}${url.search}`, 301);
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  const { payload, status } = result;
  if (isDraftPayload(payload)) for (const [name, value] of Object.entries(DRAFT_CACHE_HEADERS)) c.header(name, value);
  // The same element the document renders inside #root (client/Document.tsx).
  const html = renderToString(<App data={payload.data} path={new URL(payload.meta.url).pathname} />);
  const fragment: PageFragment = { build: payload.build, status, kind: payload.data.kind, meta: payload.meta, html };
  return safeJson(c, fragment, status as 200);
}
