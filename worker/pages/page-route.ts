/**
 * HTML pages: load, then answer 304, a kept copy, or a fresh React render (docs/performance.md, Work per request).
 * I/O: KV through the loader, the isolate and data-centre page caches; a page a cookie shaped is private and kept in neither.
 */
import type { Context } from 'hono';
import { serializePayload } from '../../client/Document.tsx';
import { previewSecret } from '../../contracts/preview-token.ts';
import { readPageViews } from '../analytics/page-views.ts';
import type { AppEnv } from '../app-env.ts';
import { hexDigest, notModified } from '../http/etag.ts';
import { DRAFT_ISOLATION_HEADERS } from '../http/security-headers.ts';
import { contentFor, PREVIEW_RESPONSE_HEADERS } from '../preview/preview-session.ts';
import { edgePageCacheFor } from './edge-page-cache.ts';
import { isDraftPayload, loadPage, type PageLoaderContext } from './load-page.ts';
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
 * The caching headers of a page or page data that a cookie shaped (null: none did): a preview
 * session's, or private for any other cookie a loader read.
 */
export function cookieHeaders(c: Context<AppEnv>): { 'Cache-Control': string; [header: string]: string } | null {
  if (c.var.preview) return PREVIEW_RESPONSE_HEADERS;
  return c.var.cookies.shaped() ? PRIVATE_PAGE_HEADERS : null;
}

/**
 * A page any cache may keep: browsers revalidate every time (a publish shows on the next
 * load, and an unchanged page costs a 304), a shared cache in front of the Worker keeps it for
 * 30 s and may serve it 5 minutes longer while it refetches. The Worker's own caches need no
 * expiry: their key changes with the page.
 */
export const SHARED_PAGE_CACHE_HEADERS = { 'Cache-Control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=300' };
/** Errors, the live analytics page, pages served from a stale manifest: fetched afresh each time. */
const FRESH_PAGE_HEADERS = { 'Cache-Control': 'no-cache' };
/** A draft shown through its preview link: private, never stored or indexed, isolated from its opener. */
export const DRAFT_CACHE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex', ...DRAFT_ISOLATION_HEADERS };
const PRIVATE_PAGE_HEADERS = { 'Cache-Control': 'private, no-store' };

/**
 * 301 for old or differently cased URLs; the same HTML for every visitor, so it is kept in both caches by ETag.
 * `Server-Timing: html;desc="hit"` (isolate), `"edge"` (data centre) or `"miss"` (React ran) says which answered.
 */
export async function renderPage(c: Context<AppEnv>, url: URL): Promise<Response> {
  const result = await loadPage(url, loaderContext(c), c.var.cookies);
  if (result.type === 'redirect') return c.redirect(result.location + url.search, 301);
  const personal = cookieHeaders(c);

  const { status, payload } = result;
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  // The payload (which names the client build) decides the HTML, so its hash is the page's ETag.
  const payloadJson = serializePayload(payload);
  // A draft (shown through its preview link) is private: no ETag, no kept copy, no index.
  const draft = isDraftPayload(payload);
  const cacheable = status === 200 && payload.data.kind !== 'analytics' && !draft && !result.stale && !personal;
  const etag = cacheable ? `W/"${await hexDigest('SHA-1', payloadJson)}"` : null;
  const headers = personal ?? (draft ? DRAFT_CACHE_HEADERS : etag ? SHARED_PAGE_CACHE_HEADERS : FRESH_PAGE_HEADERS);

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

async function keepRenderedPage(html: ReadableStream<Uint8Array>, keep: (text: string) => Promise<void>): Promise<void> {
  try {
    await keep(await new Response(html).text());
  } catch (error) {
    // A render that failed midway is not kept; the visitor's copy of the stream reports it.
    console.error('Rendered page not kept', error);
  }
}
