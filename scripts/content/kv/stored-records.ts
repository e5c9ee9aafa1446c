/** Every JSON record under a KV prefix, each checked against its schema. I/O: KV list and reads. */
import type * as z from 'zod';
import { parseStored } from '../../../contracts/kv-values.ts';
import type { KvStore } from './kv-store.ts';

/**
 * The records under `prefix`, in key order; a key listed, then gone before it was read (another upload's clean-up)
 * is skipped. Throws naming the key (`${what} ${key}`) of an unreadable one.
 */
export async function readStoredRecords<T>(store: KvStore, prefix: string, schema: z.ZodType<T>, what: string): Promise<T[]> {
  const keys = await store.listKeys(prefix);
  const values = await store.getMany(keys);
  return keys.flatMap((key) => {
    const raw = values.get(key);
    return raw == null ? [] : [parseStored(schema, raw, `${what} ${key}`)];
  });
}
