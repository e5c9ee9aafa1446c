/**
 * Answers what the Worker or a page fetches from other hosts with a transparent 1×1 PNG, since this machine
 * has no internet.
 */
export const TRANSPARENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The Worker's outbound fetches (LocalWorkerOptions.outbound): loopback goes through, any other host gets the stand-in. */
export async function standInForOtherHosts(request: Request): Promise<Response> {
  const { hostname } = new URL(request.url);
  if (hostname === '127.0.0.1' || hostname === 'localhost') return fetch(request.url, { method: request.method, headers: request.headers });
  return new Response(TRANSPARENT_PNG, { headers: { 'content-type': 'image/png' } });
}
