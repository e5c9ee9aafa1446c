/**
 * The channel from `npm start` to the open pages: a WebSocket at a path the dev server answers
 * itself (the Worker never sees it). Each message is the whole LiveState, so a page that
 * connects, or reconnects after a restart, is told where things stand at once.
 *
 * A WebSocket, not Server-Sent Events: an EventSource holds one of the six connections a browser
 * keeps per host over HTTP/1.1 for as long as the page is open, so a seventh tab on the dev
 * server would wait forever for its page; WebSockets are not counted there. Unlike EventSource,
 * a WebSocket may be opened from any site, so only a page of the dev server's own origin is let
 * in (another site must not read file names and problems from it).
 *
 * I/O: answers upgrade requests, writes to the connected pages' sockets (the `ws` package).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LiveState } from './live-state.ts';

export interface LiveChannel {
  /** Takes an upgrade request made for the channel's path: a page of the server's own origin joins, any other is refused. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Tells every open page, and every page that connects later. */
  send(state: LiveState): void;
  /** Pages connected now. */
  size(): number;
  close(): void;
}

const message = (state: LiveState): string => JSON.stringify(state);

/** Whether the upgrade comes from a page of the server it is made to (Origin's host is the Host header). */
export function sameOrigin(request: Pick<IncomingMessage, 'headers'>): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
  } catch {
    return false;
  }
}

export function liveChannel(initial: LiveState): LiveChannel {
  let current = initial;
  const server = new WebSocketServer({ noServer: true });
  return {
    upgrade(request, socket, head) {
      if (!sameOrigin(request)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      server.handleUpgrade(request, socket, head, (page) => {
        // What moved is news only to pages open when it moved.
        page.send(message({ ...current, moved: {} }));
      });
    },
    send(state) {
      current = state;
      for (const page of server.clients) page.send(message(state));
    },
    size: () => server.clients.size,
    close() {
      for (const page of server.clients) page.terminate();
      server.close();
    },
  };
}
