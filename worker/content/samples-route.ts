/**
 * GET /api/_analog/samples/<path>: a code-sample file from content/samples/, as text, as the manifest the request reads
 * names it. I/O: reads the manifest and one KV key.
 */
import type { Context } from 'hono';
import { ContentError, contentErrorStatus } from '../../contracts/content-error.ts';
import { SAMPLES_TAG } from '../../contracts/edge-cache.ts';
import { storedSampleKey } from '../../contracts/kv-keys.ts';
import { SAMPLES_API_PREFIX } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { contentCacheHeaders } from '../http/shared-cache.ts';
import { contentFor } from '../preview/preview-session.ts';
import { readKvText } from './kv-text.ts';

/** A sample's key is named by its content (contracts/kv-keys.ts sampleKey): KV may keep it as long as it likes. */
const SAMPLE_KV_CACHE_TTL = 60 * 60 * 24 * 30;

/** The path asked for, decoded; null for an empty, `.` or `..` segment, or a bad escape. */
function samplePath(url: string): string | null {
  const path = new URL(url).pathname.slice(SAMPLES_API_PREFIX.length);
  if (!path || path.split('/').some((part) => part === '' || part === '.' || part === '..')) return null;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Shared like pages, tagged SAMPLES_TAG (a publish that changes samples purges it); 400 for a bad path, 404 for a path
 * the manifest does not list, 503 when the manifest or the key cannot be read, 500 when the key it names is missing.
 */
export async function sampleFile(c: Context<AppEnv>): Promise<Response> {
  const path = samplePath(c.req.url);
  if (path === null) return c.json({ error: 'Invalid sample path.' }, 400);
  const content = contentFor(c);
  let text: string | null;
  try {
    const sample = (await content.samples()).find((s) => s.path === path);
    if (!sample) return c.json({ error: 'No such sample.' }, 404);
    text = await readKvText(c.env.CONTENT, storedSampleKey(sample), SAMPLE_KV_CACHE_TTL);
    if (text === null) throw new ContentError('unreadable', `The sample ${path} (${storedSampleKey(sample)}) is missing from KV.`);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const answer = contentErrorStatus(error.kind);
    if ('retryAfter' in answer) c.header('Retry-After', String(answer.retryAfter));
    return c.json({ error: error.kind === 'unreadable' ? error.message : 'Samples are unavailable right now.' }, answer.status);
  }
  return c.text(text, 200, { ...contentCacheHeaders([SAMPLES_TAG], content), 'Content-Type': 'text/plain; charset=utf-8' });
}
