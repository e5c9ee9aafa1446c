/**
 * HTML pages: load, then answer 304, a kept copy, or a fresh React render (docs/performance.md, Work per request).
 * I/O: KV through the loader, the isolate and data-centre page caches; a page a cookie shaped is private and kept in neither.
 */
import type { Context } from 'hono';
import { serializePayload } from '../../client/Document.tsx';
import type { PagePayload } from '../../contracts/page-payload.ts';
import { previewSecret } from '../../contracts/preview-token.ts';
import { readPageViews } from '../analytics/page-views.ts';
import type { AppEnv } from '../app-env.ts';
import { hexDigest, notModified } from '../http/etag.ts';
import { contentFor } from '../preview/preview-session.ts';
import { edgePageCacheFor } from './edge-page-cache.ts';
import { loadPage, type PageLoaderContext } from './load-page.ts';
import { pageHeaders } from './page-headers.ts';
import { renderHtml } from './render-html.tsx';
import { renderedPageCacheFor } from './rendered-page-cache.ts';

/** What the loaders get for this request: content reader, site URL, page views, clock, preview secret. */
export function loaderContext(c: Context<AppEnv>): PageLoaderContext {
  const session = c.var.preview;
  return {
    content: contentFor(c),
    siteUrl: c.env.SITE_URL.replace(/\/$/, ''),
    editBaseUrl: c.env.EDIT_BASE_URL,
    pageViews: (day: string) => readPageViews(c.env, day),
    now: new Date(),
    previewSecret: previewSecret(c.env.PREVIEW_SECRET, new URL(c.req.url)),
    preview: session ? { name: session.name, expires: session.expires.toISOString() } : null,
  };
}

/**
 * 301 for old or differently cased URLs; the same HTML for every visitor, so it is kept in both caches by ETag.
 * `Server-Timing: html;desc="hit"` (isolate), `"edge"` (data centre) or `"miss"` (React ran) says which answered.
 */
export async function renderPage(c: Context<AppEnv>, url: URL): Promise<Response> {
  const context = loaderContext(c);
  const result = await loadPage(url, context);
  if (result.type === 'redirect') return c.redirect(result.location + url.search, 301);

  const { status, payload } = result;
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  // A page no visitor shares (a draft, a preview's, analytics, an error) has no ETag and no kept copy.
  const { headers, shared } = pageHeaders(c, result, context.content);
  const etag = shared ? await payloadEtag(payload) : null;

  const unchanged = etag ? notModified(c.req.raw, etag, headers) : null;
  if (unchanged) return unchanged;
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (!etag) return c.body(await renderHtml(payload), status as 200);
  c.header('ETag', etag);

  const isolatePages = renderedPageCacheFor(c.env);
  const edgePages = edgePageCacheFor(c.env, url.origin);
  const timing = (desc: string) => c.header('Server-Timing', `html;desc="${desc}"`, { append: true });
  const kept = isolatePages.get(etag);
  if (kept !== undefined) {
    timing('hit');
    return c.body(kept, 200);
  }
  const fromEdge = await edgePages?.get(etag);
  if (fromEdge !== undefined) {
    isolatePages.set(etag, fromEdge);
    timing('edge');
    return c.body(fromEdge, 200);
  }
  timing('miss');
  const html = await renderHtml(payload);
  if (!isolatePages.enabled && !edgePages) return c.body(html, 200);
  // The visitor gets the stream as React writes it; a copy is read to its end and kept.
  const [toVisitor, toCaches] = html.tee();
  c.executionCtx.waitUntil(
    keepRenderedPage(toCaches, async (text) => {
      isolatePages.set(etag, text);
      await edgePages?.put(etag, text);
    }),
  );
  return c.body(toVisitor, 200);
}

/** The payload (which names the client build) decides the HTML, so its hash is the page's ETag. */
export const payloadEtag = async (payload: PagePayload): Promise<string> => `W/"${await hexDigest('SHA-1', serializePayload(payload))}"`;

async function keepRenderedPage(html: ReadableStream<Uint8Array>, keep: (text: string) => Promise<void>): Promise<void> {
  try {
    await keep(await new Response(html).text());
  } catch (error) {
    // A render that failed midway is not kept; the visitor's copy of the stream reports it.
    console.error('Rendered page not kept', error);
  }
}
