/** POST /api/_analog/publish/{claim,commit,release,purge}: every upload's way to the publish lock and its purge queue. */
import { type Context, Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type * as z from 'zod';
import * as api from '../../contracts/publish-lock.ts';
import * as paths from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { checkedBody } from '../http/checked-body.ts';

type Lock = ReturnType<AppEnv['Bindings']['PUBLISH_LOCK']['get']>;
const lockOf = (c: Context<AppEnv>, namespace: string): Lock => c.env.PUBLISH_LOCK.get(c.env.PUBLISH_LOCK.idFromName(namespace));
/** A call on the lock of the body's namespace (a Durable Object each); 409 when it refuses. */
const onLock = <T extends { namespace: string }>(schema: z.ZodType<T>, act: (lock: Lock, body: T) => Promise<api.LockAnswer>) =>
  checkedBody(schema, async (c: Context<AppEnv>, body) => {
    const answer = await act(lockOf(c, body.namespace), body);
    return c.json(answer, answer.ok ? 200 : 409);
  });
const claimed = onLock(api.claimRequestSchema, (lock, b) => lock.claim(b.holder));
const committed = onLock(api.commitRequestSchema, (lock, b) => lock.commit(b.holder, b.basedOn, b.version, b.tags));
const released = onLock(api.releaseRequestSchema, (lock, b) => lock.release(b.holder));
/** 200 with what was purged now and what waits: a refused purge is queued and retried by the lock, not a failure. */
const purged = checkedBody(api.purgeRequestSchema, async (c: Context<AppEnv>, body) => c.json(await lockOf(c, body.namespace).purge(body)));

/** Bearer `PUBLISH_SECRET` (compared in constant time), 503 without it; no XSRF gate (app.ts): no browser sends a bearer token. */
export const publishRoutes = new Hono<AppEnv>()
  .on('POST', [...paths.PUBLISH_API_PATHS], async (c, next) => {
    const token = c.env.PUBLISH_SECRET;
    if (!token) return c.json({ error: 'Publishing is not configured on this server (PUBLISH_SECRET is missing).' }, 503);
    return bearerAuth<AppEnv>({ token })(c, next);
  })
  .post(paths.PUBLISH_CLAIM_API_PATH, claimed)
  .post(paths.PUBLISH_COMMIT_API_PATH, committed)
  .post(paths.PUBLISH_RELEASE_API_PATH, released)
  .post(paths.PUBLISH_PURGE_API_PATH, purged);
