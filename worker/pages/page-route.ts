/**
 * HTML pages: load the page, then render it. Sets the XSRF cookie when the visitor has no
 * valid one, answers 304 when the visitor already holds this exact page, 301 for old or
 * differently cased URLs. A page this isolate has rendered before comes from its rendered-page
 * cache; `Server-Timing: html;desc="hit"` or `"miss"` says which.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serializePayload } from '../../client/Document.tsx';
import { previewSecret } from '../../contracts/preview-token.ts';
import { XSRF_COOKIE } from '../../contracts/xsrf-names.ts';
import { readPageViews } from '../analytics/page-views.ts';
import type { AppEnv } from '../app-env.ts';
import { contentReaderFor } from '../content/content-reader.ts';
import { hexDigest, notModified } from '../http/etag.ts';
import { createXsrfToken, isValidXsrfToken, xsrfSecret } from '../http/xsrf.ts';
import { isDraftPayload, loadPage, type PageLoaderContext } from './load-page.ts';
import { renderHtml } from './render-html.tsx';
import { type RenderedPageCache, renderedPageCacheFor } from './rendered-page-cache.ts';

export function loaderContext(c: Context<AppEnv>): PageLoaderContext {
  return {
    content: contentReaderFor(c.env),
    siteUrl: c.env.SITE_URL.replace(/\/$/, ''),
    editBaseUrl: c.env.EDIT_BASE_URL,
    pageViews: (day: string) => readPageViews(c.env, day),
    now: new Date(),
    previewSecret: previewSecret(c.env.PREVIEW_SECRET, new URL(c.req.url)),
  };
}

const PAGE_CACHE_HEADERS = { 'Cache-Control': 'no-cache', Vary: 'Cookie' };
export const DRAFT_CACHE_HEADERS = { 'Cache-Control': 'private, no-store', Vary: 'Cookie', 'X-Robots-Tag': 'noindex' };

export async function renderPage(c: Context<AppEnv>, url: URL): Promise<Response> {
  const result = await loadPage(url, c.req.header('cookie') ?? null, loaderContext(c));
  if (result.type === 'redirect') return c.redirect(result.location + url.search, 301);

  const { status, payload } = result;
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  const secret = xsrfSecret(c.env.XSRF_SECRET, url);
  const hasToken = secret !== null && (await isValidXsrfToken(getCookie(c, XSRF_COOKIE), secret));
  // Serialised once: the ETag hashes it and the document embeds it.
  const payloadJson = serializePayload(payload);
  // The payload (which names the client build) decides the HTML, so its hash is the page's ETag.
  // A draft (shown through its preview link) is private: no ETag, no kept copy, no index.
  const draft = isDraftPayload(payload);
  const etag = status === 200 && payload.data.kind !== 'analytics' && !draft ? `W/"${await hexDigest('SHA-1', payloadJson)}"` : null;

  // A 304 carries no Set-Cookie, so only a visitor who already has the token gets one.
  const unchanged = etag && hasToken ? notModified(c.req.raw, etag, PAGE_CACHE_HEADERS) : null;
  if (unchanged) return unchanged;
  for (const [name, value] of Object.entries(draft ? DRAFT_CACHE_HEADERS : PAGE_CACHE_HEADERS)) c.header(name, value);
  if (etag) c.header('ETag', etag);
  if (secret !== null && !hasToken) {
    setCookie(c, XSRF_COOKIE, await createXsrfToken(secret), {
      path: '/',
      sameSite: 'Lax',
      secure: url.protocol === 'https:',
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  c.header('Content-Type', 'text/html; charset=utf-8');
  const nonce = c.get('secureHeadersNonce') ?? '';
  // Only pages with an ETag are kept: those are the 200s whose HTML the payload decides.
  const renderedPages = renderedPageCacheFor(c.env);
  const cached = etag ? renderedPages.get(etag, nonce) : undefined;
  c.header('Server-Timing', `html;desc="${cached === undefined ? 'miss' : 'hit'}"`, { append: true });
  if (cached !== undefined) return c.body(cached, status as 200);

  const html = await renderHtml(payload, payloadJson, nonce);
  if (!etag || !renderedPages.enabled) return c.body(html, status as 200);
  // The visitor gets the stream as React writes it; a copy is read to its end and kept.
  const [toVisitor, toCache] = html.tee();
  c.executionCtx.waitUntil(keepRenderedPage(renderedPages, etag, toCache, nonce));
  return c.body(toVisitor, status as 200);
}

async function keepRenderedPage(cache: RenderedPageCache, etag: string, html: ReadableStream<Uint8Array>, nonce: string): Promise<void> {
  try {
    cache.set(etag, await new Response(html).text(), nonce);
  } catch (error) {
    // A render that failed midway is not kept; the visitor's copy of the stream reports it.
    console.error('Rendered page not cached', error);
  }
}
