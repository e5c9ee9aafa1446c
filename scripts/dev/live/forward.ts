/**
 * Forwards a dev-server request to the Worker (Miniflare's dispatchFetch) and streams its answer back, with a log line.
 * HTML pages get the live-preview script tag. I/O: reads the Node request, writes the Node response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { injectBeforeHeadEnd } from './inject-script.ts';

/** The Worker: Miniflare's dispatchFetch, or anything that answers like it. */
export type Upstream = (url: URL, init: RequestInit & { duplex?: 'half' }) => Promise<Response>;

/**
 * Connection-level headers, which belong to one hop and which fetch refuses to send; and
 * Accept-Encoding, so that bodies come back as they are (the edge compresses, not the Worker).
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
  'expect',
  'accept-encoding',
]);

const DECODED = 'mf-content-encoding';

export interface ForwardOptions {
  upstream: Upstream;
  /** The tag HTML pages get before </head>, made per request (it names the version served). */
  scriptTag: () => string;
  log: (line: string) => void;
}

export async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  { upstream, scriptTag, log }: ForwardOptions,
): Promise<void> {
  const started = performance.now();
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  let answer: Response;
  try {
    answer = await upstream(url, {
      method,
      headers,
      redirect: 'manual',
      ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    });
  } catch (error) {
    log(`${method} ${url.pathname}${url.search} failed: ${(error as Error).message}`);
    if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(`npm start could not reach the Worker: ${(error as Error).message}\n`);
    return;
  }

  const html = (answer.headers.get('content-type') ?? '').startsWith('text/html');
  // A body workerd compressed comes decoded, its encoding moved to MF-Content-Encoding
  // (Miniflare's dispatchFetch): its length no longer applies, nor does a page's with the tag.
  const rewritten = html || answer.headers.has(DECODED);
  for (const [name, value] of answer.headers) {
    if (name === 'set-cookie' || name === DECODED || NOT_FORWARDED.has(name)) continue;
    if (rewritten && name === 'content-length') continue;
    response.setHeader(name, value);
  }
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);
  response.writeHead(answer.status, answer.statusText);
  response.on('finish', () =>
    log(`${method} ${url.pathname}${url.search} ${answer.status} ${answer.statusText} (${Math.round(performance.now() - started)} ms)`),
  );

  if (!answer.body || method === 'HEAD') {
    await answer.body?.cancel();
    response.end();
    return;
  }
  const body = html ? answer.body.pipeThrough(injectBeforeHeadEnd(scriptTag())) : answer.body;
  const stream = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  // A browser that goes away mid-page: stop reading the Worker's stream too.
  response.on('close', () => stream.destroy());
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}
