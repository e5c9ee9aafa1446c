/**
 * Requests Node's HTTP parser refuses, handed to workerd as raw bytes so the Worker decides; the few that are no
 * whole head get Node's status (docs/reliability.md). I/O: a TCP connection to workerd, the client's socket.
 */
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Upstream } from './forward.ts';

/** The dev server's limit on a request head: above what the Worker refuses (an 8 KB Cookie), so that it decides those. */
export const MAX_HEAD_BYTES = 64 * 1024;
/** How long workerd gets to answer a refused request. */
const ANSWER_MS = 10_000;

type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** The whole head, when `raw` is one request head with no body; else null. Pure. */
export function wholeHeadWithoutBody(raw: Buffer | undefined): Buffer | null {
  if (!raw) return null;
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0 || end + 4 !== raw.length) return null;
  const head = raw.subarray(0, end).toString('latin1');
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+ [^ \r\n]+ HTTP\/1\.[01]\r\n/.test(head)) return null;
  if (/\r\ntransfer-encoding:/i.test(head)) return null;
  const length = /\r\ncontent-length:[ \t]*([^\r]*)/i.exec(head)?.[1]?.trim();
  // No body: none announced, or a length that is not one (workerd answers that itself).
  return length === undefined || !/^\d+$/.test(length) || Number(length) === 0 ? raw : null;
}

function answerHere(socket: Duplex, status: number, reason: string): void {
  const text = `${reason}\n`;
  const statusText = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/** The dev server's `clientError` handler. */
export function onNodeRefusal(error: ParserError, socket: Duplex, upstream: Upstream, log: (line: string) => void): void {
  socket.on('error', () => {});
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const head = wholeHeadWithoutBody(error.rawPacket);
  if (!head) {
    log(`a request Node's HTTP parser refused (${error.code ?? error.message}): answered here`);
    if (error.code === 'HPE_HEADER_OVERFLOW') answerHere(socket, 431, `Request head larger than ${MAX_HEAD_BYTES} bytes.`);
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answerHere(socket, 408, 'The request took too long to arrive.');
    else answerHere(socket, 400, `Malformed HTTP request (${error.code ?? 'unreadable'}).`);
    return;
  }
  log(
    `${head.subarray(0, Math.min(head.indexOf(' HTTP/'), 200)).toString('latin1')}: Node's HTTP parser refused it (${error.code}); workerd answers`,
  );
  const worker = connect(upstream.port, upstream.hostname, () => worker.end(head));
  worker.setTimeout(ANSWER_MS, () => worker.destroy());
  worker.pipe(socket);
  worker.on('error', () => socket.destroy());
  // Ended by the pipe when workerd answered; cut off when it did not.
  worker.on('close', () => {
    if (!socket.writableEnded) socket.destroy();
  });
}
