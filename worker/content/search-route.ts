/**
 * GET /api/_analog/search?q=: ranked results with marked snippets, for the header's search box;
 * a preview session's from the preview's index (private then: preview/preview-session.ts).
 */
import type { Context } from 'hono';
import { ContentError, contentErrorStatus } from '../../contracts/content-error.ts';
import { MAX_QUERY_LENGTH } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { safeJson } from '../http/safe-json.ts';
import { contentFor } from '../preview/preview-session.ts';

export async function searchApi(c: Context<AppEnv>): Promise<Response> {
  const query = (c.req.query('q') ?? '').trim();
  if (query.length > MAX_QUERY_LENGTH) return c.json({ error: `Query longer than ${MAX_QUERY_LENGTH} characters.` }, 400);
  c.header('Cache-Control', 'public, max-age=60');
  if (!query) return safeJson(c, { query, results: [] });
  try {
    const engine = await contentFor(c).search();
    return safeJson(c, { query, results: engine ? engine.search(query) : [] });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const answer = contentErrorStatus(error.kind);
    if ('retryAfter' in answer) c.header('Retry-After', String(answer.retryAfter));
    return c.json({ error: error.kind === 'unavailable' ? 'Search is unavailable right now.' : error.message }, answer.status);
  }
}
