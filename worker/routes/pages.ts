/**
 * HTML pages: load the page, then render it. Sets the XSRF cookie when the visitor has no
 * valid one, answers 304 when the visitor already holds this exact page, 301 for old or
 * differently cased URLs.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serializePayload } from '../../client/Document.tsx';
import { BUILD_ID } from '../client-assets.ts';
import { contentReaderFor } from '../content-reader.ts';
import type { AppEnv } from '../env.ts';
import { loadPage, type LoaderContext } from '../loaders.ts';
import { readPageViews } from '../page-views.ts';
import { renderHtml } from '../render-html.tsx';
import { createXsrfToken, isValidXsrfToken, XSRF_COOKIE, xsrfSecret } from '../xsrf.ts';

export function loaderContext(c: Context<AppEnv>): LoaderContext {
  return {
    content: contentReaderFor(c.env),
    siteUrl: c.env.SITE_URL.replace(/\/$/, ''),
    editBaseUrl: c.env.EDIT_BASE_URL,
    pageViews: (day) => readPageViews(c.env, day),
    now: new Date(),
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
  const etag = status === 200 && payload.data.kind !== 'analytics' ? await pageEtag(payloadJson) : null;

  c.header('Cache-Control', 'no-cache');
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
  const html = await renderHtml(payload, payloadJson, c.get('secureHeadersNonce') ?? '');
  c.header('Content-Type', 'text/html; charset=utf-8');
  return c.body(html, status as 200);
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
