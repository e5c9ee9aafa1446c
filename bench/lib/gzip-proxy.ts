/**
 * The Starlight comparison's gzip proxy: forwards to an origin uncompressed and gzips text answers, flushing every chunk.
 * I/O: listens on 127.0.0.1; one HTTP request to the origin per request.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { constants, createGzip } from 'node:zlib';
import { type LoopbackServer, listenOnLoopback } from '../../tools/loopback-server.ts';

const TEXT_TYPES = /^(text\/|application\/(javascript|json|xml|manifest\+json|rss\+xml|atom\+xml)|image\/svg\+xml)/;

/** Starts a proxy to `origin` (an http: URL); its own URL is on a free port. */
export async function startGzipProxy(origin: URL): Promise<LoopbackServer> {
  const server: Server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: origin.host };
    delete headers['accept-encoding'];
    const upstream = httpRequest(
      { hostname: origin.hostname, port: origin.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        const responseHeaders = { ...answer.headers };
        const type = String(answer.headers['content-type'] ?? '');
        // No body to compress in a HEAD answer, a 204 or a 304.
        const bodyless = incoming.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304;
        const compress = TEXT_TYPES.test(type) && !answer.headers['content-encoding'] && !bodyless;
        if (!compress) {
          outgoing.writeHead(answer.statusCode ?? 502, responseHeaders);
          answer.pipe(outgoing);
          return;
        }
        delete responseHeaders['content-length'];
        responseHeaders['content-encoding'] = 'gzip';
        responseHeaders.vary = 'Accept-Encoding';
        outgoing.writeHead(answer.statusCode ?? 502, responseHeaders);
        answer.pipe(createGzip({ flush: constants.Z_SYNC_FLUSH })).pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`origin: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  return listenOnLoopback(server);
}
