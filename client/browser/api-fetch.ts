import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/xsrf-names.ts';

/**
 * fetch for our own API: non-GET requests to this origin carry the XSRF token from the
 * `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header, as the Worker demands.
 */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const sameOrigin = new URL(input, location.href).origin === location.origin;
  if (method !== 'GET' && method !== 'HEAD' && sameOrigin) {
    const token = readCookie(XSRF_COOKIE);
    const headers = new Headers(init.headers);
    if (token) headers.set(XSRF_HEADER, token);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  }
  return fetch(input, init);
}
