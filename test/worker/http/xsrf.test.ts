/**
 * The XSRF gate as a matrix of methods, routes and tokens, the secret's configuration, the comparison
 * functions, and the token route. workerd and unit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { checkXsrf, createXsrfToken, isValidXsrfToken, LOCAL_DEVELOPMENT_SECRET } from '../../../worker/http/xsrf.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const HITS = '/api/_analog/analytics/hits';
/** Every API route, and one that does not exist: the gate stands before routing. */
const ROUTES = [
  HITS,
  '/api/_analog/pages',
  '/api/_analog/pages/guide/DSX',
  '/api/_analog/search',
  '/api/_analog/samples/start-race-element-minimized.bat',
  '/api/_analog/unknown',
  '/api/other',
];
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

let worker: LocalWorker;
let valid: string;
let valid2: string;
let foreign: string;
beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null });
  const outcome = await uploadContent({ renderCache: runRenderCache(), content: await loadFixtureSite(), store: worker.store });
  if (!outcome.ok) throw new Error('upload failed');
  valid = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
  valid2 = await createXsrfToken(LOCAL_DEVELOPMENT_SECRET);
  foreign = await createXsrfToken('another-secret');
});
afterAll(() => worker?.dispose());

type Case = { name: string; cookie?: string; header?: string; error: string | null };
const cases = (): Case[] => [
  { name: 'no token at all', error: 'Missing X-XSRF-TOKEN header.' },
  { name: 'cookie without header', cookie: valid, error: 'Missing X-XSRF-TOKEN header.' },
  { name: 'header without cookie', header: valid, error: 'Missing XSRF-TOKEN cookie.' },
  {
    name: 'mismatched header (another valid token)',
    cookie: valid,
    header: valid2,
    error: 'X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie.',
  },
  { name: 'signed by another secret', cookie: foreign, header: foreign, error: 'XSRF-TOKEN is not validly signed.' },
  { name: 'malformed token (one-character signature)', cookie: 'a.b', header: 'a.b', error: 'XSRF-TOKEN is not validly signed.' },
  { name: 'malformed token (no signature)', cookie: 'abc', header: 'abc', error: 'XSRF-TOKEN is not validly signed.' },
  { name: 'valid token', cookie: valid, header: valid, error: null },
];

function request(method: string, path: string, c: Case, origin = 'http://localhost:8787'): Promise<Response> {
  return worker.fetch(new URL(path, origin).href, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(c.cookie ? { Cookie: `XSRF-TOKEN=${c.cookie}` } : {}),
      ...(c.header ? { 'X-XSRF-TOKEN': c.header } : {}),
    },
    body: '{"path":"/news"}',
  });
}

describe('every non-GET API route', () => {
  test('answers 403 with the documented JSON reason for each bad token, and lets a valid one through', async () => {
    const seen: string[] = [];
    for (const path of ROUTES) {
      for (const method of METHODS) {
        for (const c of cases()) {
          const res = await request(method, path, c);
          const text = await res.text();
          const json = (text ? JSON.parse(text) : {}) as { error?: string };
          if (c.error === null) {
            // Past the gate: the route answers (204 for a counted view, 404 where no route takes the method).
            const expected = path === HITS && method === 'POST' ? 204 : 404;
            if (res.status !== expected) seen.push(`${method} ${path} ${c.name}: ${res.status} (expected ${expected})`);
          } else if (res.status !== 403 || json.error !== c.error) {
            seen.push(`${method} ${path} ${c.name}: ${res.status} ${JSON.stringify(json)}`);
          }
        }
      }
    }
    expect(seen).toEqual([]);
  });

  test('safe methods are not gated', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await worker.fetch('/api/_analog/pages/news', { method });
      expect(res.status, method).toBe(200);
    }
  });
});

describe('the secret', () => {
  test('with XSRF_SECRET set, tokens of the development secret are refused and its own pass', async () => {
    const configured = await startLocalWorker({ assetsDir: null, bindings: { XSRF_SECRET: 'a-configured-secret' } });
    try {
      await uploadContent({ renderCache: runRenderCache(), content: await loadFixtureSite(), store: configured.store });
      const post = (token: string) =>
        configured.fetch(HITS, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': token },
          body: '{"path":"/news"}',
        });
      const refused = await post(await createXsrfToken(LOCAL_DEVELOPMENT_SECRET));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'XSRF-TOKEN is not validly signed.' });
      expect((await post(await createXsrfToken('a-configured-secret'))).status).toBe(204);
    } finally {
      await configured.dispose();
    }
  });

  test('without XSRF_SECRET, a host other than localhost refuses every state-changing request', async () => {
    const res = await request('POST', HITS, { name: 'valid', cookie: valid, header: valid, error: null }, 'https://race.elementfuture.com');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'XSRF protection is not configured on this server (XSRF_SECRET is missing).' });
  });
});

describe('the comparisons', () => {
  test('isValidXsrfToken never throws on malformed input', async () => {
    const odd = [
      '',
      '.',
      'a.',
      '.b',
      'a.b',
      'a.bc',
      'a.b.c',
      'a.!!!!',
      'a.====',
      'a'.repeat(201),
      `abc.${'A'.repeat(5)}`,
      `${valid}x`,
      valid.replace(/.$/, ''),
    ];
    for (const token of odd) expect(await isValidXsrfToken(token, LOCAL_DEVELOPMENT_SECRET), token).toBe(false);
    expect(await isValidXsrfToken(valid, LOCAL_DEVELOPMENT_SECRET)).toBe(true);
  });

  test('checkXsrf: each reason', async () => {
    expect(await checkXsrf(valid, valid, LOCAL_DEVELOPMENT_SECRET)).toEqual({ ok: true });
    expect(await checkXsrf(valid, valid, null)).toMatchObject({ ok: false });
    expect(await checkXsrf(valid, `${valid.slice(0, -1)}x`, LOCAL_DEVELOPMENT_SECRET)).toEqual({
      ok: false,
      reason: 'X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie.',
    });
    expect(await checkXsrf(valid, valid.slice(0, -1), LOCAL_DEVELOPMENT_SECRET)).toMatchObject({ ok: false });
    expect(await checkXsrf(foreign, foreign, LOCAL_DEVELOPMENT_SECRET)).toEqual({ ok: false, reason: 'XSRF-TOKEN is not validly signed.' });
  });
});

describe('the token route', () => {
  const tokenRoute = (cookie?: string) => worker.fetch('/api/_analog/analytics/xsrf-token', { headers: cookie ? { Cookie: cookie } : {} });

  test('hands the token over in its body and sets it as a cookie for the page-view API only, which pages, page data and search never get', async () => {
    const res = await tokenRoute();
    const { token } = (await res.json()) as { token: string };
    expect(await isValidXsrfToken(token, LOCAL_DEVELOPMENT_SECRET)).toBe(true);
    expect(res.headers.getSetCookie()).toEqual([
      `XSRF-TOKEN=${token}; Max-Age=31536000; Path=/api/_analog/analytics; HttpOnly; SameSite=Lax`,
    ]);
    // Private to this visitor: stored by no cache, the shared one's headers absent.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(res.headers.get('cache-tag')).toBeNull();
    // What the browser then sends to the gate: the body's token in the header, the cookie with it.
    expect((await request('POST', HITS, { name: 'from the route', cookie: token, header: token, error: null })).status).toBe(204);
  });

  test('a valid token held is given back (tabs share it); an invalid one is replaced', async () => {
    expect(await (await tokenRoute(`XSRF-TOKEN=${valid}`)).json()).toEqual({ token: valid });
    for (const held of [foreign, 'a.b']) {
      const { token } = (await (await tokenRoute(`XSRF-TOKEN=${held}`)).json()) as { token: string };
      expect(token).not.toBe(held);
      expect(await isValidXsrfToken(token, LOCAL_DEVELOPMENT_SECRET), held).toBe(true);
    }
  });

  test('a cookie held, perhaps one set at / by an older version of the site, is cleared there', async () => {
    const lines = (await tokenRoute(`XSRF-TOKEN=${valid}`)).headers.getSetCookie();
    expect(lines).toEqual([
      `XSRF-TOKEN=${valid}; Max-Age=31536000; Path=/api/_analog/analytics; HttpOnly; SameSite=Lax`,
      'XSRF-TOKEN=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });
});
