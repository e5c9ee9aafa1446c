/**
 * Refuses, before any route, requests no browser sends: 400, 405 or 413 with a plain-text reason that never echoes
 * the input (docs/reliability.md, Bad requests). Pure.
 */
import type { MiddlewareHandler } from 'hono';

/** Bytes of the path, as sent (percent-encoded). */
export const MAX_PATH_BYTES = 2048;
/** Bytes of the query string, without the `?`, as sent. */
export const MAX_QUERY_BYTES = 4096;
/** Bytes of the Cookie header; the site's own cookies (XSRF-TOKEN, theme) need about 100. */
export const MAX_COOKIE_BYTES = 8192;
/** No route takes more; the page-view endpoint takes at most 1 KB (analytics/hits-route.ts). */
export const MAX_BODY_BYTES = 8192;
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const ALLOWED = new Set<string>(ALLOWED_METHODS);
const CONTROL_CHARACTERS = /[\x00-\x08\x0a-\x1f\x7f]/;

/** Why the request is refused, or null when it may go on. */
function checkRequest(method: string, url: string, headers: Headers): { status: 400 | 405 | 413; reason: string } | null {
  if (!ALLOWED.has(method)) return { status: 405, reason: `Method not allowed. Allowed: ${ALLOWED_METHODS.join(', ')}.` };

  // The request URL is absolute: scheme://host/path?query (no fragment is ever sent).
  const pathStart = url.indexOf('/', url.indexOf('://') + 3);
  const rest = pathStart < 0 ? '/' : url.slice(pathStart);
  const q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? '' : rest.slice(q + 1);
  if (path.length > MAX_PATH_BYTES) return { status: 400, reason: `Path longer than ${MAX_PATH_BYTES} bytes.` };
  if (query.length > MAX_QUERY_BYTES) return { status: 400, reason: `Query string longer than ${MAX_QUERY_BYTES} bytes.` };
  for (const [part, name] of [
    [path, 'path'],
    [query, 'query string'],
  ] as const) {
    if (part.indexOf('%') < 0 && part.indexOf('\0') < 0) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { status: 400, reason: `Invalid percent-encoding in the ${name}.` };
    }
    if (decoded.indexOf('\0') >= 0) return { status: 400, reason: `NUL byte in the ${name}.` };
  }

  const cookie = headers.get('cookie');
  if (cookie !== null) {
    if (cookie.length > MAX_COOKIE_BYTES) return { status: 400, reason: `Cookie header longer than ${MAX_COOKIE_BYTES} bytes.` };
    if (CONTROL_CHARACTERS.test(cookie)) return { status: 400, reason: 'Malformed Cookie header.' };
  }

  const length = headers.get('content-length');
  if (length !== null) {
    if (!/^\d+$/.test(length.trim())) return { status: 400, reason: 'Malformed Content-Length header.' };
    if (Number(length) > MAX_BODY_BYTES) return { status: 413, reason: `Body larger than ${MAX_BODY_BYTES} bytes.` };
  }
  return null;
}

/**
 * A declared body over MAX_BODY_BYTES is refused unread; one without Content-Length is read only by the route that
 * wants it, through hono/body-limit.
 */
export const requestGuard: MiddlewareHandler = async (c, next) => {
  const refusal = checkRequest(c.req.method, c.req.url, c.req.raw.headers);
  if (!refusal) return next();
  return c.text(refusal.reason, refusal.status, {
    'Cache-Control': 'no-store',
    ...(refusal.status === 405 ? { Allow: ALLOWED_METHODS.join(', ') } : {}),
  });
};
