/**
 * `npm start`'s stand-in for Workers Cache: one data centre of tools/edge-cache between the dev server and workerd,
 * emptied after each publish. I/O: a loopback HTTP server, HTTP to workerd.
 */
import type { IncomingMessage } from 'node:http';
import { PUBLISH_PURGE_API_PATH } from '../../../contracts/routes.ts';
import { createEdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';
import { httpOrigin, startEdgeServer } from '../../../tools/edge-cache/edge-server.ts';
import { MAX_BODY_BYTES } from '../../../worker/http/request-guard.ts';
import type { Upstream } from './forward.ts';

export interface DevEdge {
  /** Where the cache listens, for `forward`. */
  upstream: Upstream;
  /** Empties every tier: after a publish, whose changed pages it may hold (the local KV has no delay to wait out). */
  purge(): void;
  close(): Promise<void>;
}

export async function startDevEdge(worker: Upstream): Promise<DevEdge> {
  const network = createEdgeNetwork({ origin: httpOrigin(worker) });
  const server = await startEdgeServer(network.dataCentre('local'));
  return { upstream: { hostname: server.url.hostname, port: Number(server.url.port) }, purge: () => network.purge(), close: server.close };
}

/**
 * Whether a request goes through the cache: a GET or HEAD without a body, or a purge whose answer it acts on. Others go
 * to the Worker as they came (the cache would pass them on as DYNAMIC): bodies the Worker may refuse unread, and targets
 * a URL would rewrite (dot segments, characters it escapes), which the cache keys as parsed.
 */
export function throughEdge({ method, url: target = '/', headers }: IncomingMessage): boolean {
  const length = headers['content-length'];
  if (method === 'POST' && target === PUBLISH_PURGE_API_PATH) return length !== undefined && Number(length) <= MAX_BODY_BYTES;
  const parsed = URL.parse(`http://localhost${target}`);
  const kept = parsed !== null && parsed.pathname + parsed.search === target;
  return (method === 'GET' || method === 'HEAD') && length === undefined && headers['transfer-encoding'] === undefined && kept;
}
