/**
 * fetch for the site's own API, with the XSRF token in the header of state-changing requests. The token comes in the
 * token route's body (its cookie goes to API paths only, out of the page's reach) and is kept for the tab.
 * I/O: sessionStorage, fetch.
 */
import { XSRF_TOKEN_API_PATH } from '../../contracts/routes.ts';
import { XSRF_HEADER } from '../../contracts/xsrf-names.ts';

const STORAGE_KEY = 'xsrf-token';
let known: string | undefined;
/** One request for a token at a time: parallel requests then send the same one. */
let asking: Promise<string | undefined> | undefined;

function keptToken(): string | undefined {
  try {
    known ??= sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    // Storage blocked: the token lives in memory only.
  }
  return known;
}

async function askToken(): Promise<string | undefined> {
  const response = await fetch(XSRF_TOKEN_API_PATH, { credentials: 'same-origin' });
  const { token } = response.ok ? ((await response.json()) as { token?: unknown }) : {};
  known = typeof token === 'string' ? token : undefined;
  try {
    if (known) sessionStorage.setItem(STORAGE_KEY, known);
  } catch {}
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
 * first when the tab has none. A 403 (another tab renewed the cookie, or it expired) gets one new token and one retry,
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
  const token = keptToken() ?? (await newToken());
  // The storage read is a synchronous round trip to the browser process: the request starts in a task of its own,
  // so that the two never add up to one long task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const response = await send(token);
  return response.status === 403 ? send(await newToken()) : response;
}
