import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { remoteKvStore, type KvStore } from '../../../scripts/content/kv-store.ts';

/** What the stand-in Cloudflare API saw of one request. */
interface Seen {
  method: string;
  /** Path and query exactly as sent, still URL-encoded. */
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}
type Reply = (req: Seen) => { status: number; body: string };

const ACCOUNT = 'acc/123';
const NAMESPACE = 'ns-456';
const TOKEN = 'test-token';
const PREFIX = '/client/v4/accounts/acc%2F123/storage/kv/namespaces/ns-456';

let server: Server;
let origin: string;
let seen: Seen[] = [];
let reply: Reply = () => ({ status: 200, body: '{"success":true}' });

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    };
    seen.push(request);
    const { status, body } = reply(request);
    res.writeHead(status, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = () => ({ status: 200, body: '{"success":true}' });
});

/** A remote store whose requests to api.cloudflare.com reach the local server instead. */
function store(): KvStore {
  return remoteKvStore({
    accountId: ACCOUNT,
    namespaceId: NAMESPACE,
    apiToken: TOKEN,
    fetch: (input, init) => {
      const url = String(input);
      if (!url.startsWith('https://api.cloudflare.com/')) throw new Error(`unexpected URL ${url}`);
      return fetch(url.replace('https://api.cloudflare.com', origin), init);
    },
  });
}

describe('remoteKvStore', () => {
  test('put sends the value as text with the bearer token to the URL-encoded key', async () => {
    await store().put('entry/abc def', 'Hello, wörld');
    expect(seen).toEqual([
      {
        method: 'PUT',
        url: `${PREFIX}/values/entry%2Fabc%20def`,
        authorization: `Bearer ${TOKEN}`,
        contentType: 'text/plain;charset=utf-8',
        body: 'Hello, wörld',
      },
    ]);
  });

  test('put with expirationTtl asks the API to expire the key', async () => {
    await store().put('lock/upload', '{}', { expirationTtl: 120 });
    expect(seen.map((r) => [r.method, r.url])).toEqual([['PUT', `${PREFIX}/values/lock%2Fupload?expiration_ttl=120`]]);
  });

  test('get returns the text of the value', async () => {
    reply = () => ({ status: 200, body: '{"version":3}' });
    expect(await store().get('manifest')).toBe('{"version":3}');
    expect(seen).toMatchObject([{ method: 'GET', url: `${PREFIX}/values/manifest`, authorization: `Bearer ${TOKEN}` }]);
  });

  test('get returns null for a missing key', async () => {
    reply = () => ({ status: 404, body: '{"success":false,"errors":[{"code":10009,"message":"key not found"}]}' });
    expect(await store().get('sample/a/b.bat')).toBeNull();
    expect(seen[0]!.url).toBe(`${PREFIX}/values/sample%2Fa%2Fb.bat`);
  });

  test('delete sends DELETE to the key', async () => {
    await store().delete('entry/0123');
    expect(seen).toMatchObject([{ method: 'DELETE', url: `${PREFIX}/values/entry%2F0123`, authorization: `Bearer ${TOKEN}`, body: '' }]);
  });

  test('listKeys follows the cursor until it is empty', async () => {
    const pages: Record<string, { result: { name: string }[]; result_info: { cursor: string } }> = {
      '': { result: [{ name: 'entry/1' }, { name: 'entry/2' }], result_info: { cursor: 'page-2' } },
      'page-2': { result: [{ name: 'entry/3' }], result_info: { cursor: 'page 3/+' } },
      'page 3/+': { result: [{ name: 'entry/4' }], result_info: { cursor: '' } },
    };
    reply = (req) => {
      const cursor = new URL(req.url, origin).searchParams.get('cursor') ?? '';
      const page = pages[cursor];
      return page ? { status: 200, body: JSON.stringify({ success: true, ...page }) } : { status: 400, body: 'bad cursor' };
    };

    expect(await store().listKeys('entry/')).toEqual(['entry/1', 'entry/2', 'entry/3', 'entry/4']);
    expect(seen).toHaveLength(3);
    for (const req of seen) {
      const url = new URL(req.url, origin);
      expect(req.method).toBe('GET');
      expect(req.authorization).toBe(`Bearer ${TOKEN}`);
      expect(url.pathname).toBe(`${PREFIX}/keys`);
      expect(url.searchParams.get('prefix')).toBe('entry/');
      expect(url.searchParams.get('limit')).toBe('1000');
    }
    expect(seen.map((r) => new URL(r.url, origin).searchParams.get('cursor'))).toEqual([null, 'page-2', 'page 3/+']);
  });

  test('listKeys stops when result_info is absent', async () => {
    reply = () => ({ status: 200, body: JSON.stringify({ success: true, result: [{ name: 'sample/x' }] }) });
    expect(await store().listKeys('sample/')).toEqual(['sample/x']);
    expect(seen).toHaveLength(1);
  });

  test('a 500 answer throws an error naming the method, path and status', async () => {
    reply = () => ({ status: 500, body: 'internal trouble' });
    await expect(store().put('entry/x', 'v')).rejects.toThrow(/PUT \/values\/entry%2Fx answered 500: internal trouble/);
    await expect(store().get('manifest')).rejects.toThrow(/500/);
    await expect(store().listKeys('entry/')).rejects.toThrow(/GET \/keys\?.* answered 500/);
  });

  test('a 403 on delete throws too', async () => {
    reply = () => ({ status: 403, body: '{"success":false}' });
    await expect(store().delete('entry/x')).rejects.toThrow(/DELETE .* answered 403/);
  });
});
