/** Reads and drops a refused request's body, so the client sees the refusal. I/O: reads the request body. */
/**
 * workerd resets a connection whose request body was left unread, and a client still sending sees the reset, not
 * the answer. A body over `maxBytes`, or one another reader holds, is left alone. Resolves once drained or given up.
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
