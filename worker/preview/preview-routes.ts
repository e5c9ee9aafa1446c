/**
 * The preview paths: GET /_preview/<name>?token=… starts a session (its cookie, 303 to the preview's home page; a bad
 * link gets 400/403/410/404 with the reason), /_preview/<name>/<path> is <path> as the session's preview shows it,
 * GET /_preview/leave?name=<name>&to=<path> ends it. I/O: KV reads, the app for the page itself.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { meta } from '../../client/routes/message.tsx';
import type { PagePayload } from '../../contracts/page-payload.ts';
import { previewSecret } from '../../contracts/preview-token.ts';
import { LEAVE_PREVIEW_PATH, PREVIEW_PATH_PREFIX } from '../../contracts/routes.ts';
import {
  PREVIEW_COOKIE,
  previewBasePath,
  previewNameProblem,
  signPreviewSession,
  verifyPreviewLink,
} from '../../contracts/site-preview.ts';
import type { AppEnv } from '../app-env.ts';
import { BUILD_ID } from '../pages/client-assets.ts';
import { renderHtml } from '../pages/render-html.tsx';
import { splitPreviewPath } from './preview-paths.ts';
import { keepInsidePreview } from './preview-prefix.ts';
import { findPreviewSession, type NoSession, previewCookieOptions, readPreviewRecord, requestInPreview } from './preview-session.ts';

/** How the app answers a request: the preview routes hand it the one for a page of the preview. */
export type ServeRequest = (request: Request, c: Context<AppEnv>) => Promise<Response>;

type RefusalStatus = 400 | 403 | 404 | 410;

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

/** A local path to return to, or `/`: never another host (`//evil.example`, `/\\evil.example`). */
const localPath = (to: string | undefined): string => (to && /^\/(?![/\\])/.test(to) ? to : '/');

export function previewRoutes(serve: ServeRequest): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get(LEAVE_PREVIEW_PATH, (c) => {
    const url = new URL(c.req.url);
    const name = c.req.query('name') ?? '';
    if (previewNameProblem(name) === null) deleteCookie(c, PREVIEW_COOKIE, previewCookieOptions(url, previewBasePath(name)));
    deleteCookie(c, PREVIEW_COOKIE, previewCookieOptions(url, '/'));
    for (const [header, value] of Object.entries(NO_STORE)) c.header(header, value);
    return c.redirect(localPath(c.req.query('to')), 303);
  });

  routes.get(`${PREVIEW_PATH_PREFIX}*`, async (c) => {
    const url = new URL(c.req.url);
    const { name, path } = splitPreviewPath(url.pathname)!;
    const problem = previewNameProblem(name);
    if (problem) return messagePage(c, 400, 'Not a preview link', `${problem}.`);
    const token = c.req.query('token');
    if (path === '/' && token !== undefined) return startSession(c, name, token);
    let session: Awaited<ReturnType<typeof findPreviewSession>>;
    try {
      session = await findPreviewSession(c, name);
    } catch (error) {
      console.error('preview session', error);
      const why = error instanceof Error ? error.message : String(error);
      return c.text(`The preview cannot be shown right now: ${why}`, 503, { 'Cache-Control': 'no-store', 'Retry-After': '10' });
    }
    if (typeof session === 'string') return noSession(c, name, path, session);
    return keepInsidePreview(await serve(requestInPreview(c.req.raw, path, session), c), previewBasePath(name));
  });

  return routes;
}

async function startSession(c: Context<AppEnv>, name: string, token: string): Promise<Response> {
  const url = new URL(c.req.url);
  const refuse = (status: RefusalStatus, heading: string, message: string) => messagePage(c, status, heading, message);
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
  if (!(await readPreviewRecord(c.env.CONTENT, name))) return gonePage(c, name);
  const value = await signPreviewSession(secret, name, Math.floor(check.expires.getTime() / 1000));
  const home = previewBasePath(name);
  setCookie(c, PREVIEW_COOKIE, value, { ...previewCookieOptions(url, home), expires: check.expires });
  deleteCookie(c, PREVIEW_COOKIE, previewCookieOptions(url, '/'));
  for (const [header, text] of Object.entries(NO_STORE)) c.header(header, text);
  return c.redirect(home, 303);
}

/** A request under the preview's path without its session: the reason, and a cookie that is no good cleared. */
function noSession(c: Context<AppEnv>, name: string, path: string, why: NoSession): Promise<Response> {
  if (why !== 'none') deleteCookie(c, PREVIEW_COOKIE, previewCookieOptions(new URL(c.req.url), previewBasePath(name)));
  if (why === 'gone') return gonePage(c, name);
  if (path === '/' && why === 'none')
    return messagePage(c, 400, 'Incomplete preview link', 'This link has no token: open the whole link the upload printed.');
  return messagePage(
    c,
    403,
    'Preview session needed',
    `The page ${path} of the preview ${name} shows only in a session of it: open the link the upload printed again (a session ends with its link). The public page is at ${path}.`,
  );
}

const gonePage = (c: Context<AppEnv>, name: string) =>
  messagePage(
    c,
    404,
    'Preview not found',
    `The preview ${name} no longer exists: it was removed or cleaned up. The public site is still here.`,
  );

/** The site's message page with a heading and the reason, under `status`. */
async function messagePage(c: Context<AppEnv>, status: RefusalStatus, heading: string, message: string): Promise<Response> {
  const siteUrl = c.env.SITE_URL.replace(/\/$/, '');
  const payload: PagePayload = {
    meta: meta(siteUrl, new URL(c.req.url).pathname, heading, message),
    data: { kind: 'notFound', heading, message, suggestions: [], year: new Date().getUTCFullYear() },
    build: BUILD_ID,
  };
  const html = await renderHtml(payload);
  return c.body(html, status, { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' });
}
