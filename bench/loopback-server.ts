/**
 * A Node HTTP server listening on a free loopback port, with its URL and a close that also
 * ends kept-alive connections (Chromium keeps some open). Shared by the Starlight comparison's
 * gzip proxy and static origin.
 *
 * I/O: listens on 127.0.0.1.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: URL;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/`),
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
