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

/**
 * Authenticated by `Authorization: Bearer <PUBLISH_SECRET>`, compared in constant time; 503 without the secret. Exempt
 * from the XSRF gate in app.ts: browsers never send a bearer token by themselves, so there is nothing to forge.
 */
export const publishRoutes = new Hono<AppEnv>()
  .post(PUBLISH_LEASE_API_PATH, async (c) => {
    const checked = await authorised(c, leaseRequestSchema);
    if (!checked.ok) return checked.response;
    const { holder, ttlSeconds, reserved } = checked.body;
    const result = await lock(c).acquire(holder, ttlSeconds, reserved);
    return c.json(result, result.ok ? 200 : 409);
  })
  .post(PUBLISH_COMMIT_API_PATH, async (c) => {
    const checked = await authorised(c, commitRequestSchema);
    if (!checked.ok) return checked.response;
    const { holder, basedOn, version } = checked.body;
    const result = await lock(c).commit(holder, basedOn, version);
    return c.json(result, result.ok ? 200 : 409);
  })
  .post(PUBLISH_RELEASE_API_PATH, async (c) => {
    const checked = await authorised(c, releaseRequestSchema);
    if (!checked.ok) return checked.response;
    await lock(c).release(checked.body.holder, checked.body.outcome);
    return c.json({ ok: true });
  })
  .post(PUBLISH_RESET_API_PATH, async (c) => {
    const checked = await authorised(c, resetRequestSchema);
    if (!checked.ok) return checked.response;
    const { holder, from, to } = checked.body;
    const result = await lock(c).reset(holder, from, to);
    return c.json(result, result.ok ? 200 : 409);
  });
