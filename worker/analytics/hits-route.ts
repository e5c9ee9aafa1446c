/**
 * POST /api/_analog/analytics/hits `{ "path": "/news/…" }`: counts a view of a page we serve, after the XSRF check.
 * I/O: reads the manifest, writes the counter.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchRoute } from '../../client/route-table.ts';
import { ContentError } from '../../contracts/content-error.ts';
import type { AppEnv } from '../app-env.ts';
import { type ContentReader, contentReaderFor } from '../content/content-reader.ts';
import { discardBody } from '../http/discard-body.ts';
import { MAX_BODY_BYTES } from '../http/request-guard.ts';
import { safeJson } from '../http/safe-json.ts';
import { counterStub } from './page-views.ts';

const MAX_HIT_BODY_BYTES = 1024;
const MAX_PATH_LENGTH = 512;

/** 204 once counted; 413 past 1 KB, 415 unless JSON, 400 unless `{ path }`, 404 for no such page, 503 if no counter. */
export const pageViewHits = new Hono<AppEnv>().post(
  '/',
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
    if (!(await isKnownPage(path, contentReaderFor(c.env, c.executionCtx))))
      return safeJson(c, { error: `Unknown page: ${path.slice(0, 80)}` }, 404);
    try {
      await counterStub(c.env).hit(path, new Date().toISOString().slice(0, 10));
    } catch (error) {
      console.error('analytics unavailable', error);
      return c.json({ error: 'Page views cannot be counted right now.' }, 503);
    }
    return c.body(null, 204);
  },
);

/** A path we serve: a fixed route, or an article whose canonical path it is. */
async function isKnownPage(path: string, content: ContentReader): Promise<boolean> {
  const match = matchRoute(path);
  if (!match) return false;
  const slug = match.params.slug;
  if (slug === undefined) return true;
  try {
    return (await content.find(slug))?.slug === slug;
  } catch (error) {
    if (error instanceof ContentError) return false;
    throw error;
  }
}
