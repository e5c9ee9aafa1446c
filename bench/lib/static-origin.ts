/**
 * A static file server for Starlight's build, the origin behind the comparison's gzip proxy (files sent uncompressed).
 * I/O: listens on 127.0.0.1; reads files under the given folder.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { type LoopbackServer, listenOnLoopback } from '../../tools/loopback-server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** The file a request path names in `root`, or undefined. */
function fileFor(root: string, pathname: string): string | undefined {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidate = join(root, relative);
  if (!candidate.startsWith(root)) return undefined;
  for (const file of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** Serves `root`: `/a/b/` and `/a/b` answer `a/b/index.html`, a file path the file, anything else 404.html with 404. */
export async function startStaticOrigin(root: string): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://origin');
    const file = fileFor(root, pathname);
    const status = file ? 200 : 404;
    const path = file ?? join(root, '404.html');
    const body = existsSync(path) ? readFileSync(path) : Buffer.from('not found');
    response.writeHead(status, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return listenOnLoopback(server);
}
