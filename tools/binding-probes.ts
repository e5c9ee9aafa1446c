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
  /** KV reads (`get`, `getWithMetadata`) the Worker made so far, failed ones included; a bulk get is one. */
  reads(): number;
  /**
   * KV round trips in sequence so far: reads begun while none was under way. Reads issued together (a bulk get, or
   * gets side by side) make one; a read begun after another ended makes one more.
   */
  rounds(): number;
  /** Those reads in the order Node saw them: each key and when (performance.now(), ms). */
  readLog(): readonly KvRead[];
  /**
   * UTF-8 bytes of the keys read and of the values they returned so far (JSON for a value read as an object, value and
   * metadata for getWithMetadata); a value read as a stream counts once the Worker has read it to its end.
   */
  bytesRead(): number;
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
  const res = await env.CONTROL.fetch('http://control/?op=' + op + '&key=' + encodeURIComponent(String(key ?? '')));
  const mode = await res.text();
  if (mode === 'throw') throw new Error('injected KV fault: the read failed');
  if (mode === 'hang') {
    await new Promise((resolve) => setTimeout(resolve, 60000));
    throw new Error('injected KV fault: no answer');
  }
}
const utf8 = (text) => new TextEncoder().encode(text).byteLength;
/** A value's bytes: text, bytes, a parsed object, a bulk get's Map, getWithMetadata's pair; a stream is counted as it is read. */
function sized(env, value) {
  if (value === null || value === undefined) return { value, bytes: 0 };
  if (typeof value === 'string') return { value, bytes: utf8(value) };
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return { value, bytes: value.byteLength };
  if (value instanceof ReadableStream) {
    let bytes = 0;
    const counted = new TransformStream({
      transform(chunk, controller) { bytes += chunk.byteLength; controller.enqueue(chunk); },
      flush() { return env.CONTROL.fetch('http://control/?op=streamed&bytes=' + bytes).then(() => {}); },
    });
    return { value: value.pipeThrough(counted), bytes: 0 };
  }
  if (value instanceof Map) {
    let bytes = 0;
    for (const item of value.values()) bytes += sized(env, item).bytes;
    return { value, bytes };
  }
  if ('value' in value && 'metadata' in value) {
    const inner = sized(env, value.value);
    return { value: { ...value, value: inner.value }, bytes: inner.bytes + sized(env, value.metadata).bytes };
  }
  return { value, bytes: utf8(JSON.stringify(value)) };
}
// Node is told when a read it let through has its answer, and its size, before the Worker gets it: what counts round trips.
async function read(env, op, key, run) {
  await ask(env, op, key);
  let bytes = 0;
  try {
    const answer = sized(env, await run());
    bytes = answer.bytes;
    return answer.value;
  } finally {
    await env.CONTROL.fetch('http://control/?op=answered&bytes=' + bytes);
  }
}
export default function (env) {
  const kv = env.REAL;
  return {
    get: (key, options) => read(env, 'get', key, () => kv.get(key, options)),
    getWithMetadata: (key, options) => read(env, 'getWithMetadata', key, () => kv.getWithMetadata(key, options)),
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
  let rounds = 0;
  let bytes = 0;
  /** Reads let through whose answer has not come yet. */
  let underWay = 0;
  const probe: KvProbe = {
    faults,
    failedCalls: () => failed,
    reads: () => log.length,
    rounds: () => rounds,
    readLog: () => log,
    bytesRead: () => bytes,
  };
  return {
    probe,
    answer(request) {
      const query = new URL(request.url).searchParams;
      const op = query.get('op') ?? '';
      if (op === 'answered' || op === 'streamed') {
        bytes += Number(query.get('bytes') ?? 0);
        if (op === 'answered') underWay--;
        return new Response('ok');
      }
      const key = query.get('key') ?? '';
      const applies = faults.kv !== 'ok' && (!faults.only || key.startsWith(faults.only));
      if (READS.has(op)) {
        log.push({ key, at: performance.now() });
        bytes += Buffer.byteLength(key);
        if (underWay === 0) rounds++;
        if (!applies) underWay++;
      }
      if (applies) failed++;
      return new Response(applies ? faults.kv : 'ok');
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
