/**
 * Workers KV's size limits checked on an upload's plan before anything is written, naming the file behind each value
 * that breaks one. Pure: the planned writes, the root and what each key was built from in; breaches out.
 */
import { MANIFEST_KEY, sampleKey } from '../../../contracts/kv-keys.ts';
import type { SiteRoot } from '../../../contracts/site-index.ts';
import { KV_LIMITS, KvLimitError, type KvLimits, toBulkPair } from '../kv/kv-batches.ts';
import type { KvPair } from '../kv/kv-store.ts';

// The limits (KV_LIMITS) as cloudflare/cloudflare-docs src/content/docs/kv/platform/limits.mdx gives them: 25 MiB a
// value, 512 bytes a key; a bulk write takes 10,000 pairs and 100 MB a request (kv/api/write-key-value-pairs.mdx),
// which writeBatches cuts into, so only a pair too big for a request of its own is a breach here.

/** What each planned key was built from, to name it: a content file, a sample, an image, the search index. */
export interface PlannedSources {
  entries: readonly { key: string; file: string }[];
  samples: readonly { path: string; hash: string }[];
  media: readonly { name: string; key: string }[];
  cards: readonly { file: string; key: string }[];
  remoteImages: readonly { url: string; key: string }[];
  search: { key: string } | null;
}

const SEARCH_INDEX = 'the search index';

/** Key → what a maintainer would recognise it by. */
function sourceNames(sources: PlannedSources): Map<string, string> {
  return new Map([
    ...sources.entries.map((e) => [e.key, e.file] as const),
    ...sources.samples.map((s) => [sampleKey(s.hash), `samples/${s.path}`] as const),
    ...sources.media.map((m) => [m.key, `media/${m.name}`] as const),
    ...sources.cards.map((c) => [c.key, `the social card of ${c.file}`] as const),
    ...sources.remoteImages.map((r) => [r.key, `the image ${r.url}`] as const),
    ...(sources.search ? [[sources.search.key, SEARCH_INDEX] as const] : []),
  ]);
}

const bytesOf = (value: string | Uint8Array) => (typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.byteLength);
const count = (n: number) => n.toLocaleString('en');
const MIB = 1024 * 1024;
const valueLimit = ({ valueBytes }: KvLimits) =>
  `Workers KV takes at most ${count(valueBytes)} bytes${valueBytes % MIB === 0 ? ` (${valueBytes / MIB} MiB)` : ''} a value`;

/** Each write's key, value and, as the bulk API would send it alone, its request: one line per breach. */
function writeBreaches(writes: readonly KvPair[], names: ReadonlyMap<string, string>, limits: KvLimits): string[] {
  return writes.flatMap(({ key, value }) => {
    const name = names.get(key) ?? key;
    const keyBytes = Buffer.byteLength(key, 'utf8');
    if (keyBytes > limits.keyBytes)
      return [`${name}: its key ${key.slice(0, 60)}… is ${count(keyBytes)} bytes; Workers KV takes ${limits.keyBytes}`];
    const bytes = bytesOf(value);
    if (bytes > limits.valueBytes) return [`${name}: its stored value is ${count(bytes)} bytes; ${valueLimit(limits)}`];
    // JSON writes a character in at most 6 bytes (base64 bytes in 4 for 3): only a large value needs measuring.
    if ((bytes + keyBytes) * 6 + 64 <= limits.bulkWriteBytes) return [];
    const request = Buffer.byteLength(JSON.stringify(toBulkPair({ key, value }, limits)), 'utf8') + 2;
    if (request > limits.bulkWriteBytes)
      return [
        `${name}: as sent to the bulk write API it is ${count(request)} bytes; a request takes at most ${count(limits.bulkWriteBytes)}`,
      ];
    return [];
  });
}

/** The root (`manifest`) grows with the shards' keys alone: too big only past millions of entries. */
function rootBreach(root: SiteRoot, limits: KvLimits): string[] {
  const bytes = Buffer.byteLength(JSON.stringify(root), 'utf8');
  if (bytes <= limits.valueBytes) return [];
  return [
    `the site index's root ("${MANIFEST_KEY}") would be ${count(bytes)} bytes for ${count(root.shardCount)} shards; ${valueLimit(limits)}`,
  ];
}

/** Every breach of Workers KV's size limits in a plan, one line each naming its cause; none: the plan fits. */
export function kvLimitBreaches(
  plan: { writes: readonly KvPair[]; root: SiteRoot | null },
  sources: PlannedSources,
  limits: KvLimits = KV_LIMITS,
): string[] {
  const names = sourceNames(sources);
  return [...writeBreaches(plan.writes, names, limits), ...(plan.root ? rootBreach(plan.root, limits) : [])];
}

/** Refuses a plan that breaks a limit, before anything is written; the error lists every breach. */
export function checkKvLimits(...args: Parameters<typeof kvLimitBreaches>): void {
  refuseBreaches(kvLimitBreaches(...args));
}

/** A record an upload writes beside its plan (a version's history, a preview's), named `name`: refused when too big. */
export function withinLimits(write: KvPair & { value: string }, name: string, limits: KvLimits = KV_LIMITS): KvPair & { value: string } {
  refuseBreaches(writeBreaches([write], new Map([[write.key, name]]), limits));
  return write;
}

function refuseBreaches(breaches: readonly string[]): void {
  if (breaches.length === 0) return;
  throw new KvLimitError(
    `the content does not fit Workers KV's size limits (https://developers.cloudflare.com/kv/platform/limits/):\n` +
      `${breaches.map((b) => `- ${b}`).join('\n')}\nNothing was written: the site is unchanged.`,
  );
}
