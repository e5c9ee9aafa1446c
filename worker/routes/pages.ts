/**
 * HTML pages: load the page, then render it. Sets the XSRF cookie when the visitor has no
 * valid one, answers 304 when the visitor already holds this exact page, 301 for old or
 * differently cased URLs. A page this isolate has rendered before comes from its rendered-page
 * cache; `Server-Timing: html;desc="hit"` or `"miss"` says which.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serializePayload } from '../../client/Document.tsx';
import { BUILD_ID } from '../client-assets.ts';
import { contentReaderFor } from '../content-reader.ts';
import type { AppEnv } from '../env.ts';
import { previewSecret } from '../draft-preview.ts';
import { isDraftPayload, loadPage, type LoaderContext } from '../loaders.ts';
import { readPageViews } from '../page-views.ts';
import { renderHtml } from '../render-html.tsx';
import { renderedPageCacheFor, type RenderedPageCache } from '../rendered-page-cache.ts';
import { createXsrfToken, isValidXsrfToken, XSRF_COOKIE, xsrfSecret } from '../xsrf.ts';

export function loaderContext(c: Context<AppEnv>): LoaderContext {
  return {
    content: contentReaderFor(c.env),
    siteUrl: c.env.SITE_URL.replace(/\/$/, ''),
    editBaseUrl: c.env.EDIT_BASE_URL,
    pageViews: (day) => readPageViews(c.env, day),
    now: new Date(),
    previewSecret: previewSecret(c.env.PREVIEW_SECRET, new URL(c.req.url)),
  };
}

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
  // A draft (shown through its preview link) is private: no ETag, no kept copy, no index.
  const draft = isDraftPayload(payload);
  const etag = status === 200 && payload.data.kind !== 'analytics' && !draft ? await pageEtag(payloadJson) : null;

  c.header('Cache-Control', draft ? 'private, no-store' : 'no-cache');
  if (draft) c.header('X-Robots-Tag', 'noindex');
  c.header('Vary', 'Cookie');
  if (etag) c.header('ETag', etag);
  // A 304 carries no Set-Cookie, so only a visitor who already has the token gets one.
  if (etag && hasToken && matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304);
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

/** The payload decides the HTML (with the client build), so its hash is the page's ETag. */
async function pageEtag(payloadJson: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(`${BUILD_ID}\n${payloadJson}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `W/"${hex}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}
