/**
 * A minimal Chrome DevTools Protocol client for the Worker's isolate in local workerd: CPU profiler and live heap.
 * I/O: a WebSocket to workerd's inspector port.
 */

export interface WorkerInspector {
  send(method: string, params?: object): Promise<unknown>;
  close(): void;
}

/** Connects to the site's Worker, the isolate Miniflare names `core:user:` (the others are its own). */
export async function inspectWorker(inspectorPort: number): Promise<WorkerInspector> {
  const isolates = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    title: string;
    webSocketDebuggerUrl: string;
  }[];
  const worker = isolates.find((i) => i.title.includes('core:user:'));
  if (!worker) throw new Error(`no core:user: isolate among ${isolates.map((i) => i.title).join(', ')}`);
  const socket = new WebSocket(worker.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  // Replies carry the id of their request; events (heap snapshot chunks and the like) are dropped.
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise<unknown>((resolve) => {
        pending.set(++id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/**
 * Bytes of the isolate's JavaScript heap that are alive: a heap snapshot collects all garbage
 * first, then the heap's used size is read. (`HeapProfiler.collectGarbage` alone is only served
 * while a request runs in the isolate; a snapshot is served at any time.)
 */
export async function liveHeapBytes(inspector: WorkerInspector): Promise<number> {
  await inspector.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const usage = (await inspector.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usage.usedSize;
}
