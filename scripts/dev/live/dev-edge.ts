/**
 * `npm start`'s stand-in for Workers Cache: one data centre of tools/edge-cache between the dev server and workerd,
 * emptied after each save's publish, and by the Worker's purges. I/O: a loopback HTTP server, HTTP to workerd.
 */
import type { IncomingMessage } from 'node:http';
import { createEdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';
import { httpOrigin, startEdgeServer } from '../../../tools/edge-cache/edge-server.ts';
import type { Upstream } from './forward.ts';

export interface DevEdge {
  /** Where the cache listens, for `forward`. */
  upstream: Upstream;
  /** Empties every tier: after a publish, whose changed pages it may hold (the local KV has no delay to wait out). */
  purge(): void;
  /** The Worker's purges (its EDGE_PURGE binding), within Workers Cache's purge limits. */
  purgeRequest(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export async function startDevEdge(worker: Upstream): Promise<DevEdge> {
  const network = createEdgeNetwork({ origin: httpOrigin(worker) });
  const server = await startEdgeServer(network.dataCentre('local'));
  return {
    upstream: { hostname: server.url.hostname, port: Number(server.url.port) },
    purge: () => network.purge(),
    purgeRequest: (request) => network.purgeRequest(request),
    close: server.close,
  };
}

/**
 * Whether a request goes through the cache: a GET or HEAD without a body. Others go to the Worker as they came (the
 * cache would pass them on as DYNAMIC): bodies the Worker may refuse unread, and targets a URL would rewrite (dot
 * segments, characters it escapes), which the cache keys as parsed.
 */
export function throughEdge({ method, url: target = '/', headers }: IncomingMessage): boolean {
  const length = headers['content-length'];
  const parsed = URL.parse(`http://localhost${target}`);
  const kept = parsed !== null && parsed.pathname + parsed.search === target;
  return (method === 'GET' || method === 'HEAD') && length === undefined && headers['transfer-encoding'] === undefined && kept;
}
