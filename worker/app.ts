/**
 * The Worker's request pipeline, in order: http/ (headers, guard, XSRF gate), preview/ (the preview session),
 * the API, media and feeds, then pages. Static client files never reach it: Workers Static Assets serves them first.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { trimTrailingSlash } from 'hono/trailing-slash';
import { MEDIA_PATH_PREFIX, REMOTE_IMAGE_PATH_PREFIX } from '../contracts/media.ts';
import { PAGE_HTML_API_PREFIX } from '../contracts/page-fragment.ts';
import {
  PAGE_API_PREFIX,
  PAGE_VIEW_API_PATH,
  PUBLISH_API_PATHS,
  SAMPLES_API_PREFIX,
  SEARCH_API_PATH,
  XSRF_TOKEN_API_PATH,
} from '../contracts/routes.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../contracts/xsrf-names.ts';
import { pageViewHits } from './analytics/hits-route.ts';
import type { AppEnv } from './app-env.ts';
import { mediaFile } from './content/media-route.ts';
import { remoteImage } from './content/remote-image-route.ts';
import { sampleFile } from './content/samples-route.ts';
import { searchApi } from './content/search-route.ts';
import { feeds } from './feeds/feed-routes.ts';
import { requestGuard } from './http/request-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { checkXsrf, xsrfSecret } from './http/xsrf.ts';
import { xsrfToken } from './http/xsrf-token-route.ts';
import { pageData } from './pages/page-data-route.ts';
import { pageHtml } from './pages/page-html-route.tsx';
import { renderPage } from './pages/page-route.ts';
import { previewRoutes } from './preview/preview-routes.ts';
import { previewSession } from './preview/preview-session.ts';
import { publishRoutes } from './publishing/publish-route.ts';

/** The Hono app that index.ts exports as the Worker's fetch handler. */
export const app = new Hono<AppEnv>();

// A 304 has no body for a policy to govern: it carries the validator and caching headers only. A response that says
// nothing of caching is kept by no cache: the one in front of the Worker would keep it by heuristics (a 301 for 20
// minutes, a 404 for 3), whatever a preview session's cookie asked.
app.use(async (c, next) => {
  await next();
  if (c.res.status === 304) c.res.headers.delete('Content-Security-Policy');
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});

app.use(securityHeaders);
app.use(requestGuard);
app.use(trimTrailingSlash());
app.use(previewSession);

// Every state-changing request under /api/ (ours or not) must carry the XSRF token, except a
// POST to exactly one of the publish lock's paths: those demand a bearer token instead.
app.use('/api/*', async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  if (c.req.method === 'POST' && PUBLISH_API_PATHS.includes(new URL(c.req.url).pathname)) return next();
  const check = await checkXsrf(getCookie(c, XSRF_COOKIE), c.req.header(XSRF_HEADER), xsrfSecret(c.env.XSRF_SECRET, new URL(c.req.url)));
  if (!check.ok) return c.json({ error: check.reason }, 403);
  return next();
});
app.get(XSRF_TOKEN_API_PATH, xsrfToken);
app.get(PAGE_API_PREFIX, pageData);
app.get(`${PAGE_API_PREFIX}/*`, pageData);
app.get(PAGE_HTML_API_PREFIX, pageHtml);
app.get(`${PAGE_HTML_API_PREFIX}/*`, pageHtml);
app.get(SEARCH_API_PATH, searchApi);
app.get(`${SAMPLES_API_PREFIX}*`, sampleFile);
app.route(PAGE_VIEW_API_PATH, pageViewHits);
app.route('/', publishRoutes);
app.all('/api/*', (c) => c.json({ error: `No API route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));

app.get(`${REMOTE_IMAGE_PATH_PREFIX}*`, remoteImage);
app.get(`${MEDIA_PATH_PREFIX}*`, mediaFile);
// A preview's page is the app's answer to the request its path stands for, in the session (preview/preview-routes.ts).
app.route(
  '/',
  previewRoutes(async (request, c) => app.fetch(request, c.env, c.executionCtx)),
);
// Before the pages, whose `/news/:slug` would otherwise take /news/feed.xml.
app.route('/', feeds);
app.get('*', (c) => renderPage(c, new URL(c.req.url)));
app.all('*', (c) => c.text(`Method ${c.req.method} is not allowed on pages.`, 405, { Allow: 'GET, HEAD' }));

app.onError((error, c) => {
  // Hono's middleware (bearerAuth's 401 and 400) throws its refusals: answers, not errors.
  if (error instanceof HTTPException) return error.getResponse();
  console.error('unhandled', error);
  return c.text('There was an error: the server could not answer this request.', 500);
});
