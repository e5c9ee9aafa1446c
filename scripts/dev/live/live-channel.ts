/**
 * The channel from `npm start` to the open pages: Server-Sent Events at a path the dev server
 * answers itself (the Worker never sees it). Each message is the whole LiveState, so a page that
 * connects, or reconnects after a restart, is told where things stand at once; EventSource
 * reconnects by itself.
 *
 * I/O: writes to the HTTP responses of the connected pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveState } from './live-state.ts';

/** A comment line now and then, so a connection that died unnoticed is found and dropped. */
const KEEP_ALIVE_MS = 15_000;

export interface LiveChannel {
  /** Answers an EventSource request and keeps it open. */
  connect(request: IncomingMessage, response: ServerResponse): void;
  /** Tells every open page, and every page that connects later. */
  send(state: LiveState): void;
  /** Pages connected now. */
  size(): number;
  close(): void;
}

const message = (state: LiveState): string => `event: state\ndata: ${JSON.stringify(state)}\n\n`;

export function liveChannel(initial: LiveState): LiveChannel {
  let current = initial;
  const open = new Set<ServerResponse>();
  const keepAlive = setInterval(() => {
    for (const response of open) response.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  return {
    connect(request, response) {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      // A page whose server went away tries again after half a second, not the default three.
      // What moved is news only to pages open when it moved.
      response.write(`retry: 500\n\n${message({ ...current, moved: {} })}`);
      open.add(response);
      request.on('close', () => open.delete(response));
    },
    send(state) {
      current = state;
      for (const response of open) response.write(message(state));
    },
    size: () => open.size,
    close() {
      clearInterval(keepAlive);
      for (const response of open) response.end();
      open.clear();
    },
  };
}
