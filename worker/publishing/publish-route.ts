/** POST /api/_analog/publish/{claim,commit,release}: every upload's way to the publish lock. I/O: the Durable Object. */
import { type Context, Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import type * as z from 'zod';
import { claimRequestSchema, commitRequestSchema, type LockAnswer, releaseRequestSchema } from '../../contracts/publish-lock.ts';
import { PUBLISH_API_PATHS, PUBLISH_CLAIM_API_PATH, PUBLISH_COMMIT_API_PATH, PUBLISH_RELEASE_API_PATH } from '../../contracts/routes.ts';
import type { AppEnv } from '../app-env.ts';
import type { PublishLock } from './publish-lock.ts';

const lock = (c: Context<AppEnv>, namespace: string) => c.env.PUBLISH_LOCK.get(c.env.PUBLISH_LOCK.idFromName(namespace));

/** A route's handler: its body checked by `schema`, then `act` on the lock; 409 when it refuses. */
const onLock =
  <T extends { namespace: string }>(schema: z.ZodType<T>, act: (stub: DurableObjectStub<PublishLock>, body: T) => Promise<LockAnswer>) =>
  async (c: Context<AppEnv>) => {
    const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return c.json({ error: `Body field ${issue.path.join('.') || '(root)'}: ${issue.message}` }, 400);
    }
    const answer = await act(lock(c, parsed.data.namespace), parsed.data);
    return c.json(answer, answer.ok ? 200 : 409);
  };

const claimed = onLock(claimRequestSchema, (stub, { holder }) => stub.claim(holder));
const committed = onLock(commitRequestSchema, (stub, { holder, basedOn, version }) => stub.commit(holder, basedOn, version));
const released = onLock(releaseRequestSchema, (stub, { holder }) => stub.release(holder));

/**
 * Authenticated by `Authorization: Bearer <PUBLISH_SECRET>` (Hono's bearerAuth compares in constant time); 503 without
 * the secret. Exempt from the XSRF gate in app.ts: browsers never send a bearer token by themselves.
 */
export const publishRoutes = new Hono<AppEnv>()
  .on('POST', [...PUBLISH_API_PATHS], async (c, next) => {
    const token = c.env.PUBLISH_SECRET;
    if (!token) return c.json({ error: 'Publishing is not configured on this server (PUBLISH_SECRET is missing).' }, 503);
    // bearerAuth throws its 401 and 400 as HTTPExceptions, which the app's error handler would make 500s.
    return bearerAuth<AppEnv>({ token })(c, next).catch((error: unknown) => {
      if (error instanceof HTTPException) return error.getResponse();
      throw error;
    });
  })
  .post(PUBLISH_CLAIM_API_PATH, claimed)
  .post(PUBLISH_COMMIT_API_PATH, committed)
  .post(PUBLISH_RELEASE_API_PATH, released);
