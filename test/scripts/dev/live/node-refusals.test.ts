/**
 * Which bytes Node's parser refused are a whole request head without a body, to pass to workerd as they are.
 * Unit.
 */
import { expect, test } from 'vitest';
import { wholeHeadWithoutBody } from '../../../../scripts/dev/live/node-refusals.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

test('a whole head without a body is passed on as it is, odd bytes and methods included', () => {
  for (const head of [
    'GET / HTTP/1.1\r\nHost: x\r\nCookie: a=\x01\r\n\r\n',
    'FOO /guide/DSX HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /guide/\xed\xa0\x80 HTTP/1.1\r\nHost: x\r\n\r\n',
    'POST /x HTTP/1.0\r\nContent-Length: 0\r\n\r\n',
    'POST /x HTTP/1.1\r\nContent-Length: abc\r\n\r\n',
  ])
    expect(wholeHeadWithoutBody(bytes(head))?.toString('latin1'), JSON.stringify(head)).toBe(head);
});

test('anything else is not: no head end, bytes after it, a body announced, not a request line', () => {
  for (const raw of [
    'GET / HTTP/1.1\r\nHost: x\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n\r\n',
    'POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n',
    'POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n',
    'GET / HTTP/2\r\n\r\n',
    '\x16\x03\x01 TLS hello\r\n\r\n',
  ])
    expect(wholeHeadWithoutBody(bytes(raw)), JSON.stringify(raw)).toBeNull();
  expect(wholeHeadWithoutBody(undefined)).toBeNull();
});
