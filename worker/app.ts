/**
 * The Worker's Hono app: security headers on everything, the XSRF gate on state-changing
 * API calls, the JSON API, feeds and indexing files (routes/feeds.ts), then the HTML pages.
 * Static client files never reach this: Workers Static Assets serves them first.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { trimTrailingSlash } from 'hono/trailing-slash';
import type { AppEnv } from './env.ts';
import { api } from './routes/api.ts';
import { feeds } from './routes/feeds.ts';
import { renderPage } from './routes/pages.ts';
import { requestGuard } from './request-guard.ts';
import { securityHeaders } from './security-headers.ts';
import { checkXsrf, XSRF_COOKIE, XSRF_HEADER, xsrfSecret } from './xsrf.ts';

export const app = new Hono<AppEnv>();

// A 304 must not carry a new CSP: the browser keeps the cached page, whose nonce is the old one.
app.use(async (c, next) => {
  await next();
  if (c.res.status === 304) c.res.headers.delete('Content-Security-Policy');
});
app.use(securityHeaders);
// Malformed, overlong or oversized requests and unknown methods stop here (request-guard.ts).
app.use(requestGuard);
app.use(trimTrailingSlash());

app.use('/api/*', async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  const check = await checkXsrf(getCookie(c, XSRF_COOKIE), c.req.header(XSRF_HEADER), xsrfSecret(c.env.XSRF_SECRET, new URL(c.req.url)));
  if (!check.ok) return c.json({ error: check.reason }, 403);
  return next();
});
app.route('/api/_analog', api);
app.all('/api/*', (c) => c.json({ error: `No API route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));

// Feeds, sitemap, robots.txt, llms.txt and article markdown: before the pages, whose
// `/news/:slug` would otherwise take /news/feed.xml.
app.route('/', feeds);
app.get('*', (c) => renderPage(c, new URL(c.req.url)));
app.all('*', (c) => c.text(`Method ${c.req.method} is not allowed on pages.`, 405, { Allow: 'GET, HEAD' }));

app.onError((error, c) => {
  console.error('unhandled', error);
  return c.text('There was an error: the server could not answer this request.', 500);
});
