/**
 * A local stand-in for Cloudflare's Workers KV REST API, answering as it is documented to (docs/publishing.md,
 * "The KV API contract server"). I/O: listens on a port; namespaces in memory.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type LoopbackServer, listenOnLoopback } from '../../tools/loopback-server.ts';
import { seededRandom } from '../../tools/seeded-random.ts';

/** The routes the store calls; no single-value write or delete: it writes and deletes in bulk. */
const OPERATIONS = ['namespace.get', 'keys.list', 'value.get', 'bulk.write', 'bulk.delete', 'bulk.get'] as const;
export type KvApiOperation = (typeof OPERATIONS)[number];

/** The documented limits, each overridable for a test that needs a small one. */
export const KV_API_LIMITS = {
  bulkWritePairs: 10_000,
  bulkWriteBytes: 100_000_000,
  bulkDeleteKeys: 10_000,
  bulkGetKeys: 100,
  valueBytes: 25 * 1024 * 1024,
  keyBytes: 512,
  listMin: 10,
  listMax: 1000,
  writeIntervalMs: 1000,
};
export type KvApiLimits = typeof KV_API_LIMITS;

/**
 * Error codes. 10000, 10009, 10013, 10022, 10024 and 10028 are in Cloudflare's list of KV API
 * codes (authentication error, key not found, namespace not found, too many requests, payload
 * too large, invalid limit argument); 7003 is the API's "could not route" answer. Which of them
 * the API gives for an over-limit bulk request or a malformed body is not documented: those are
 * this server's choices.
 */
export const CODES = {
  auth: 10000,
  keyNotFound: 10009,
  malformed: 10012,
  namespaceNotFound: 10013,
  tooManyRequests: 10022,
  payloadTooLarge: 10024,
  invalidLimit: 10028,
  noRoute: 7003,
  internal: 10001,
};

export interface InjectedAnswer {
  status: number;
  code: number;
  message: string;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Apply the request first, then answer with this error (the write landed, the answer did not say so). */
  afterApplying?: boolean;
}

export interface Fault {
  /** Only requests of this operation (default: any). */
  operation?: KvApiOperation;
  /** Only requests that touch this key (in the path or the body). */
  key?: string;
  /** Let this many matching requests through first (default 0): `after: 4` fails the 5th. */
  after?: number;
  /** How many matching requests to fail (default 1; Infinity for all of them). */
  times?: number;
  /** An error answer; 'drop' closes the connection without an answer; 'unsuccessful-keys' answers a bulk write or delete 200 listing every key as unsuccessful, writing none. */
  answer: InjectedAnswer | 'drop' | 'unsuccessful-keys';
}

export interface KvApiServerOptions {
  accountId: string;
  namespaces: string[];
  /** Bearer tokens and what each may do. */
  tokens: Record<string, 'read' | 'write'>;
  visibilityDelayMs?: number;
  limits?: Partial<KvApiLimits>;
}

export interface LoggedRequest {
  operation: KvApiOperation | 'unrouted';
  method: string;
  /** Path and query as received, still percent-encoded. */
  url: string;
  status: number | 'dropped';
  /** Keys the request touched. */
  keys: string[];
  /** Size of the request body. */
  bytes: number;
}

interface Version {
  /** null: deleted. */
  value: Buffer | null;
  appliedAt: number;
  visibleAt: number;
}

interface Route {
  operation: KvApiOperation;
  account: string;
  namespace: string;
  key?: string;
  /** The query string, with its `?`. */
  query?: string;
}

class ApiAnswer extends Error {
  readonly status: number;
  readonly code: number;
  readonly headers: Record<string, string>;
  constructor(status: number, code: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export class CloudflareKvApi {
  readonly #options: KvApiServerOptions;
  readonly #limits: KvApiLimits;
  readonly #data = new Map<string, Map<string, Version[]>>();
  readonly #faults: (Fault & { seen: number; used: number })[] = [];
  #random: { rate: number; next: () => number } | null = null;
  #server: LoopbackServer | null = null;
  #baseURL = '';
  readonly log: LoggedRequest[] = [];

  constructor(options: KvApiServerOptions) {
    this.#options = options;
    this.#limits = { ...KV_API_LIMITS, ...options.limits };
    for (const ns of options.namespaces) this.#data.set(ns, new Map());
  }

  /** `http://127.0.0.1:<port>/client/v4`, the SDK's `baseURL`. */
  get baseURL(): string {
    return this.#baseURL;
  }

  async start(): Promise<this> {
    const server = await listenOnLoopback(createServer((req, res) => void this.#handle(req, res)));
    this.#server = server;
    this.#baseURL = new URL('client/v4', server.url).href;
    return this;
  }

  /** Stops listening and cuts open connections: later requests find nothing (ECONNREFUSED). */
  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    await server.close();
  }

  inject(fault: Fault): void {
    this.#faults.push({ ...fault, seen: 0, used: 0 });
  }

  /** Answers about `rate` of all requests (seeded, so a run is repeatable) with 500 before doing anything. */
  randomErrors(rate: number, seed: number): void {
    this.#random = { rate, next: seededRandom(seed) };
  }

  clearFaults(): void {
    this.#faults.length = 0;
    this.#random = null;
  }

  /** Requests received so far, by operation (every attempt, faults included), and how many were answered 429. */
  counts(): Record<KvApiOperation, number> & { total: number; rateLimited: number } {
    const counts = Object.fromEntries(OPERATIONS.map((op) => [op, 0])) as Record<KvApiOperation, number>;
    for (const entry of this.log) if (entry.operation !== 'unrouted') counts[entry.operation]++;
    return { ...counts, total: this.log.length, rateLimited: this.log.filter((entry) => entry.status === 429).length };
  }

  resetLog(): void {
    this.log.length = 0;
  }

  /** What a namespace holds now, ignoring visibility delays: key → value as UTF-8 text. */
  contents(namespace: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const [key, versions] of this.#namespace(namespace)) {
      const latest = versions.at(-1);
      if (latest?.value) out.set(key, latest.value.toString('utf8'));
    }
    return new Map([...out].sort(([a], [b]) => compareKeys(a, b)));
  }

  /** The bytes a key holds now (ignoring visibility delays), or undefined when it holds nothing. */
  bytes(namespace: string, key: string): Buffer | undefined {
    const latest = this.#namespace(namespace).get(key)?.at(-1);
    return latest?.value ?? undefined;
  }

  #namespace(namespace: string): Map<string, Version[]> {
    const ns = this.#data.get(namespace);
    if (!ns) throw new Error(`no namespace ${namespace} on this server`);
    return ns;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '';
    const method = req.method ?? 'GET';
    const route = matchRoute(method, url);
    const entry: LoggedRequest = { operation: route?.operation ?? 'unrouted', method, url, status: 0, keys: [], bytes: body.length };
    this.log.push(entry);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      const raw = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
      res
        .writeHead(status, {
          'content-type': Buffer.isBuffer(payload) ? 'application/octet-stream' : 'application/json',
          'content-length': String(raw.length),
          ...headers,
        })
        .end(raw);
    };
    const fail = (answer: ApiAnswer) =>
      send(answer.status, envelope(false, null, [{ code: answer.code, message: answer.message }]), answer.headers);
    try {
      const path = new URL(url, 'http://x').pathname;
      if (!route) throw new ApiAnswer(404, CODES.noRoute, `Could not route to ${path}, perhaps your object identifier is invalid?`);
      const parsed = this.#parseRequest(route, body);
      entry.keys = parsed.keys;
      const fault = this.#takeFault(route.operation, parsed.keys);
      if (fault === 'drop') {
        entry.status = 'dropped';
        req.socket.destroy();
        return;
      }
      if (this.#random && this.#random.next() < this.#random.rate) {
        throw new ApiAnswer(500, CODES.internal, 'service temporarily unavailable (random fault)');
      }
      if (fault && fault !== 'unsuccessful-keys' && !fault.afterApplying) throw injected(fault);
      const result = this.#serve(route, parsed, req.headers.authorization, fault === 'unsuccessful-keys');
      if (fault && fault !== 'unsuccessful-keys') throw injected(fault);
      if (Buffer.isBuffer(result.result)) send(200, result.result);
      else send(200, envelope(true, result.result, [], result.resultInfo));
    } catch (error) {
      if (error instanceof ApiAnswer) fail(error);
      else fail(new ApiAnswer(500, CODES.internal, `contract server bug: ${(error as Error).message}`));
    }
  }

  #takeFault(operation: KvApiOperation, keys: string[]): InjectedAnswer | 'drop' | 'unsuccessful-keys' | null {
    for (const fault of this.#faults) {
      if (fault.operation && fault.operation !== operation) continue;
      if (fault.key !== undefined && !keys.includes(fault.key)) continue;
      fault.seen++;
      if (fault.seen <= (fault.after ?? 0)) continue;
      if (fault.used >= (fault.times ?? 1)) continue;
      fault.used++;
      return fault.answer;
    }
    return null;
  }

  /** Validates the request's body against the limits; no state is read or changed. */
  #parseRequest(route: Route, body: Buffer): ParsedRequest {
    const limits = this.#limits;
    switch (route.operation) {
      case 'bulk.write': {
        const max = limits.bulkWriteBytes;
        if (body.length > max) throw new ApiAnswer(413, CODES.payloadTooLarge, `payload too large: ${body.length} bytes, at most ${max}`);
        const pairs = parseList(parseJson(body), limits.bulkWritePairs, (pair) => typeof pair === 'object');
        const writes = pairs.map((pair, i) => this.#parsePair(pair, i));
        return { keys: writes.map((w) => w.key), writes };
      }
      case 'bulk.delete': {
        const keys = parseList(parseJson(body), limits.bulkDeleteKeys, isString) as string[];
        return { keys: keys.map((k) => this.#checkKey(k)), writes: [] };
      }
      case 'bulk.get': {
        const parsed = parseJson(body) as { keys?: unknown; type?: unknown } | null;
        const keys = parseList(parsed?.keys, limits.bulkGetKeys, isString) as string[];
        // The store reads text only; `type: json` is not modelled.
        if (parsed?.type !== undefined && parsed.type !== 'text') throw new ApiAnswer(400, CODES.malformed, 'type must be text');
        return { keys: keys.map((k) => this.#checkKey(k)), writes: [] };
      }
      case 'value.get':
        return { keys: [this.#checkKey(route.key!)], writes: [] };
      case 'keys.list':
      case 'namespace.get':
        return { keys: [], writes: [] };
    }
  }

  #checkKey(key: string): string {
    if (key === '' || key === '.' || key === '..') throw new ApiAnswer(400, CODES.malformed, `invalid key name ${JSON.stringify(key)}`);
    if (Buffer.byteLength(key) > this.#limits.keyBytes)
      throw new ApiAnswer(414, CODES.malformed, `key too long: ${Buffer.byteLength(key)} bytes, at most ${this.#limits.keyBytes}`);
    return key;
  }

  #parsePair(pair: unknown, index: number): PlannedWrite {
    const p = pair as { key?: unknown; value?: unknown; base64?: unknown };
    if (!p || typeof p.key !== 'string' || typeof p.value !== 'string')
      throw new ApiAnswer(400, CODES.malformed, `pair ${index}: key and value must be strings`);
    const key = this.#checkKey(p.key);
    const value = p.base64 === true ? Buffer.from(p.value, 'base64') : Buffer.from(p.value, 'utf8');
    const max = this.#limits.valueBytes;
    if (value.length > max)
      throw new ApiAnswer(413, CODES.payloadTooLarge, `value of ${key} too large: ${value.length} bytes, at most ${max}`);
    return { key, value };
  }

  #serve(
    route: Route,
    parsed: ParsedRequest,
    authorization: string | undefined,
    unsuccessful: boolean,
  ): { result: unknown; resultInfo?: unknown } {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const grant = token === undefined ? undefined : this.#options.tokens[token];
    if (!grant) throw new ApiAnswer(401, CODES.auth, 'Authentication error');
    if (route.account !== this.#options.accountId) throw new ApiAnswer(403, CODES.auth, 'Authentication error');
    const ns = this.#data.get(route.namespace);
    if (!ns)
      throw new ApiAnswer(
        404,
        CODES.namespaceNotFound,
        `${route.operation === 'namespace.get' ? 'get namespace' : route.operation}: 'namespace not found'`,
      );
    const writes = route.operation === 'bulk.write' || route.operation === 'bulk.delete';
    if (writes && grant !== 'write') throw new ApiAnswer(403, CODES.auth, 'Authentication error');
    const now = Date.now();

    switch (route.operation) {
      case 'namespace.get':
        return { result: { id: route.namespace, title: `namespace ${route.namespace}`, supports_url_encoding: true } };
      case 'keys.list':
        return this.#list(ns, route, now);
      case 'value.get': {
        const value = visibleValue(ns.get(parsed.keys[0]!), now);
        if (!value) throw new ApiAnswer(404, CODES.keyNotFound, "get: 'key not found'");
        return { result: value };
      }
      case 'bulk.get': {
        const values: Record<string, unknown> = {};
        for (const key of parsed.keys) {
          const value = visibleValue(ns.get(key), now);
          values[key] = value?.toString('utf8') ?? null;
        }
        return { result: { values } };
      }
      case 'bulk.write':
      case 'bulk.delete': {
        const planned = route.operation === 'bulk.write' ? parsed.writes : parsed.keys.map((key) => ({ key, value: null }));
        if (unsuccessful) return { result: { successful_key_count: 0, unsuccessful_keys: planned.map((w) => w.key) } };
        const hot = planned.find((w) => {
          const last = ns.get(w.key)?.at(-1);
          return last !== undefined && now - last.appliedAt < this.#limits.writeIntervalMs;
        });
        if (hot)
          throw new ApiAnswer(429, CODES.tooManyRequests, `too many requests: ${hot.key} was written less than 1 second ago`, {
            'retry-after': '1',
          });
        const visibleAt = now + (this.#options.visibilityDelayMs ?? 0);
        for (const w of planned) {
          const versions = ns.get(w.key) ?? [];
          versions.push({ value: w.value, appliedAt: now, visibleAt });
          ns.set(w.key, versions);
        }
        return { result: { successful_key_count: planned.length, unsuccessful_keys: [] } };
      }
    }
  }

  #list(ns: Map<string, Version[]>, route: Route, now: number): { result: unknown; resultInfo: unknown } {
    const query = new URL(`http://x${route.query ?? ''}`).searchParams;
    const limit = query.has('limit') ? Number(query.get('limit')) : this.#limits.listMax;
    const { listMin, listMax } = this.#limits;
    if (!Number.isInteger(limit) || limit < listMin || limit > listMax)
      throw new ApiAnswer(400, CODES.invalidLimit, `invalid limit argument: ${query.get('limit')} (${listMin}–${listMax})`);
    const prefix = query.get('prefix') ?? '';
    const cursor = query.get('cursor');
    const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
    const names = [...ns.entries()]
      .filter(([key, versions]) => key.startsWith(prefix) && visibleValue(versions, now) !== null)
      .map(([key]) => key)
      .sort(compareKeys)
      .filter((key) => after === null || compareKeys(key, after) > 0);
    const page = names.slice(0, limit);
    const more = names.length > limit;
    const result = page.map((name) => ({ name }));
    return { result, resultInfo: { count: page.length, cursor: more ? Buffer.from(page.at(-1)!, 'utf8').toString('base64url') : '' } };
  }
}

interface PlannedWrite {
  key: string;
  value: Buffer | null;
}

interface ParsedRequest {
  keys: string[];
  writes: PlannedWrite[];
}

/** Starts the contract server on a loopback port. */
export async function startKvApi(options: KvApiServerOptions): Promise<CloudflareKvApi> {
  return new CloudflareKvApi(options).start();
}

function envelope(success: boolean, result: unknown, errors: { code: number; message: string }[], resultInfo?: unknown) {
  return { success, errors, messages: [], result, ...(resultInfo === undefined ? {} : { result_info: resultInfo }) };
}

function injected(answer: InjectedAnswer): ApiAnswer {
  return new ApiAnswer(
    answer.status,
    answer.code,
    answer.message,
    answer.retryAfter === undefined ? {} : { 'retry-after': String(answer.retryAfter) },
  );
}

const isString = (item: unknown) => typeof item === 'string';

/** A bulk body's list: an array of `item`s, at most `limit` of them. */
function parseList(list: unknown, limit: number, item: (value: unknown) => boolean): unknown[] {
  if (!Array.isArray(list) || !list.every(item)) throw new ApiAnswer(400, CODES.malformed, 'the body is not the documented list');
  if (list.length > limit) throw new ApiAnswer(400, CODES.malformed, `too many items: ${list.length}, at most ${limit} per request`);
  return list;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new ApiAnswer(400, CODES.malformed, 'the body is not valid JSON');
  }
}

/** KV lists keys in the order of their UTF-8 bytes. */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The newest version visible at `now`; null when none is, or it is a delete. */
function visibleValue(versions: Version[] | undefined, now: number): Buffer | null {
  return versions?.findLast((v) => v.visibleAt <= now)?.value ?? null;
}

const ROUTES: Record<string, KvApiOperation> = {
  'GET ': 'namespace.get',
  'GET /keys': 'keys.list',
  'PUT /bulk': 'bulk.write',
  'POST /bulk/delete': 'bulk.delete',
  'POST /bulk/get': 'bulk.get',
};
const NS_PATH = /^\/client\/v4\/accounts\/([^/]+)\/storage\/kv\/namespaces\/([^/]+)(\/.*)?$/;

function matchRoute(method: string, url: string): Route | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const [, account, namespace, rest = ''] = NS_PATH.exec(path) ?? [];
  // One path segment: a key with a slash in it must arrive percent-encoded.
  const key = /^\/values\/([^/]+)$/.exec(rest)?.[1];
  const operation = key ? (method === 'GET' ? 'value.get' : null) : ROUTES[`${method} ${rest}`];
  if (!account || !namespace || !operation) return null;
  try {
    const base = { operation, account: decodeURIComponent(account), namespace: decodeURIComponent(namespace), query };
    return key ? { ...base, key: decodeURIComponent(key) } : base;
  } catch {
    return null;
  }
}
