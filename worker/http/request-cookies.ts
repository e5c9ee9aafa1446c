/**
 * The request's cookies for handlers and loaders, each read of a cookie the request carries recorded, so only a
 * response a cookie shaped is private. Pure over the request.
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
