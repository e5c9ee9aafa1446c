/**
 * fetch for the site's own API, with the XSRF token in the header of state-changing requests. The token comes in the
 * token route's body (its cookie goes to the page-view API only, out of the page's reach) and is kept in memory while
 * the document lives, its in-place navigations included; not in sessionStorage, whose first read is a synchronous
 * round trip to the browser process (a long task on a phone, measured on the phone flow). I/O: fetch.
 */
import { XSRF_TOKEN_API_PATH } from '../../contracts/routes.ts';
import { XSRF_HEADER } from '../../contracts/xsrf-names.ts';

let known: string | undefined;
/** One request for a token at a time: parallel requests then send the same one. */
let asking: Promise<string | undefined> | undefined;

async function askToken(): Promise<string | undefined> {
  const response = await fetch(XSRF_TOKEN_API_PATH, { credentials: 'same-origin' });
  const { token } = response.ok ? ((await response.json()) as { token?: unknown }) : {};
  known = typeof token === 'string' ? token : undefined;
  return known;
}

const newToken = (): Promise<string | undefined> =>
  (asking ??= askToken()
    .catch(() => undefined)
    .finally(() => {
      asking = undefined;
    }));

/**
 * fetch; a non-GET request to this origin carries the token in the `X-XSRF-TOKEN` header, asking the Worker for one
 * first when this document has none. A 403 (another tab renewed the cookie, or it expired) gets one new token and one retry,
 * so `init.body` must be sendable twice (a string).
 */
export async function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const sameOrigin = new URL(input, location.href).origin === location.origin;
  if (method === 'GET' || method === 'HEAD' || !sameOrigin) return fetch(input, init);
  const send = (token: string | undefined) => {
    const headers = new Headers(init.headers);
    if (token) headers.set(XSRF_HEADER, token);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  };
  const token = known ?? (await newToken());
  const response = await send(token);
  return response.status === 403 ? send(await newToken()) : response;
}
