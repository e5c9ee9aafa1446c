/**
 * GET /api/_analog/xsrf-token: `{ token }`, the visitor's signed XSRF token, also set as a cookie sent to API requests
 * only (contracts/xsrf-names.ts). The browser asks just before its first state-changing request, so no page sets a
 * cookie. I/O: a Set-Cookie header.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { XSRF_COOKIE, XSRF_COOKIE_PATH } from '../../contracts/xsrf-names.ts';
import type { AppEnv } from '../app-env.ts';
import { createXsrfToken, isValidXsrfToken, xsrfSecret } from './xsrf.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** A valid token the visitor holds is handed back (tabs then share one), else a new one; 503 when no secret may be used. */
export async function xsrfToken(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const secret = xsrfSecret(c.env.XSRF_SECRET, url);
  if (secret === null) return c.json({ error: 'XSRF protection is not configured on this server (XSRF_SECRET is missing).' }, 503);
  c.header('Cache-Control', 'no-store');
  const held = getCookie(c, XSRF_COOKIE);
  const token = held !== undefined && (await isValidXsrfToken(held, secret)) ? held : await createXsrfToken(secret);
  const secure = url.protocol === 'https:';
  // No script reads the cookie (the body hands the token over), so none may.
  setCookie(c, XSRF_COOKIE, token, { path: XSRF_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure, maxAge: ONE_YEAR_SECONDS });
  // One set at `/` by an older version of the site would go with every page request, past the shared cache.
  if (held !== undefined) deleteCookie(c, XSRF_COOKIE, { path: '/', sameSite: 'Lax', secure });
  return c.json({ token });
}
