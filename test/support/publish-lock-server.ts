/**
 * A stand-in for the Worker's publish-lock endpoints applying the same rules, bodies and bearer check,
 * for command-line tests without a built Worker. I/O: listens on a port; state in memory.
 */
import { createServer, type Server } from 'node:http';
import { commitRequestSchema, leaseRequestSchema, releaseRequestSchema, resetRequestSchema } from '../../contracts/publish-lease.ts';
import {
  PUBLISH_COMMIT_API_PATH,
  PUBLISH_LEASE_API_PATH,
  PUBLISH_RELEASE_API_PATH,
  PUBLISH_RESET_API_PATH,
} from '../../contracts/routes.ts';
import { listenOnLoopback } from '../../tools/loopback-server.ts';
import { acquire, commit, EMPTY_LEASE_STATE, type LeaseState, release, reset } from '../../worker/publishing/publish-lease.ts';

export interface PublishLockServer {
  /** The origin to give the upload as PUBLISH_URL. */
  origin: string;
  /** The lock's state now. */
  state(): LeaseState;
  /** Replaces the lock's state: a lock as an earlier deployment left it, say. */
  seed(state: LeaseState): void;
  /** Paths called, in order. */
  calls: string[];
  close(): Promise<void>;
}

/** Listens on a loopback port; requests without `Bearer <secret>` get 401. */
export async function startPublishLockServer(secret: string): Promise<PublishLockServer> {
  let state = EMPTY_LEASE_STATE;
  const calls: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const path = request.url ?? '';
      calls.push(path);
      if (request.headers.authorization !== `Bearer ${secret}`)
        return answer(401, { error: 'Missing or wrong bearer token (the value of PUBLISH_SECRET).' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, { error: 'Body is not valid JSON.' });
      }
      const now = Date.now();
      if (path === PUBLISH_LEASE_API_PATH) {
        const { holder, ttlSeconds, reserved } = leaseRequestSchema.parse(body);
        const next = acquire(state, holder, ttlSeconds, now, reserved);
        if (next.result.ok) state = next.state;
        return answer(next.result.ok ? 200 : 409, next.result);
      }
      if (path === PUBLISH_COMMIT_API_PATH) {
        const { holder, basedOn, version } = commitRequestSchema.parse(body);
        const next = commit(state, holder, basedOn, version, now);
        if (next.result.ok) state = next.state;
        return answer(next.result.ok ? 200 : 409, next.result);
      }
      if (path === PUBLISH_RELEASE_API_PATH) {
        const { holder, outcome } = releaseRequestSchema.parse(body);
        state = release(state, holder, outcome, now);
        return answer(200, { ok: true });
      }
      if (path === PUBLISH_RESET_API_PATH) {
        const { holder, from, to } = resetRequestSchema.parse(body);
        const next = reset(state, holder, from, to, now);
        if (next.result.ok) state = next.state;
        return answer(next.result.ok ? 200 : 409, next.result);
      }
      return answer(404, { error: `No API route POST ${path}.` });
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    origin: listening.url.origin,
    state: () => state,
    seed: (seeded) => {
      state = seeded;
    },
    calls,
    close: () => listening.close(),
  };
}
