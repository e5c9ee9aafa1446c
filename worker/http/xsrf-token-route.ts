/**
 * GET /api/_analog/xsrf-token: sets the signed XSRF cookie unless the visitor has a valid one; 204 either way. The
 * browser asks just before its first state-changing request, so no page sets a cookie. I/O: a Set-Cookie header.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { XSRF_COOKIE } from '../../contracts/xsrf-names.ts';
import type { AppEnv } from '../app-env.ts';
import { createXsrfToken, isValidXsrfToken, xsrfSecret } from './xsrf.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** 503 when no secret may be used on this host (XSRF_SECRET unset, not localhost). */
export async function xsrfToken(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const secret = xsrfSecret(c.env.XSRF_SECRET, url);
  if (secret === null) return c.json({ error: 'XSRF protection is not configured on this server (XSRF_SECRET is missing).' }, 503);
  c.header('Cache-Control', 'no-store');
  if (!(await isValidXsrfToken(getCookie(c, XSRF_COOKIE), secret))) {
    setCookie(c, XSRF_COOKIE, await createXsrfToken(secret), {
      path: '/',
      sameSite: 'Lax',
      secure: url.protocol === 'https:',
      maxAge: ONE_YEAR_SECONDS,
    });
  }
  return c.body(null, 204);
}
