/** KV writes, deletes and reads cut into requests within Workers KV's API limits; a pair over one is refused before any is sent. Pure. */
import type { KvPair } from './kv-store.ts';

/**
 * Workers KV's API limits: https://developers.cloudflare.com/kv/api/write-key-value-pairs/ (bulk write, bulk delete),
 * the API reference's bulk get `keys` ("maximum of 100"), https://developers.cloudflare.com/kv/platform/limits/.
 */
export const KV_LIMITS = {
  bulkWritePairs: 10_000,
  /** "100 megabytes": read as 10^8 bytes, the smaller of the two readings. */
  bulkWriteBytes: 100_000_000,
  bulkDeleteKeys: 10_000,
  bulkGetKeys: 100,
  valueBytes: 25 * 1024 * 1024,
  keyBytes: 512,
  listPageKeys: 1000,
};
export type KvLimits = typeof KV_LIMITS;

/** One element of a bulk write's JSON body, as the API takes it. */
export type BulkPair = { key: string; value: string; base64?: true };

export class KvLimitError extends Error {
  override name = 'KvLimitError';
}

/** The API form of a pair: bytes become base64 (`base64: true`), text stays as it is. */
export function toBulkPair({ key, value }: KvPair, limits: KvLimits = KV_LIMITS): BulkPair {
  const keyBytes = Buffer.byteLength(key, 'utf8');
  if (key === '' || key === '.' || key === '..') throw new KvLimitError(`${JSON.stringify(key)} is not a valid Workers KV key`);
  if (keyBytes > limits.keyBytes)
    throw new KvLimitError(`the key ${key.slice(0, 80)}… is ${keyBytes} bytes; Workers KV keys are at most ${limits.keyBytes}`);
  const bytes = typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.byteLength;
  if (bytes > limits.valueBytes)
    throw new KvLimitError(
      `the value of ${key} is ${bytes} bytes; Workers KV takes at most ${limits.valueBytes} (25 MiB): nothing was written`,
    );
  return typeof value === 'string' ? { key, value } : { key, value: Buffer.from(value).toString('base64'), base64: true };
}

/** Bulk-write batches in order, each within `bulkWritePairs` and within `bulkWriteBytes` of JSON body as the SDK sends it. */
export function writeBatches(pairs: readonly BulkPair[], limits: KvLimits = KV_LIMITS): BulkPair[][] {
  const batches: BulkPair[][] = [];
  let bytes = 0;
  for (const pair of pairs) {
    const size = Buffer.byteLength(JSON.stringify(pair), 'utf8');
    if (size + 2 > limits.bulkWriteBytes)
      throw new KvLimitError(`${pair.key} alone makes a ${size + 2}-byte bulk request; the API takes at most ${limits.bulkWriteBytes}`);
    const batch = batches.at(-1);
    // The body: `[`, the pairs as JSON.stringify writes them, commas, `]`; here the comma before it (`]` counted with `[`).
    if (batch && batch.length < limits.bulkWritePairs && bytes + 1 + size <= limits.bulkWriteBytes) {
      batch.push(pair);
      bytes += 1 + size;
    } else {
      batches.push([pair]);
      bytes = 2 + size;
    }
  }
  return batches;
}

export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** `key manifest`, or `batch 2 of 3 (1000 keys, entry/ab… to entry/f0…)`: what a failure names. */
export function describeBatch(keys: readonly string[], index: number, count: number): string {
  if (keys.length === 1 && count === 1) return `key ${keys[0]}`;
  const span = keys.length === 1 ? keys[0] : `${keys[0]} to ${keys.at(-1)}`;
  return `batch ${index + 1} of ${count} (${keys.length} key${keys.length === 1 ? '' : 's'}, ${span})`;
}
