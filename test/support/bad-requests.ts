/**
 * A seeded corpus of hostile and malformed requests, each with its acceptable statuses and strings that must
 * not come back, and a loopback sender. I/O: sends over a socket.
 */
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { seededRandom } from '../../tools/seeded-random.ts';
import { GIVE_UP_MS } from './give-up.ts';
import { inPool } from './pool.ts';

export interface BadRequest {
  category: string;
  method: string;
  /** Path and query exactly as sent on the request line. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
  /** Send through a raw socket: bytes node:http would refuse to put on the wire. */
  raw?: Buffer;
  expect: number[];
  /** Strings that must not appear in the response body. */
  forbidden: string[];
}

export interface Outcome {
  request: BadRequest;
  status: number;
  contentType: string;
  body: string;
}

/** A list written as one string, split at spaces. */
const words = (list: string): string[] => list.split(' ');

/** What a traversal must never disclose. */
const SECRETS = ['root:x:0:0', '[[kv_namespaces]]', '"renderer":', '[core]', 'XSRF_SECRET ='];

const MARKUP = [
  '<script>alert("pwned-1")</script>',
  '"><img src=x onerror=alert("pwned-2")>',
  "'><svg/onload=alert('pwned-3')>",
  '</title><script>alert("pwned-4")</script>',
  '<iframe src="javascript:alert(`pwned-5`)"></iframe>',
  '<a href="javascript:alert(\'pwned-6\')">x</a>',
  '{{constructor.constructor("alert(7)")()}}<b>pwned-7</b>',
];
/** The parts of MARKUP that would be dangerous if reflected verbatim. */
const MARKUP_SIGNS = '<script>alert(|<img src=x onerror|<svg/onload|<iframe src="javascript|<a href="javascript|<b>pwned-7'.split('|');

const PAGES = ['/', '/news', '/guide', '/news/race-element-2-released', '/guide/DSX', '/guide/features', '/setup', '/search', '/analytics'];
const API_GETS = words(
  '/api/_analog/pages /api/_analog/pages/news /api/_analog/pages/guide/DSX /api/_analog/search /api/_analog/samples/start-race-element-minimized.bat',
);
const FEEDS = ['/news/feed.xml', '/sitemap.xml', '/robots.txt', '/llms.txt', '/guide/DSX.md', '/news/race-element-2-released.md'];
const HITS = '/api/_analog/analytics/hits';
const TRAVERSALS = words('../ ..%2f ..%2F %2e%2e/ %2e%2e%2f %2E%2E%2F ..%5c ..\\ %252e%252e%252f ....// ..;/ .%2e/ %2e./ ..%252f');
const TARGETS = words('etc/passwd wrangler.toml manifest .git/config .wrangler/state/v3/kv windows/win.ini proc/self/environ .dev.vars');
const BAD_ENCODINGS = words('% %G1 %zz %E0%A4%A %C3%28 %C0%AF %C0%AE%C0%AE %ED%A0%80 %FF %F8%88%80%80%80 %E2%82 %%32%65 %u002e %2 %0');
const NULS = words('%00 %2500 a%00b %00.md .md%00 %00%00');
const ODD_METHODS = words(
  'PROPFIND PROPPATCH MKCOL COPY MOVE LOCK UNLOCK TRACE PURGE SEARCH REPORT ACL MERGE NOTIFY SUBSCRIBE UNSUBSCRIBE MKACTIVITY CHECKOUT',
);
const WRONG_TYPES =
  'text/plain|text/html|multipart/form-data; boundary=x|application/x-www-form-urlencoded|application/xml|application/jsonp|image/png|json|'.split(
    '|',
  );

export interface CorpusOptions {
  seed?: number;
  count?: number;
  /** A valid XSRF token (cookie and header), so requests reach the checks behind the gate. */
  token: string;
}

/** `count` seeded requests: the same seed gives the same corpus. */
export function badRequestCorpus({ seed = 0x5eed, count = 3_000, token }: CorpusOptions): BadRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const letters = (n: number) => 'abcdefghijklmnopqrstuvwxyz0123456789-_.'.repeat(Math.ceil(n / 39)).slice(0, n);
  const get = (category: string, target: string, expect: number[], extra: Partial<BadRequest> = {}): BadRequest => ({
    category,
    method: 'GET',
    target,
    headers: {},
    expect,
    forbidden: SECRETS,
    ...extra,
  });
  const gated = { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token };
  const dir = (path: string) => path.slice(0, path.lastIndexOf('/') + 1) || '/';

  const makers: (() => BadRequest)[] = [
    // Path traversal, raw and encoded, against every kind of route.
    () => {
      const base = dir(pick([...PAGES, ...API_GETS, ...FEEDS, '/assets/x.js']));
      const target = `${base}${pick(TRAVERSALS).repeat(int(1, 6))}${pick(TARGETS)}`;
      return get('traversal', target, [200, 301, 400, 404]);
    },
    // Encoded slashes and dots inside slugs and API paths.
    () => {
      const base = pick(
        words(
          '/guide/DSX /news/race-element-2-released /api/_analog/samples/start-race-element-minimized.bat /api/_analog/pages/guide /news /guide/DSX.md',
        ),
      );
      const piece = pick(words('%2f %2F %5c %2e %2E %252f %2e%2e .%2f. %2f%2f /%2e/ /.%2e'));
      const target =
        random() < 0.5
          ? `${base}${piece}${pick(['', 'x', '..', 'etc'])}`
          : base.replace(/\/([^/]*)$/, `${piece}$1`).replace(/^(?!\/)/, '/');
      return get('encoded slashes and dots', target, [200, 301, 400, 404]);
    },
    // Overlong paths: at the limit they are ordinary 404s, past it 400.
    () => {
      const over = random() < 0.6;
      const prefix = pick(['/guide/', '/news/', '/api/_analog/pages/guide/', '/x/']);
      const length = over ? int(2049, 12_000) : int(200, 2048);
      const target = `${prefix}${letters(length - prefix.length)}`;
      return get('overlong path', target, over ? [400] : [301, 404]);
    },
    // Overlong query strings.
    () => {
      const over = random() < 0.6;
      const base = pick(['/search', '/setup', '/api/_analog/search', '/news', '/api/_analog/pages/search']);
      const length = over ? int(4097, 16_000) : int(100, 4090);
      const target = `${base}?q=${letters(length - 2)}`;
      return get('overlong query', target, over ? [400] : [200, 400]);
    },
    // Invalid percent-encoding and invalid UTF-8 behind it, in path or query.
    () => {
      const bad = pick(BAD_ENCODINGS);
      const inQuery = random() < 0.4;
      const base = pick([...PAGES, ...API_GETS, ...FEEDS]);
      const target = inQuery ? `${base}?${pick(['q', 'link', 'x'])}=a${bad}z` : `${dir(base)}x${bad}y`;
      return get('invalid percent-encoding', target, [400]);
    },
    // NUL bytes, encoded, in path or query.
    () => {
      const nul = pick(NULS);
      const inQuery = random() < 0.5;
      const base = pick([...PAGES, ...API_GETS]);
      const target = inQuery ? `${base}?q=${nul}` : `${dir(base)}${nul}`;
      return get('NUL byte', target, nul.includes('%2500') ? [200, 301, 400, 404] : [400]);
    },
    // Methods no route knows, on pages, API, feeds and assets.
    () => {
      const method = pick(ODD_METHODS);
      return { ...get('odd method', pick([...PAGES, ...API_GETS, ...FEEDS, HITS]), [405]), method };
    },
    // Known methods where a route does not take them.
    () => {
      const method = pick(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
      const path = pick([...PAGES, ...FEEDS]);
      return {
        ...get('wrong method', path, [405]),
        method,
        ...(method === 'OPTIONS' ? {} : { body: '{}', headers: { 'Content-Type': 'application/json' } }),
      };
    },
    // Non-GET API requests without (or with a wrong) XSRF token: 403.
    () => {
      const method = pick(['POST', 'PUT', 'PATCH', 'DELETE']);
      const headers = pick<Record<string, string>>([
        {},
        { 'X-XSRF-TOKEN': token },
        { Cookie: `XSRF-TOKEN=${token}` },
        { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': `${token}x` },
        { Cookie: 'XSRF-TOKEN=a.b', 'X-XSRF-TOKEN': 'a.b' },
      ]);
      return {
        ...get('missing or wrong XSRF token', pick([HITS, ...API_GETS, '/api/_analog/anything']), [403]),
        method,
        headers,
        body: '{"path":"/news"}',
      };
    },
    // Malformed cookies: a page still renders; oversized or control characters: 400.
    () => {
      const kind = int(0, 5);
      const values = [
        `theme=${pick(MARKUP)}`,
        `XSRF-TOKEN=%E0%A4%A; theme=%ZZ`,
        '=;;;=;;; ; =x; theme',
        `theme=dark; theme=light; ${'a=b; '.repeat(int(1, 200))}`,
        `XSRF-TOKEN=${'A'.repeat(int(201, 4000))}`,
        `big=${'x'.repeat(int(8193, 30_000))}`,
      ];
      const cookie = values[kind]!;
      return get('malformed cookie', pick([...PAGES, ...API_GETS]), cookie.length > 8192 ? [400] : [200], { headers: { Cookie: cookie } });
    },
    // The page-view endpoint with a valid token and the wrong content type.
    () => {
      const type = pick(WRONG_TYPES);
      return {
        ...get('wrong content type', HITS, [415]),
        method: 'POST',
        headers: { ...gated, ...(type ? { 'Content-Type': type } : {}) },
        body: '{"path":"/news"}',
      };
    },
    // Oversized bodies: declared (Content-Length) or streamed (chunked), with or without a token.
    () => {
      const size = random() < 0.5 ? int(1025, 8192) : int(8193, 200_000);
      const chunked = random() < 0.5;
      const withToken = random() < 0.7;
      const body = JSON.stringify({ path: '/news', pad: 'x'.repeat(size) });
      const refusedEarly = !chunked && body.length > 8192;
      const expect = refusedEarly ? [413] : withToken ? [413] : [403];
      return {
        ...get('oversized body', HITS, expect),
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(withToken ? gated : {}) },
        body,
        chunked,
      };
    },
    // Bad JSON bodies and bad page paths behind a valid token.
    () => {
      const body = pick([
        'not json',
        '{"path":',
        '{"path": 5}',
        '[]',
        'null',
        `{"path":"${pick(MARKUP).replace(/"/g, '\\"')}"}`,
        `{"path":"/${pick(MARKUP).replace(/"/g, '\\"')}"}`,
        `{"path":"/${'a'.repeat(600)}"}`,
        '{"path":"/guide/../../etc/passwd"}',
        '{"path":"/\\u0000"}',
        '\u0000\u0001\u0002',
      ]);
      return {
        ...get('bad JSON body', HITS, [400, 404]),
        method: 'POST',
        headers: { ...gated, 'Content-Type': 'application/json' },
        body,
        forbidden: [...SECRETS, ...MARKUP_SIGNS],
      };
    },
    // Injected markup in path, query, slug, search query and setup link.
    () => {
      const markup = pick(MARKUP);
      const encoded = encodeURIComponent(markup);
      const before = words(
        '/search?q= /api/_analog/search?q= /api/_analog/pages/search?q= /setup?link= /api/_analog/pages/setup?link= /guide/ /news/ ' +
          '/ /api/_analog/pages/guide/ /api/_analog/samples/ /api/_analog/ /guide/DSX?',
      );
      const target = random() < 0.1 ? `/news/${encoded}.md` : `${pick(before)}${encoded}`;
      return { ...get('injected markup', target, [200, 400, 404]), forbidden: [...SECRETS, ...MARKUP_SIGNS] };
    },
  ];

  const corpus: BadRequest[] = [];
  // Every maker at least once, then at random.
  for (const make of makers) corpus.push(make());
  while (corpus.length < count) corpus.push(pick(makers)());
  // A few requests only a raw socket can send: bytes that are not valid UTF-8, control characters in a header.
  const raw = (target: string, header = '') =>
    Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${header}Connection: close\r\n\r\n`, 'latin1');
  for (const bytes of words('c328 fffe e282 c0af eda080'))
    for (const base of ['/guide/', '/news/', '/api/_analog/pages/guide/', '/search?q='])
      corpus.push(
        get('raw invalid UTF-8', `${base}<bytes>`, [200, 400, 404], { raw: raw(base + Buffer.from(bytes, 'hex').toString('latin1')) }),
      );
  for (const header of ['Cookie: theme=\x01dark', 'Cookie: a=b\x7f', 'Cookie: \x1b[31mred'])
    corpus.push(get('raw control characters in Cookie', '/', [400], { raw: raw('/', `${header}\r\n`) }));
  return corpus;
}

/** Sends every request to `origin` over loopback, `concurrency` at a time. */
export async function sendAll(origin: URL, corpus: BadRequest[], concurrency = 32): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes = await inPool(corpus, concurrency, (request) =>
    request.raw ? sendRaw(origin, request) : send(origin, request.body === undefined ? agent : false, request),
  );
  agent.destroy();
  return outcomes;
}

/** Requests with a body get a connection of their own: the server may close it after refusing. */
function send(origin: URL, agent: Agent | false, request: BadRequest): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined && !request.chunked) headers['Content-Length'] = String(Buffer.byteLength(request.body));
    const req = httpRequest(
      { host: origin.hostname, port: origin.port, method: request.method, path: request.target, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            request,
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      // A kept-alive connection the server had already closed: ask again on a new one (what
      // browsers do). Any other connection closed before an answer is status 0, a failure.
      if (req.reusedSocket && agent !== false) return void send(origin, false, request).then(resolve);
      resolve({ request, status: 0, contentType: '', body: `no answer: ${error.message}` });
    });
    if (request.body !== undefined) {
      if (request.chunked) {
        // Several chunks, so the server sees a stream with no declared length.
        for (let i = 0; i < request.body.length; i += 4096) req.write(request.body.slice(i, i + 4096));
      } else req.write(request.body);
    }
    req.end();
  });
}

/** Writes the bytes as they are and reads the status line, headers and body of the answer. */
function sendRaw(origin: URL, request: BadRequest): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname, () => socket.write(request.raw!));
    let data = Buffer.alloc(0);
    const finish = () => {
      socket.destroy();
      const text = data.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const head = text.slice(0, headEnd < 0 ? undefined : headEnd);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '';
      resolve({ request, status, contentType, body: headEnd < 0 ? '' : data.subarray(headEnd + 4).toString('utf8') });
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))?.[1];
      if (length !== undefined ? data.length >= headEnd + 4 + Number(length) : text.endsWith('0\r\n\r\n')) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.setTimeout(GIVE_UP_MS, () => reject(new Error(`no answer to raw request ${request.target} within ${GIVE_UP_MS} ms`)));
  });
}
