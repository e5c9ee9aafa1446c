/**
 * The request's cookies as route handlers and loaders read them: parsed from the `Cookie` header
 * (hono/cookie's getCookie) on first use, and each read of a cookie the request carries recorded, so
 * that a response shaped by a cookie can be marked private while every other stays shared. Cookies
 * nothing reads (the XSRF token, a theme the browser script reads) make no response private.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { LoaderCookies } from '../../client/route-module.ts';

export interface RequestCookies extends LoaderCookies {
  /** True once a cookie this request carries was read: the response depends on it. */
  shaped(): boolean;
}

export function requestCookies(c: Context): RequestCookies {
  let all: Record<string, string> | undefined;
  let shaped = false;
  return {
    get(name) {
      all ??= getCookie(c);
      const value = Object.hasOwn(all, name) ? all[name] : undefined;
      if (value !== undefined) shaped = true;
      return value;
    },
    shaped: () => shaped,
  };
}
