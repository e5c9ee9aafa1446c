/**
 * The manifest as an HTTP answer of the Worker's own entrypoint (manifest-source.ts), which Workers Cache keeps until a
 * publish purges MANIFEST_TAG, and back: the reader's side. Pure.
 */
import { ContentError } from '../../contracts/content-error.ts';
import { CACHE_TAG_HEADER, EDGE_CACHE_CONTROL_HEADER, edgeCacheControl, MANIFEST_TAG, SITE_TAG } from '../../contracts/edge-cache.ts';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import { parsePublished } from '../../contracts/site-index.ts';

/** Where the reader asks for it, and for the pieces it names (`<origin>/<key>`): a loopback, so the host is only a name. */
export const CONTENT_SOURCE_ORIGIN = 'https://manifest.internal';
export const MANIFEST_SOURCE_URL = `${CONTENT_SOURCE_ORIGIN}/${MANIFEST_KEY}`;
/** Pieces are named by their content: kept a year wherever read, never purged. */
const PIECE_CACHE_CONTROL = 'max-age=31536000, immutable';
const NOT_KEPT = { [EDGE_CACHE_CONTROL_HEADER]: 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };
/** What a maintainer runs when KV holds no manifest the Worker can serve (scripts/upload-cli.ts). */
const MANIFEST_FIX =
  'Publish again with `npm run upload -- --remote`, or make the last good version live with `npm run upload -- --remote --rollback`.';

/**
 * The KV read's outcome as the cache should see it: a manifest that parses and validates, kept a day at the edge and
 * tagged; 404 when nothing is published, 503 when KV failed or holds no valid manifest, neither kept: a broken manifest
 * kept a day would break every page of the data centre for a day, however soon it is fixed in KV.
 */
export function manifestResponse(read: string | null | ContentError): Response {
  if (read instanceof ContentError) return new Response(read.message, { status: 503, headers: NOT_KEPT });
  if (read === null) return new Response('No content has been published yet.', { status: 404, headers: NOT_KEPT });
  const problem = manifestProblem(read);
  if (problem !== null) return new Response(problem, { status: 503, headers: NOT_KEPT });
  return new Response(read, {
    headers: {
      'Content-Type': 'application/json',
      [EDGE_CACHE_CONTROL_HEADER]: edgeCacheControl(null),
      [CACHE_TAG_HEADER]: `${MANIFEST_TAG},${SITE_TAG}`,
    },
  });
}

/**
 * Why `text` is no manifest (manifestSchema), naming the key, zod's first issue and the commands that fix it; null when
 * it is one. The reader parses it again (content-reader.ts): two parses per KV read, affordable only because this
 * answer is kept per data centre until a publish, so the check runs about once per data centre and publish.
 */
export function manifestProblem(text: string): string | null {
  try {
    parsePublished(text, `The manifest (KV key \`${MANIFEST_KEY}\`)`);
    return null;
  } catch (error) {
    return `${(error as Error).message}. ${MANIFEST_FIX}`;
  }
}

/** The manifest's text from such an answer; null for a 404; any other status a ContentError('unavailable') with its reason. */
export async function manifestText(response: Response): Promise<string | null> {
  if (response.status === 200) return response.text();
  const reason = await response.text();
  if (response.status === 404) return null;
  throw new ContentError('unavailable', `Reading the manifest failed (${response.status}): ${reason}`);
}

/** An immutable piece as the entrypoint answers it: kept a year; 404 (not kept) when KV has none; 503 when KV failed. */
export function pieceResponse(key: string, read: string | null | ContentError): Response {
  if (read instanceof ContentError) return new Response(read.message, { status: 503, headers: NOT_KEPT });
  if (read === null) return new Response(`${key} is missing from KV.`, { status: 404, headers: NOT_KEPT });
  return new Response(read, {
    headers: { 'Content-Type': 'application/json', [EDGE_CACHE_CONTROL_HEADER]: PIECE_CACHE_CONTROL, 'Cache-Control': PIECE_CACHE_CONTROL },
  });
}

/** A piece's text from such an answer: a 404 is ContentError('unreadable'), any other failure ContentError('unavailable'). */
export async function pieceText(key: string, response: Response): Promise<string> {
  const text = await response.text();
  if (response.status === 200) return text;
  throw new ContentError(
    response.status === 404 ? 'unreadable' : 'unavailable',
    response.status === 404 ? text : `Reading ${key} failed (${response.status}): ${text}`,
  );
}
