/**
 * What tools/local-worker.ts can put between the site Worker and its bindings in local runs: a KV probe and a broken
 * Durable Object. Pure: module sources for workerd and the Node side's bookkeeping.
 */

/** What a probed KV call does: pass, reject at once, or hang. */
export type KvFault = 'ok' | 'throw' | 'hang';

export interface KvProbe {
  /** What the next KV calls do; `only` limits the fault to keys starting with it. */
  faults: { kv: KvFault; only?: string };
  /** KV calls failed on purpose so far. */
  failedCalls(): number;
  /** KV reads (`get`, `getWithMetadata`) the Worker made so far, failed ones included. */
  reads(): number;
  /** Those reads in the order Node saw them: each key and when (performance.now(), ms). */
  readLog(): readonly KvRead[];
  /**
   * Milliseconds each call waits in Node before it goes on (0 by default): reads the Worker issues together then arrive
   * together, and a read that waited for another arrives at least this much later (bench/world/measure-worker.ts).
   */
  holdMs: number;
}

export interface KvRead {
  key: string;
  at: number;
}

/**
 * The wrapped binding's module, run in the Worker's own isolate as `CONTENT`: before each call it asks Node
 * (`env.CONTROL`, a function-valued service binding) what to do, then calls the real namespace (`env.REAL`), rejects
 * ('throw') or answers after 60 s ('hang', past the Worker's 3 s KV timeout). The Worker's code stays unchanged.
 */
export const KV_PROBE_SCRIPT = `
async function ask(env, op, key) {
  const res = await env.CONTROL.fetch('http://control/?op=' + op + '&key=' + encodeURIComponent(key ?? ''));
  const mode = await res.text();
  if (mode === 'throw') throw new Error('injected KV fault: the read failed');
  if (mode === 'hang') {
    await new Promise((resolve) => setTimeout(resolve, 60000));
    throw new Error('injected KV fault: no answer');
  }
}
export default function (env) {
  const kv = env.REAL;
  return {
    async get(key, options) { await ask(env, 'get', key); return kv.get(key, options); },
    async getWithMetadata(key, options) { await ask(env, 'getWithMetadata', key); return kv.getWithMetadata(key, options); },
    async put(key, value, options) { await ask(env, 'put', key); return kv.put(key, value, options); },
    async delete(key) { await ask(env, 'delete', key); return kv.delete(key); },
    async list(options) { await ask(env, 'list', options?.prefix); return kv.list(options); },
  };
}
`;

const READS = new Set(['get', 'getWithMetadata']);

/** The probe's state, and the service function that answers the module's question. */
export function kvProbeControl(): { probe: KvProbe; answer(request: { url: string }): Response | Promise<Response> } {
  const faults: KvProbe['faults'] = { kv: 'ok' };
  let failed = 0;
  const log: KvRead[] = [];
  const probe: KvProbe = { faults, failedCalls: () => failed, reads: () => log.length, readLog: () => log, holdMs: 0 };
  return {
    probe,
    answer(request) {
      const query = new URL(request.url).searchParams;
      const key = query.get('key') ?? '';
      if (READS.has(query.get('op') ?? '')) log.push({ key, at: performance.now() });
      const applies = faults.kv !== 'ok' && (!faults.only || key.startsWith(faults.only));
      if (applies) failed++;
      const answer = new Response(applies ? faults.kv : 'ok');
      return probe.holdMs > 0 ? new Promise((resolve) => setTimeout(() => resolve(answer), probe.holdMs)) : answer;
    },
  };
}

/** A Durable Object module whose class `BrokenCounter`, bound as `ANALYTICS`, throws on every call. */
export const BROKEN_ANALYTICS_SCRIPT = `
import { DurableObject } from 'cloudflare:workers';
export class BrokenCounter extends DurableObject {
  hit() { throw new Error('injected Durable Object fault: hit'); }
  stats() { throw new Error('injected Durable Object fault: stats'); }
}
export default { fetch() { return new Response('not used', { status: 404 }); } };
`;
