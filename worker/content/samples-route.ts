/** GET /api/_analog/samples/<path>: a code-sample file from content/samples/, as text. I/O: reads KV. */
import type { Context } from 'hono';
import { CACHE_TAG_HEADER, SITE_TAG } from '../../contracts/edge-cache.ts';
import { sampleKey } from '../../contracts/kv-keys.ts';
import { SAMPLES_API_PREFIX } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';

const SAMPLE_CACHE_SECONDS = 300;

/** 400 for an empty, `.` or `..` segment, 404 for no such sample, 503 when KV fails. */
export async function sampleFile(c: Context<AppEnv>): Promise<Response> {
  const path = new URL(c.req.url).pathname.slice(SAMPLES_API_PREFIX.length);
  if (!path || path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return c.json({ error: 'Invalid sample path.' }, 400);
  }
  let text: string | null;
  try {
    text = await c.env.CONTENT.get(sampleKey(decodeURIComponent(path)), { cacheTtl: SAMPLE_CACHE_SECONDS });
  } catch {
    return c.json({ error: 'Samples are unavailable right now.' }, 503);
  }
  if (text === null) return c.json({ error: 'No such sample.' }, 404);
  return c.text(text, 200, {
    'Cache-Control': `public, max-age=${SAMPLE_CACHE_SECONDS}`,
    [CACHE_TAG_HEADER]: SITE_TAG,
    'Content-Type': 'text/plain; charset=utf-8',
  });
}
