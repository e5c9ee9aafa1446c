/** What publishing reads back from KV: the manifest, the content keys, JSON records under a prefix. I/O: KV reads. */
import * as z from 'zod';
import { CONTENT_KEY_PREFIXES, historyKey, MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import { type Manifest, manifestSchema, parseStored } from '../../../contracts/kv-values.ts';
import { parsePublished } from '../../../contracts/site-index.ts';
import type { KvStore } from './kv-store.ts';

const recordManifest = z.object({ manifest: manifestSchema });

/** The manifest a `manifest` value publishes: a root's, from its version's history record; an older upload's, itself. */
async function manifestOf(store: KvStore, raw: string): Promise<Manifest> {
  const published = parsePublished(raw, 'the manifest in KV');
  if (!('format' in published)) return published;
  const key = historyKey(published.version);
  const record = await store.get(key);
  if (record === null) throw new Error(`the history record of the live version ${published.version} (${key}) is missing`);
  return parseStored(recordManifest, record, `the history record ${key}`).manifest;
}

export async function readManifest(store: KvStore): Promise<Manifest | null> {
  const raw = await store.get(MANIFEST_KEY);
  return raw === null ? null : manifestOf(store, raw);
}

/**
 * The live manifest; one in KV that does not validate (a hand edit, another tool's write) is replaced by `lastGood()`'s,
 * the newest version the history keeps, so that publishing again or rolling back repairs it (`log` is told). A failed
 * read still throws.
 */
export async function readLiveManifest(store: KvStore, lastGood: () => Promise<Manifest | null>, log: (line: string) => void) {
  const raw = await store.get(MANIFEST_KEY);
  if (raw === null) return null;
  try {
    return await manifestOf(store, raw);
  } catch (error) {
    const good = await lastGood();
    if (!good) throw error;
    log(`${(error as Error).message}: planned against v${good.version}, the newest version the history keeps, which this replaces`);
    return good;
  }
}

/** Every `entry/`, `sample/`, `search/` and `media/` key now in the namespace. */
export async function readContentKeys(store: KvStore): Promise<Set<string>> {
  return new Set((await Promise.all(CONTENT_KEY_PREFIXES.map((prefix) => store.listKeys(prefix)))).flat());
}

/** The records under `prefix` in key order, but one gone since listed (another upload's clean-up); throws naming an unreadable key. */
export async function readStoredRecords<T>(store: KvStore, prefix: string, schema: z.ZodType<T>, what: string): Promise<T[]> {
  const keys = await store.listKeys(prefix);
  const values = await store.getMany(keys);
  return keys.flatMap((key) => {
    const raw = values.get(key);
    return raw == null ? [] : [parseStored(schema, raw, `${what} ${key}`)];
  });
}
