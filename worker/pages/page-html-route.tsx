/**
 * GET /api/_analog/page-html/<route>: a page's HTML inside #root and its meta as JSON (contracts/page-fragment.ts), from
 * the page route's loader, for the browser's router to swap in. I/O: what the loader reads.
 */
import type { Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server.edge';
import { App } from '../../client/App.tsx';
import { PAGE_HTML_API_PREFIX, type PageFragment } from '../../contracts/page-fragment.ts';
import type { AppEnv } from '../app-env.ts';
import { safeJson } from '../http/safe-json.ts';
import { loadForApi } from './page-api.ts';

export async function pageHtml(c: Context<AppEnv>): Promise<Response> {
  const loaded = await loadForApi(c, PAGE_HTML_API_PREFIX);
  if (loaded instanceof Response) return loaded;
  const { payload, status } = loaded;
  // The same element the document renders inside #root (client/Document.tsx).
  const stream = await renderToReadableStream(<App data={payload.data} path={new URL(payload.meta.url).pathname} />);
  await stream.allReady;
  const html = await new Response(stream).text();
  const fragment: PageFragment = { build: payload.build, status, kind: payload.data.kind, meta: payload.meta, html };
  return safeJson(c, fragment, status as 200);
}
