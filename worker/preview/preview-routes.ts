/**
 * GET /_preview/<name>?token=… starts a whole-site preview session (cookie, 303 home; a bad link gets 400/403/410/404
 * with the reason); GET /_preview/leave?to=<path> ends it. I/O: one KV read.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { meta } from '../../client/routes/message.tsx';
import type { PagePayload } from '../../contracts/page-payload.ts';
import { previewSecret } from '../../contracts/preview-token.ts';
import { LEAVE_PREVIEW_PATH, PREVIEW_PATH_PREFIX } from '../../contracts/routes.ts';
import { PREVIEW_COOKIE, previewNameProblem, signPreviewSession, verifyPreviewLink } from '../../contracts/site-preview.ts';
import type { AppEnv } from '../app-env.ts';
import { BUILD_ID } from '../pages/client-assets.ts';
import { renderHtml } from '../pages/render-html.tsx';
import { previewCookieOptions, readPreviewRecord } from './preview-session.ts';

export const previewRoutes = new Hono<AppEnv>();

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

/** A local path to return to, or `/`: never another host (`//evil.example`, `/\\evil.example`). */
const localPath = (to: string | undefined): string => (to && /^\/(?![/\\])/.test(to) ? to : '/');

previewRoutes.get(LEAVE_PREVIEW_PATH, (c) => {
  deleteCookie(c, PREVIEW_COOKIE, previewCookieOptions(new URL(c.req.url)));
  for (const [name, value] of Object.entries(NO_STORE)) c.header(name, value);
  return c.redirect(localPath(c.req.query('to')), 303);
});

previewRoutes.get(`${PREVIEW_PATH_PREFIX}:name`, async (c) => {
  const url = new URL(c.req.url);
  const name = c.req.param('name');
  const refuse = (status: 400 | 403 | 404 | 410, heading: string, message: string) => messagePage(c, status, heading, message);
  const problem = previewNameProblem(name);
  if (problem) return refuse(400, 'Not a preview link', `${problem}.`);
  const token = c.req.query('token');
  if (!token) return refuse(400, 'Incomplete preview link', 'This link has no token: open the whole link the upload printed.');
  const secret = previewSecret(c.env.PREVIEW_SECRET, url);
  if (!secret) return refuse(403, 'Previews are off', 'This site has no PREVIEW_SECRET, so no preview link can be checked on it.');
  const check = await verifyPreviewLink(secret, name, token, new Date());
  if (!check.ok) {
    if (check.reason === 'malformed') return refuse(400, 'Not a preview link', 'The token of this link is not one the upload prints.');
    if (check.reason === 'forged')
      return refuse(
        403,
        'Invalid preview link',
        `This link is not signed for the preview ${name}: it was changed, or signed with another secret.`,
      );
    const when = check.expires?.toISOString().slice(0, 16).replace('T', ' ');
    return refuse(
      410,
      'Preview link expired',
      `This link to the preview ${name} expired at ${when} UTC: upload the preview again for a new link.`,
    );
  }
  const record = await readPreviewRecord(c.env.CONTENT, name);
  if (!record)
    return refuse(
      404,
      'Preview not found',
      `The preview ${name} no longer exists: it was removed or cleaned up. The public site is still here.`,
    );
  const value = await signPreviewSession(secret, name, Math.floor(check.expires.getTime() / 1000));
  setCookie(c, PREVIEW_COOKIE, value, { ...previewCookieOptions(url), expires: check.expires });
  for (const [header, text] of Object.entries(NO_STORE)) c.header(header, text);
  return c.redirect('/', 303);
});

/** The site's message page with a heading and the reason, under `status`. */
async function messagePage(c: Context<AppEnv>, status: 400 | 403 | 404 | 410, heading: string, message: string): Promise<Response> {
  const siteUrl = c.env.SITE_URL.replace(/\/$/, '');
  const payload: PagePayload = {
    meta: meta(siteUrl, new URL(c.req.url).pathname, heading, message),
    data: { kind: 'notFound', heading, message, suggestions: [], year: new Date().getUTCFullYear() },
    build: BUILD_ID,
  };
  const html = await renderHtml(payload);
  return c.body(html, status, { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' });
}
