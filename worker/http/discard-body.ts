/**
 * Reads and drops a refused request's body, up to `maxBytes`. workerd resets a connection whose
 * request body was left unread, and a client still sending it then sees the reset instead of
 * the refusal. A body larger than `maxBytes`, or one another reader holds, is left alone (the
 * request guard refuses declared bodies over its limit without reading them, by design).
 *
 * Input: the request and the most bytes worth reading. Output: resolves once drained or given up.
 */
export async function discardBody(request: Request, maxBytes: number): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drain.
  }
}
