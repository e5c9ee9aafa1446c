/**
 * ETags and conditional requests for every response that has one: a digest, an If-None-Match matcher and the 304. Pure.
 * Not hono/etag: it hashes the whole body (pages stream) and its 304 drops Cache-Control and Vary (RFC 9110 §15.4.5).
 */

/** Lower-case hex of a Web Crypto digest of `text`. */
export async function hexDigest(algorithm: 'SHA-1' | 'SHA-256', text: string): Promise<string> {
  const digest = await crypto.subtle.digest(algorithm, new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** True when the If-None-Match header names this ETag (or is `*`): W/ prefixes ignored (RFC 9110 §13.1.2, weak). */
export function matchesEtag(ifNoneMatch: string | undefined | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The 304 for a request that already holds `etag`, or null when it must get the full response.
 * It carries the validator and the caching headers of the 200 it stands for (Cache-Control, the shared cache's
 * directives and tags, Vary), and nothing else.
 */
export function notModified(
  request: Request,
  etag: string,
  headers: { 'Cache-Control': string } & Record<string, string>,
): Response | null {
  if (!matchesEtag(request.headers.get('if-none-match'), etag)) return null;
  return new Response(null, { status: 304, headers: { ETag: etag, ...headers } });
}
