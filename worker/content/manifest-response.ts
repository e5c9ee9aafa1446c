/**
 * The manifest as an HTTP answer of the Worker's own entrypoint (manifest-source.ts), which Workers Cache keeps until a
 * publish purges MANIFEST_TAG, and back: the reader's side. Pure.
 */
import { ContentError } from '../../contracts/content-error.ts';
import { CACHE_TAG_HEADER, EDGE_CACHE_CONTROL_HEADER, edgeCacheControl, MANIFEST_TAG, SITE_TAG } from '../../contracts/edge-cache.ts';

/** Where the reader asks for it: a loopback, so the host is only a name. */
export const MANIFEST_SOURCE_URL = 'https://manifest.internal/manifest';
const NOT_KEPT = { [EDGE_CACHE_CONTROL_HEADER]: 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };

/**
 * The KV read's outcome as the cache should see it: the text, kept a day at the edge and tagged; 404 when nothing is
 * published and 503 when KV failed, neither kept.
 */
export function manifestResponse(read: string | null | ContentError): Response {
  if (read instanceof ContentError) return new Response(read.message, { status: 503, headers: NOT_KEPT });
  if (read === null) return new Response('No content has been published yet.', { status: 404, headers: NOT_KEPT });
  return new Response(read, {
    headers: {
      'Content-Type': 'application/json',
      [EDGE_CACHE_CONTROL_HEADER]: edgeCacheControl(null),
      [CACHE_TAG_HEADER]: `${MANIFEST_TAG},${SITE_TAG}`,
    },
  });
}

/** The manifest's text from such an answer; null for a 404; any other status a ContentError('unavailable') with its reason. */
export async function manifestText(response: Response): Promise<string | null> {
  if (response.status === 200) return response.text();
  const reason = await response.text();
  if (response.status === 404) return null;
  throw new ContentError('unavailable', `Reading the manifest failed (${response.status}): ${reason}`);
}
