/**
 * What Workers Cache reads of a request and a response, as http-cache-semantics takes them: the cache key, the
 * directive the edge obeys (its header precedence and defaults) given as `cache-control`, the Cache-Tag values. Pure.
 */
import type CachePolicy from 'http-cache-semantics';

/** Its TTL for a response with neither Cache-Control nor Expires, by status (the Workers Cache docs' table). */
const DEFAULT_TTL: Record<number, number> = {
  200: 7200,
  203: 7200,
  204: 7200,
  300: 1200,
  301: 1200,
  404: 180,
  405: 60,
  410: 180,
  414: 60,
  501: 60,
};
/** Without a stale-if-error of its own, a response is served stale on the Worker's errors until it is purged. */
const STALE_IF_ERROR_DEFAULT = `stale-if-error=${100 * 365 * 86_400}`;
/** Each forbids serving the response stale (RFC 9111 §4.2.4): no stale-while-revalidate, no stale-if-error. */
const FORBID_STALE = ['s-maxage', 'must-revalidate', 'proxy-revalidate'];
/**
 * Dropped with them: the library revalidates a must-revalidate response even while fresh and gives proxy-revalidate
 * no freshness, where RFC 9111 §5.2.2.2 and §5.2.2.8 only forbid serving them stale, which is then already ruled out.
 */
const STALE_DIRECTIVES = ['stale-while-revalidate', 'stale-if-error', 'must-revalidate', 'proxy-revalidate'];
/** The client's own conditions, which the cache answers itself: upstream is asked for the whole response. */
export const CONDITIONS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range'];

/** Path and query: neither host nor method (GET and HEAD share an entry). */
export const cacheKey = (url: string): string => new URL(url).pathname + new URL(url).search;

/** The request as the library sees it: a GET of its key, without the client's conditions and cache directives. */
export function requestView(request: Request): CachePolicy.Request {
  const headers = Object.fromEntries(request.headers);
  // The host is not in the key; a reload's no-cache does not empty a shared cache.
  for (const name of ['host', 'cache-control', 'pragma', ...CONDITIONS]) delete headers[name];
  return { url: cacheKey(request.url), method: 'GET', headers };
}

/** A response as the library sees it: its `cache-control` is what the edge obeys. */
export function responseView(status: number, headers: Headers): CachePolicy.Response {
  return { status, headers: { ...Object.fromEntries(headers), 'cache-control': edgeDirective(status, headers) } };
}

/** Cloudflare-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control, else the default; stale serving as the edge allows. */
export function edgeDirective(status: number, headers: Headers): string {
  const ttl = headers.has('expires') ? undefined : DEFAULT_TTL[status];
  const given = headers.get('cloudflare-cdn-cache-control') ?? headers.get('cdn-cache-control') ?? headers.get('cache-control');
  const directives = (given ?? (ttl ? `max-age=${ttl}` : '')).split(',').flatMap((directive) => directive.trim() || []);
  const names = directives.map((directive) => directive.split('=')[0]!.trim().toLowerCase());
  if (names.some((name) => FORBID_STALE.includes(name)))
    return directives.filter((_, i) => !STALE_DIRECTIVES.includes(names[i]!)).join(', ');
  return [...directives, ...(names.includes('stale-if-error') ? [] : [STALE_IF_ERROR_DEFAULT])].join(', ');
}

/** Its Cache-Tag values, lower-cased (a purge matches them without case); invalid ones dropped, as the edge drops them. */
export function cacheTags(headers: Headers): Set<string> {
  const tags = (headers.get('cache-tag') ?? '').split(',').map((tag) => tag.trim().toLowerCase());
  return new Set(tags.filter((tag) => /^[\x21-\x7e]{1,1024}$/.test(tag)));
}
