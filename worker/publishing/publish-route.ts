/** POST /api/_analog/publish/{lease,commit,release,reset}: the upload's way to the publish lock. I/O: the Durable Object. */
import { type Context, Hono } from 'hono';
import type * as z from 'zod';
import { commitRequestSchema, leaseRequestSchema, releaseRequestSchema, resetRequestSchema } from '../../contracts/publish-lease.ts';
import {
  PUBLISH_COMMIT_API_PATH,
  PUBLISH_LEASE_API_PATH,
  PUBLISH_RELEASE_API_PATH,
  PUBLISH_RESET_API_PATH,
} from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { PUBLISH_LOCK_NAME } from './publish-lock.ts';

const encoder = new TextEncoder();

/** Equal digests of both, compared without an early exit: neither length nor content leaks. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all(
    [given, expected].map(async (s) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(s)))),
  );
  let difference = 0;
  for (let i = 0; i < a!.length; i++) difference |= a![i]! ^ b![i]!;
  return difference === 0;
}

type Checked<T> = { ok: true; body: T } | { ok: false; response: Response };

async function authorised<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<Checked<T>> {
  const secret = c.env.PUBLISH_SECRET;
  if (!secret)
    return { ok: false, response: c.json({ error: 'Publishing is not configured on this server (PUBLISH_SECRET is missing).' }, 503) };
  const header = c.req.header('authorization') ?? '';
  const token = /^Bearer (.+)$/.exec(header)?.[1];
  if (!token || !(await sameSecret(token, secret)))
    return { ok: false, response: c.json({ error: 'Missing or wrong bearer token (the value of PUBLISH_SECRET).' }, 401) };
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: c.json({ error: 'Body is not valid JSON.' }, 400) };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, response: c.json({ error: `Body field ${issue.path.join('.') || '(root)'}: ${issue.message}` }, 400) };
  }
  return { ok: true, body: parsed.data };
}

const lock = (c: Context<AppEnv>) => c.env.PUBLISH_LOCK.get(c.env.PUBLISH_LOCK.idFromName(PUBLISH_LOCK_NAME));
type LockStub = ReturnType<typeof lock>;

/** A route's handler: the caller authorised and its body checked by `schema`, then `act` on the lock; 409 when it refuses. */
const onLock =
  <T>(schema: z.ZodType<T>, act: (stub: LockStub, body: T) => Promise<{ ok: true } | { ok: false; reason: string }>) =>
  async (c: Context<AppEnv>) => {
    const checked = await authorised(c, schema);
    if (!checked.ok) return checked.response;
    const result = await act(lock(c), checked.body);
    return c.json(result, result.ok ? 200 : 409);
  };

/**
 * Authenticated by `Authorization: Bearer <PUBLISH_SECRET>`, compared in constant time; 503 without the secret. Exempt
 * from the XSRF gate in app.ts: browsers never send a bearer token by themselves, so there is nothing to forge.
 */
export const publishRoutes = new Hono<AppEnv>()
  .post(
    PUBLISH_LEASE_API_PATH,
    onLock(leaseRequestSchema, (stub, { holder, ttlSeconds, reserved }) => stub.acquire(holder, ttlSeconds, reserved)),
  )
  .post(
    PUBLISH_COMMIT_API_PATH,
    onLock(commitRequestSchema, (stub, { holder, basedOn, version }) => stub.commit(holder, basedOn, version)),
  )
  .post(
    PUBLISH_RELEASE_API_PATH,
    onLock(releaseRequestSchema, async (stub, { holder, outcome }) => {
      await stub.release(holder, outcome);
      return { ok: true };
    }),
  )
  .post(
    PUBLISH_RESET_API_PATH,
    onLock(resetRequestSchema, (stub, { holder, from, to }) => stub.reset(holder, from, to)),
  );
