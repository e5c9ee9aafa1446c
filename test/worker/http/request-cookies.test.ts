/** worker/http/request-cookies.ts under Hono in Node: a response is "shaped" only by a cookie it read that the request carried. */
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { requestCookies } from '../../../worker/http/request-cookies.ts';

const app = new Hono().get('/', (c) => {
  const cookies = requestCookies(c);
  const shapedBefore = cookies.shaped();
  const read = (c.req.query('read') ?? '').split(',').filter(Boolean);
  const values = Object.fromEntries(read.map((name) => [name, cookies.get(name) ?? null]));
  return c.json({ shapedBefore, values, shaped: cookies.shaped() });
});
const ask = async (read: string, cookie?: string) =>
  (await app.request(`/?read=${read}`, { headers: cookie ? { Cookie: cookie } : {} })).json() as Promise<{
    shapedBefore: boolean;
    values: Record<string, string | null>;
    shaped: boolean;
  }>;

test('the Cookie header, parsed; reading a cookie the request carries shapes the response', async () => {
  expect(await ask('site-preview', 'XSRF-TOKEN=a.b; site-preview=pr-1.2.sig; theme=light')).toEqual({
    shapedBefore: false,
    values: { 'site-preview': 'pr-1.2.sig' },
    shaped: true,
  });
});

test('cookies nobody reads, a cookie that is absent, or no header at all shape nothing', async () => {
  expect((await ask('', 'XSRF-TOKEN=a.b; theme=light')).shaped).toBe(false);
  expect(await ask('site-preview', 'XSRF-TOKEN=a.b')).toMatchObject({ values: { 'site-preview': null }, shaped: false });
  expect(await ask('site-preview')).toMatchObject({ values: { 'site-preview': null }, shaped: false });
  expect((await ask('toString,__proto__', 'a=1')).shaped).toBe(false);
});
