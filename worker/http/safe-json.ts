/** JSON responses that may carry visitor input: `<`, `>` and `&` as \u escapes, so a body never holds markup. Pure. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

function jsonText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The same JSON as `c.json`, escaped: harmless even if a browser were made to read it as HTML. */
export function safeJson(c: Context, value: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(jsonText(value), status, { 'Content-Type': 'application/json; charset=UTF-8' });
}
