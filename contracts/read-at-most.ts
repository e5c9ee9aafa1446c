/**
 * Reads a response body up to a size limit, for the upload's and the Worker's fetches of images from other hosts.
 * I/O: reads the body stream; web-standard, so Node and workerd alike.
 */

/**
 * The body, or null (and the download stopped) once it passes `limit` bytes. Counted as the bytes arrive: a host may
 * send no Content-Length, or a wrong one.
 */
export async function readAtMost(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    length += part.value.length;
    if (length > limit) {
      await reader!.cancel();
      return null;
    }
    chunks.push(part.value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
