/**
 * Hands a dev-server request to the Worker in workerd (its loopback socket) exactly as it came and streams the answer
 * back, with a log line; HTML pages get the live-preview script. I/O: the Node request and response, HTTP to workerd.
 */
import { type ClientRequest, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { injectBeforeHeadEnd } from './inject-script.ts';

/** Where workerd listens (Miniflare's entry socket). */
export interface Upstream {
  hostname: string;
  port: number;
}

/**
 * Connection-level headers, which belong to one hop (Node frames the body again on each side);
 * and Accept-Encoding, so that bodies come back as they are (the edge compresses, not the Worker)
 * and a page's head can be found.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
  'accept-encoding',
]);

/** More than the Worker reads of any body it refuses: its request guard's limit, and one byte. */
const PREFIX_BYTES = 8 * 1024 + 1;
/** How long the Worker gets to answer a request asked again. */
const REASK_MS = 10_000;

export interface ForwardOptions {
  upstream: Upstream;
  /** The tag HTML pages get before </head>, made per request (it names the version served). */
  scriptTag: () => string;
  log: (line: string) => void;
}

/** `[name, value, name, value…]` without the hop-by-hop headers (and without `skip`). */
function passOn(raw: readonly string[], skip: (name: string) => boolean = () => false): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !skip(name)) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

export function forward(request: IncomingMessage, response: ServerResponse, { upstream, scriptTag, log }: ForwardOptions): void {
  const started = performance.now();
  const method = request.method ?? 'GET';
  const target = request.url ?? '/';
  const line = () => `${method} ${target.length > 200 ? `${target.slice(0, 200)}…` : target}`;
  let answered = false;
  let gone = false;
  response.on('error', () => {});

  /** Ends this exchange after a failure: the dev server's own 502 only if workerd could not be reached at all. */
  const fail = (error: Error) => {
    log(`${line()} failed: ${error.message}`);
    if (gone) return;
    if (answered || response.headersSent) return void response.destroy();
    answered = true;
    response.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    response.end(`npm start could not reach the Worker: ${error.message}\n`);
  };

  const relay = (answer: IncomingMessage, outgoing: ClientRequest) => {
    answered = true;
    const status = answer.statusCode ?? 502;
    const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
    // A page with the tag is longer than the Worker said.
    const headers = passOn(answer.rawHeaders, (name) => html && name === 'content-length');
    // With the cache stand-in in front of the Worker (dev-edge.ts), what it did: HIT, MISS…
    const cache = answer.headers['cf-cache-status'] ? ` ${answer.headers['cf-cache-status']}` : '';
    response.on('finish', () =>
      log(`${line()} ${status} ${answer.statusMessage ?? ''}${cache} (${Math.round(performance.now() - started)} ms)`),
    );
    response.writeHead(status, answer.statusMessage, headers);
    if (method === 'HEAD' || !html) answer.pipe(response);
    else {
      const page = (Readable.toWeb(answer) as ReadableStream<Uint8Array>).pipeThrough(injectBeforeHeadEnd(scriptTag()));
      Readable.fromWeb(page as NodeReadableStream<Uint8Array>)
        .on('error', () => response.destroy())
        .pipe(response);
    }
    answer.on('error', () => response.destroy());
    answer.on('end', () => outgoing.destroy());
    // A body the Worker answered without reading all of it: stop sending it (sendBody), and read
    // what the client still sends into nothing, so that it finishes sending and reads this answer.
    request.resume();
  };

  /** One request to workerd; throws when Node's client refuses what Node's server accepted. */
  const ask = (): ClientRequest => {
    const outgoing = httpRequest({
      hostname: upstream.hostname,
      port: upstream.port,
      method,
      path: target,
      headers: passOn(request.rawHeaders),
      // One connection per request: a Worker that refuses a body unread closes its connection.
      agent: false,
    });
    outgoing.on('response', (answer) => relay(answer, outgoing));
    return outgoing;
  };

  let outgoing: ClientRequest;
  try {
    outgoing = ask();
  } catch (error) {
    fail(error as Error);
    return;
  }
  let askedAgain = false;
  const sent = sendBody(request, outgoing, () => !answered && !askedAgain);
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    // After the answer came, a reset is the Worker closing on a body it did not read: the answer stands.
    if (answered || askedAgain) return;
    if (!(sent.bytes() > 0 && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))) return fail(error);
    askedAgain = true;
    // The Worker answered a body it did not read, and closed on it before its answer was read:
    // ask again with what it can have read of the body, sent at once and nothing after, so no
    // write meets the reset and the answer arrives.
    log(`${line()}: the Worker closed on a body it did not read; asking again with its first ${sent.prefix().length} bytes`);
    try {
      outgoing = ask();
    } catch (again) {
      return fail(again as Error);
    }
    outgoing.on('error', (again: Error) => {
      if (!answered) fail(again);
    });
    outgoing.setTimeout(REASK_MS, () => outgoing.destroy(new Error(`no answer within ${REASK_MS / 1000} s`)));
    outgoing.write(sent.prefix());
    request.resume();
  });
  // A client that goes away mid-request or mid-page: stop the Worker's side too.
  response.on('close', () => {
    if (response.writableFinished) return;
    gone = true;
    outgoing.destroy();
  });
  request.on('error', () => outgoing.destroy());
}

/**
 * Streams the client's body to workerd as it comes, with backpressure, until `sending()` says
 * otherwise (the answer came, or the request is asked again). Keeps the body's first
 * PREFIX_BYTES, more than any of the Worker's routes reads of a body it refuses (the request
 * guard refuses a declared 8 KB + 1 unread, the page-view route stops at 1 KB + 1).
 */
function sendBody(from: IncomingMessage, to: ClientRequest, sending: () => boolean): { bytes(): number; prefix(): Buffer } {
  let bytes = 0;
  const kept: Buffer[] = [];
  const next = () => {
    if (sending()) from.resume();
  };
  from.on('data', (chunk: Buffer) => {
    if (!sending()) return;
    if (bytes < PREFIX_BYTES) kept.push(chunk.subarray(0, PREFIX_BYTES - bytes));
    bytes += chunk.length;
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', next);
    }
  });
  from.on('end', () => {
    if (sending()) to.end();
  });
  return { bytes: () => bytes, prefix: () => Buffer.concat(kept) };
}
