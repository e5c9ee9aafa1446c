/**
 * The edge network over HTTP: a node:http front for one data centre on loopback, and an origin that asks an HTTP server
 * (workerd's socket) with each request's own Host. I/O: listens on 127.0.0.1, HTTP to the origin.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { type LoopbackServer, listenOnLoopback } from '../loopback-server.ts';
import type { Origin } from './edge-cache.ts';
import type { DataCentre } from './edge-network.ts';

/** Headers of one hop, which each side writes for itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** Node's `[name, value, …]` as web Headers, without the hop-by-hop ones. */
function webHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

async function serve(dataCentre: DataCentre, request: IncomingMessage, response: ServerResponse): Promise<void> {
  response.on('error', () => {});
  try {
    const { method = 'GET', url: target = '/' } = request;
    // The host is no part of the key: one that makes no URL is left to the Host header the origin gets.
    const url = URL.parse(`http://${request.headers.host}${target}`) ?? new URL(`http://localhost${target}`);
    const body = method === 'GET' || method === 'HEAD' ? null : Buffer.concat(await request.toArray());
    const answer = await dataCentre.fetch(new Request(url, { method, headers: webHeaders(request.rawHeaders), body }));
    response.writeHead(answer.status, answer.statusText || undefined, [...answer.headers].flat());
    if (!answer.body || method === 'HEAD') return void response.end();
    Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>)
      .on('error', () => response.destroy())
      .pipe(response);
  } catch (error) {
    if (response.headersSent) return void response.destroy();
    response
      .writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end(`The edge cache got no answer: ${(error as Error).message}\n`);
  }
}

/** One data centre on a free loopback port; heads of up to 128 KB (Node's default is 16 KB), so that the Worker decides big ones. */
export function startEdgeServer(dataCentre: DataCentre): Promise<LoopbackServer> {
  return listenOnLoopback(createServer({ maxHeaderSize: 128 * 1024 }, (request, response) => void serve(dataCentre, request, response)));
}

/**
 * The HTTP server at `hostname`:`port` as an origin: the request's method, path, headers (Host too) and body; bodies
 * come back as they are (no Accept-Encoding).
 */
export function httpOrigin({ hostname, port }: { hostname: string; port: number }): Origin {
  return async (request) => {
    const { pathname, search } = new URL(request.url);
    const { 'accept-encoding': _, ...headers } = Object.fromEntries(request.headers);
    const outgoing = httpRequest({ hostname, port, method: request.method, path: pathname + search, headers, agent: false });
    const answered = new Promise<IncomingMessage>((resolve, reject) => outgoing.on('response', resolve).on('error', reject));
    outgoing.end(request.body ? Buffer.from(await request.arrayBuffer()) : undefined);
    const answer = await answered;
    const status = answer.statusCode ?? 502;
    const empty = request.method === 'HEAD' || status === 204 || status === 304;
    if (empty) answer.resume();
    const body = empty ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>);
    return new Response(body, { status, statusText: answer.statusMessage, headers: webHeaders(answer.rawHeaders) });
  };
}
