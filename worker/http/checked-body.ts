/** A route's JSON body checked by a zod schema before its handler runs, or a 400 naming the first bad field. Pure. */
import type { Context, Env } from 'hono';
import type * as z from 'zod';

/** The handler for `schema`'s bodies: `answer` gets the parsed body; anything else is answered `{ error }`, 400. */
export const checkedBody =
  <E extends Env, T>(schema: z.ZodType<T>, answer: (c: Context<E>, body: T) => Promise<Response>) =>
  async (c: Context<E>): Promise<Response> => {
    const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
    if (parsed.success) return answer(c, parsed.data);
    const issue = parsed.error.issues[0]!;
    return c.json({ error: `Body field ${issue.path.join('.') || '(root)'}: ${issue.message}` }, 400);
  };
