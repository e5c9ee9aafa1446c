/** GET /api/_analog/search?q=: ranked results with marked snippets, for the header's search box. I/O: reads KV. */
import type { Context } from 'hono';
import { ContentError, contentErrorStatus } from '../../contracts/content-error.ts';
import { SEARCH_TAG } from '../../contracts/edge-cache.ts';
import type { SearchHit } from '../../contracts/page-payload.ts';
import { MAX_QUERY_LENGTH } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { safeJson } from '../http/safe-json.ts';
import { contentCacheHeaders } from '../http/shared-cache.ts';
import { contentFor } from '../preview/preview-session.ts';

/** Shared like pages, tagged SEARCH_TAG; 400 for a query over MAX_QUERY_LENGTH; 503 with a reason when content cannot be read. */
export async function searchApi(c: Context<AppEnv>): Promise<Response> {
  const query = (c.req.query('q') ?? '').trim();
  if (query.length > MAX_QUERY_LENGTH) return c.json({ error: `Query longer than ${MAX_QUERY_LENGTH} characters.` }, 400);
  const content = contentFor(c);
  const found = (results: SearchHit[]) => {
    for (const [name, value] of Object.entries(contentCacheHeaders([SEARCH_TAG], content))) c.header(name, value);
    return safeJson(c, { query, results });
  };
  if (!query) return found([]);
  try {
    const engine = await content.search();
    return found(engine ? await engine.search(query) : []);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const answer = contentErrorStatus(error.kind);
    if ('retryAfter' in answer) c.header('Retry-After', String(answer.retryAfter));
    return c.json({ error: error.kind === 'unavailable' ? 'Search is unavailable right now.' : error.message }, answer.status, {
      'Cache-Control': 'no-store',
    });
  }
}
