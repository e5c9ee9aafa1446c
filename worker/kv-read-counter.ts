/**
 * Counts the KV reads each request makes, at the binding, and reports them in a
 * `Server-Timing: kv;desc="reads=N"` header: how the benchmark (and anyone with devtools)
 * checks that an index page costs one read and a warm article none.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

export const countKvReads: MiddlewareHandler<AppEnv> = async (c, next) => {
  const kv = c.env.CONTENT;
  let reads = 0;
  const counted = new Proxy(kv, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (property !== 'get' && property !== 'getWithMetadata') return bound;
      return (...args: unknown[]) => {
        reads++;
        return bound(...args);
      };
    },
  });
  // A per-request copy of the bindings: other requests keep theirs.
  c.env = { ...c.env, CONTENT: counted };
  await next();
  c.res.headers.append('Server-Timing', `kv;desc="reads=${reads}"`);
};
