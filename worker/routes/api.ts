/**
 * The JSON API under /api/_analog:
 *   GET  /pages/<route>         the page's { meta, data }, exactly what SSR renders from
 *   GET  /samples/<path>        a code-sample file, as text
 *   POST /analytics/hits        counts a page view: { "path": "/news/…" }
 * Every non-GET request here has passed the XSRF check in app.ts.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchRoute, PAGE_API_PREFIX } from '../../client/routes.ts';
import { ContentError, contentReaderFor, type ContentReader } from '../content-reader.ts';
import { discardBody } from '../discard-body.ts';
import type { AppEnv } from '../env.ts';
import { sampleKey } from '../kv-schema.ts';
import { findEntry, isDraftPayload, loadPage } from '../loaders.ts';
import { MAX_BODY_BYTES } from '../request-guard.ts';
import { MAX_QUERY_LENGTH } from '../search-index.ts';
import { counterStub } from '../page-views.ts';
import { safeJson } from '../safe-json.ts';
import { loaderContext } from './pages.ts';

export const MAX_HIT_BODY_BYTES = 1024;
const MAX_PATH_LENGTH = 512;

export const api = new Hono<AppEnv>();

const pageData = async (c: Context<AppEnv>) => {
  const url = new URL(c.req.url);
  const pagePath = url.pathname.slice(PAGE_API_PREFIX.length) || '/';
  const pageUrl = new URL(pagePath + url.search, url);
  const result = await loadPage(pageUrl, c.req.header('cookie') ?? null, loaderContext(c));
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Cookie');
  if (result.type === 'redirect') return c.redirect(`${PAGE_API_PREFIX}${result.location}${url.search}`, 301);
  if (result.retryAfter) c.header('Retry-After', String(result.retryAfter));
  if (result.stale) c.header('X-Content-Stale', 'true');
  if (isDraftPayload(result.payload)) c.header('Cache-Control', 'private, no-store');
  return safeJson(c, result.payload, result.status as 200);
};
api.get('/pages', pageData);
api.get('/pages/*', pageData);

api.get('/search', async (c) => {
  const query = (c.req.query('q') ?? '').trim();
  if (query.length > MAX_QUERY_LENGTH) return c.json({ error: `Query longer than ${MAX_QUERY_LENGTH} characters.` }, 400);
  c.header('Cache-Control', 'public, max-age=60');
  if (!query) return safeJson(c, { query, results: [] });
  try {
    const engine = await contentReaderFor(c.env).search();
    return safeJson(c, { query, results: engine ? engine.search(query) : [] });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    if (error.kind === 'unreadable') return c.json({ error: error.message }, 500);
    if (error.kind === 'unavailable') c.header('Retry-After', '30');
    return c.json({ error: error.kind === 'unavailable' ? 'Search is unavailable right now.' : error.message }, 503);
  }
});

api.get('/samples/*', async (c) => {
  const path = new URL(c.req.url).pathname.slice('/api/_analog/samples/'.length);
  if (!path || path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return c.json({ error: 'Invalid sample path.' }, 400);
  }
  let text: string | null;
  try {
    text = await c.env.CONTENT.get(sampleKey(decodeURIComponent(path)), { cacheTtl: 300 });
  } catch {
    return c.json({ error: 'Samples are unavailable right now.' }, 503);
  }
  if (text === null) return c.json({ error: 'No such sample.' }, 404);
  return c.text(text, 200, { 'Cache-Control': 'public, max-age=300', 'Content-Type': 'text/plain; charset=utf-8' });
});

api.post(
  '/analytics/hits',
  bodyLimit({
    maxSize: MAX_HIT_BODY_BYTES,
    // Drained first (at most the request guard's limit), so the client reads the 413.
    onError: async (c) => {
      await discardBody(c.req.raw, MAX_BODY_BYTES);
      return c.json({ error: `Body larger than ${MAX_HIT_BODY_BYTES} bytes.` }, 413);
    },
  }),
  async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) return c.json({ error: 'Content-Type must be application/json.' }, 415);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'Body is not valid JSON.' }, 400);
    }
    const path = typeof body === 'object' && body !== null ? (body as { path?: unknown }).path : undefined;
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PATH_LENGTH) {
      return c.json({ error: 'Expected { "path": "/some/page" }.' }, 400);
    }
    if (!(await isKnownPage(path, contentReaderFor(c.env)))) return safeJson(c, { error: `Unknown page: ${path.slice(0, 80)}` }, 404);
    try {
      await counterStub(c.env).hit(path, new Date().toISOString().slice(0, 10));
    } catch (error) {
      console.error('analytics unavailable', error);
      return c.json({ error: 'Page views cannot be counted right now.' }, 503);
    }
    return c.body(null, 204);
  },
);

api.all('*', (c) => c.json({ error: `No API route ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404));

/** A path we serve: a fixed route, or an article whose canonical path it is. */
async function isKnownPage(path: string, content: ContentReader): Promise<boolean> {
  const match = matchRoute(path);
  if (!match) return false;
  if (match.name !== 'newsArticle' && match.name !== 'guideArticle') return true;
  try {
    const entry = findEntry(await content.manifest(), match.params.slug ?? '');
    return entry !== undefined && entry.slug === match.params.slug;
  } catch (error) {
    if (error instanceof ContentError) return false;
    throw error;
  }
}
