/**
 * One tier of the edge cache (a data centre's lower tier, or the upper tier): decides each request as Workers Cache
 * does, RFC 9111 through http-cache-semantics, and asks `upstream` when it must. Web Request in, Response out.
 */
import CachePolicy from 'http-cache-semantics';
import { CONDITIONS, cacheKey, cacheTags, requestView, responseView } from './edge-directives.ts';

export type Origin = (request: Request) => Promise<Response>;
export type CacheStatus = 'HIT' | 'MISS' | 'EXPIRED' | 'REVALIDATED' | 'UPDATING' | 'STALE' | 'BYPASS' | 'DYNAMIC';

export interface CacheTier {
  /** The answer with `Cf-Cache-Status`, and every header upstream gave (Cache-Tag too). */
  fetch: Origin;
  /** Forgets every key one of whose variants carries one of `tags` (any case); without tags, every key. */
  purge(tags?: readonly string[]): void;
  /** Resolves once the background refreshes under way (stale-while-revalidate) are done. */
  settled(): Promise<void>;
}

type View = CachePolicy.Request;
type Entry = { policy: CachePolicy; status: number; headers: Headers; body: ArrayBuffer; tags: Set<string> };
type Outcome = { status: CacheStatus; entry?: Entry; response?: Response };

/** Headers of the stored body, which a 304 does not replace. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'content-range', 'transfer-encoding'];
/** Any staleness accepted: the library then says whether a variant answers the request at all (its URL and Vary). */
const anyAge = (view: View): View => ({ ...view, headers: { ...view.headers, 'cache-control': 'max-stale' } });
/** If-None-Match against an ETag, by weak comparison (RFC 9110 §13.1.2). */
const weak = (tag: string) => tag.trim().replace(/^W\//, '');
const matches = (condition: string | null, etag: string | null) =>
  condition !== null && etag !== null && condition.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));

/** A copy with headers to change, marked with `status` (null: unmarked); without its body for a HEAD. */
function marked(response: Response, status: CacheStatus | null, head = false): Response {
  if (head) void response.body?.cancel();
  const copy = new Response(head ? null : response.body, response);
  if (status) copy.headers.set('cf-cache-status', status);
  else copy.headers.delete('cf-cache-status');
  return copy;
}

/** The stored response for `request`: a 304 when its If-None-Match matches, no body for a HEAD, its age now. */
function answer({ policy, status, headers, body }: Entry, request: Request, cacheStatus: CacheStatus): Response {
  const sent = new Headers(headers);
  sent.set('age', String(Math.floor(policy.age())));
  sent.set('cf-cache-status', cacheStatus);
  if (status !== 200 || !matches(request.headers.get('if-none-match'), headers.get('etag')))
    return new Response(request.method === 'HEAD' || status === 204 ? null : body, { status, headers: sent });
  sent.delete('content-length');
  return new Response(null, { status: 304, headers: sent });
}

export function cacheTier({ upstream, now }: { upstream: Origin; now: () => number }): CacheTier {
  // The library reads its clock through this method (a field would be set after its constructor read it).
  class Policy extends CachePolicy {
    now(): number {
      return now();
    }
  }
  const store = new Map<string, Entry[]>();
  /** Fills under way by key, each resolving to whether it left an entry: later requests wait for it (collapsing). */
  const fills = new Map<string, Promise<boolean>>();
  const refreshes = new Set<Promise<void>>();
  /** Purges so far: a response asked for before a purge is not stored after it. */
  let purges = 0;
  const variants = (key: string, view: View, answering: boolean) =>
    (store.get(key) ?? []).filter((entry) => entry.policy.satisfiesWithoutRevalidation(anyAge(view)) === answering);

  /** Stores `entry` in place of the variant that answers `view`, unless a purge came since it was asked for. */
  function keep(key: string, view: View, since: number, status: CacheStatus, entry: Entry): Outcome {
    if (since === purges) store.set(key, [...variants(key, view, false), entry]);
    return { status, entry };
  }

  /** Asks upstream, with the stale entry's validators when there is one, and keeps what may be kept. */
  async function refresh(key: string, view: View, ask: Request, stale?: Entry): Promise<Outcome> {
    const since = purges;
    const headers = new Headers(ask.headers);
    for (const [name, value] of Object.entries(stale?.policy.revalidationHeaders(view) ?? {}))
      if (name.startsWith('if-') && typeof value === 'string') headers.set(name, value);
    const response: unknown = await upstream(new Request(ask, { headers })).catch((error: unknown) => error);
    // A throw or a 5xx is the library's error response: the stale entry is served when its stale-if-error allows.
    const failed = !(response instanceof Response) || response.status >= 500;
    if (stale && failed && !stale.policy.revalidatedPolicy(view, { status: 500, headers: {} }).modified) {
      if (response instanceof Response) await response.body?.cancel();
      return { status: 'STALE', entry: stale };
    }
    if (!(response instanceof Response)) throw response;
    // Asked upstream, a tier's status is the one the tier above (if any) gives: what the two did as one cache.
    const said = response.headers.get('cf-cache-status') as CacheStatus | null;
    const fetched = marked(response, null);
    const { status, headers: got } = fetched;
    if (stale && status === 304) {
      const merged = new Headers(stale.headers);
      for (const [name, value] of got) if (!BODY_HEADERS.includes(name)) merged.set(name, value);
      const { policy } = stale.policy.revalidatedPolicy(view, { ...responseView(stale.status, merged), status: 304 });
      return keep(key, view, since, said ?? 'REVALIDATED', { ...stale, policy, headers: merged, tags: cacheTags(merged) });
    }
    const policy = new Policy(view, responseView(status, got), { shared: true });
    const varyAll = (got.get('vary') ?? '').split(',').some((name) => name.trim() === '*');
    if (!policy.storable() || got.has('set-cookie') || varyAll) return { status: said ?? 'BYPASS', response: fetched };
    const entry = { policy, status, headers: got, body: await fetched.arrayBuffer(), tags: cacheTags(got) };
    return keep(key, view, since, said ?? (stale ? 'EXPIRED' : 'MISS'), entry);
  }

  function fill(key: string, view: View, ask: Request, stale?: Entry): Promise<Outcome> {
    const outcome = refresh(key, view, ask, stale);
    const left = outcome.then((done) => done.entry !== undefined).catch(() => false);
    fills.set(key, left);
    void left.then(() => fills.get(key) === left && fills.delete(key));
    return outcome;
  }

  async function lookup(request: Request, waited: boolean): Promise<Response> {
    const key = cacheKey(request.url);
    const view = requestView(request);
    const headers = new Headers(request.headers);
    for (const name of CONDITIONS) headers.delete(name);
    // A HEAD is asked as a GET, so that the entry it fills serves both.
    const ask = new Request(request.url, { method: 'GET', headers });
    const [entry] = variants(key, view, true);
    const revalidation = entry?.policy.evaluateRequest(view).revalidation;
    if (entry && !revalidation) return answer(entry, request, 'HIT');
    if (entry && revalidation && !revalidation.synchronous) {
      if (!fills.has(key)) {
        const refreshed = fill(key, view, ask, entry).then(
          (done) => void done.response?.body?.cancel(),
          () => {},
        );
        refreshes.add(refreshed);
        void refreshed.then(() => refreshes.delete(refreshed));
      }
      return answer(entry, request, 'UPDATING');
    }
    const filling = fills.get(key);
    if (filling && !waited) return filling.then(() => lookup(request, true));
    const done = await fill(key, view, ask, entry);
    return done.entry ? answer(done.entry, request, done.status) : marked(done.response!, done.status, request.method === 'HEAD');
  }

  return {
    async fetch(request) {
      const cacheable = ['GET', 'HEAD'].includes(request.method) && !request.headers.has('upgrade') && !request.headers.has('range');
      return cacheable ? lookup(request, false) : marked(await upstream(request), 'DYNAMIC');
    },
    purge(tags) {
      purges += 1;
      const purged = (entry: Entry) => !tags || tags.some((tag) => entry.tags.has(tag.toLowerCase()));
      for (const [key, entries] of store) if (entries.some(purged)) store.delete(key);
    },
    async settled() {
      while (refreshes.size > 0) await Promise.all(refreshes);
    },
  };
}
