/**
 * The WebSocket from `npm start` to the open pages: each message the whole LiveState; same-origin pages only.
 * I/O: answers upgrade requests, writes to the pages' sockets (`ws`).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LiveState } from './live-state.ts';

export interface LiveChannel {
  /**
   * Takes an upgrade request made for the channel's path: a page of the server's own origin joins, any other is refused
   * (any site may open a WebSocket, and none may read file names and problems from it).
   */
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
