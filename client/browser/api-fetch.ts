/** fetch for the site's own API, with the XSRF header on state-changing requests. I/O: cookies, fetch. */
import { XSRF_TOKEN_API_PATH } from '../../contracts/routes.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/xsrf-names.ts';

/** The value of cookie `name`, decoded; undefined when the document has none. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** One request for the cookie at a time: two would each set a token, and one would lose. */
let asking: Promise<unknown> | undefined;

/** The visitor's XSRF token, asked for when the cookie is missing. */
async function xsrfTokenCookie(): Promise<string | undefined> {
  if (!readCookie(XSRF_COOKIE)) {
    asking ??= fetch(XSRF_TOKEN_API_PATH, { credentials: 'same-origin' }).finally(() => {
      asking = undefined;
    });
    await asking;
  }
  return readCookie(XSRF_COOKIE);
}

/**
 * fetch; a non-GET request to this origin carries the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header,
 * asking the Worker for the cookie first when missing (pages set none: their HTML is the same for everyone).
 */
export async function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const sameOrigin = new URL(input, location.href).origin === location.origin;
  if (method !== 'GET' && method !== 'HEAD' && sameOrigin) {
    const token = await xsrfTokenCookie();
    // The cookie read above is a synchronous round trip to the browser process: the request
    // starts in a task of its own, so that the two never add up to one long task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const headers = new Headers(init.headers);
    if (token) headers.set(XSRF_HEADER, token);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  }
  return fetch(input, init);
}
