/**
 * Node HTTP servers on a free loopback port whose close also ends kept-alive connections (Chromium keeps some).
 * I/O: listens on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  url: URL;
  close(): Promise<void>;
}

/** Listens on a free loopback port; the returned `close` also ends kept-alive connections. */
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

/** A loopback port nobody listens on now (for a process that must be told its port, as workerd's inspector). */
export async function freeLoopbackPort(): Promise<number> {
  const probe = await listenOnLoopback(createServer());
  await probe.close();
  return Number(probe.url.port);
}
