/** `--verify`: every key the manifest names (named-keys.ts) exists and parses; a line per problem, nothing written. I/O: KV reads. */
import { cardKey, storedSampleKey } from '../../../contracts/kv-keys.ts';
import { type Manifest, parseStored, storedEntrySchema, storedRemoteImageSchema } from '../../../contracts/kv-values.ts';
import { searchRootSchema } from '../../../contracts/search-pieces.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readManifest } from '../kv/stored-records.ts';
import { namedKeys } from './named-keys.ts';

/** `where`: `file/slug/key` of an entry, `file/slug/key (social card)`, `samples/<path>/<key>`, `<key> (what it is)`, or `manifest`. */
export type VerifyProblem = { where: string; reason: string };
/** `entries`: how many the manifest names (0 when it cannot be read). */
export type VerifyOutcome = { ok: boolean; problems: VerifyProblem[]; entries: number };

const MEDIA_PREFIX = 'media/';
const REMOTE_PREFIX = 'media/remote/';
/** Images and cards: bytes, looked for by listing; images from other hosts hold JSON and are read. */
const isBytes = (key: string) => key.startsWith(MEDIA_PREFIX) && !key.startsWith(REMOTE_PREFIX);

/** How each named key is called in a problem line. */
function labels(manifest: Manifest): Map<string, string> {
  const names = new Map<string, string>();
  for (const key of manifest.media ?? [])
    names.set(key, key.startsWith(REMOTE_PREFIX) ? `${key} (image from another host)` : `${key} (image)`);
  for (const sample of manifest.samples) names.set(storedSampleKey(sample), `samples/${sample.path}/${storedSampleKey(sample)}`);
  for (const entry of [...manifest.entries, ...manifest.drafts]) {
    names.set(entry.key, `${entry.file}/${entry.slug}/${entry.key}`);
    if (entry.card) names.set(cardKey(entry.card), `${entry.file}/${entry.slug}/${cardKey(entry.card)} (social card)`);
  }
  return names;
}

export async function verifyPublished(store: KvStore, log: (line: string) => void = () => {}): Promise<VerifyOutcome> {
  const problems: VerifyProblem[] = [];
  const report = (where: string, reason: string) => {
    problems.push({ where, reason });
    log(`${where}: ${reason}`);
  };
  const manifest = await readManifest(store).catch((error: Error) => error.message);
  if (manifest === null || typeof manifest === 'string') {
    report('manifest', manifest ?? 'missing: nothing is published');
    return { ok: false, problems, entries: 0 };
  }

  const keys = namedKeys(manifest);
  const names = labels(manifest);
  const images = keys.filter(isBytes);
  const [values, listed] = await Promise.all([
    store.getMany(keys.filter((key) => !isBytes(key))),
    images.length > 0 ? store.listKeys(MEDIA_PREFIX).then((found) => new Set(found)) : new Set<string>(),
  ]);
  // Drafts are stored like entries, for their preview links: they are checked the same way.
  const articles = new Map([...manifest.entries, ...manifest.drafts].map((e) => [e.key, e]));
  for (const key of keys) {
    const where = names.get(key) ?? key;
    const value = values.get(key) ?? null;
    if (isBytes(key) ? !listed.has(key) : value === null) report(where, 'missing from KV');
    if (isBytes(key) || value === null) continue;
    try {
      const entry = articles.get(key);
      if (entry) {
        const stored = parseStored(storedEntrySchema, value, 'the stored entry');
        if (stored.attributes.slug !== entry.slug) report(where, `holds slug ${stored.attributes.slug}, not ${entry.slug}`);
        else if (stored.file !== entry.file) report(where, `holds file ${stored.file}, not ${entry.file}`);
      } else if (key === manifest.search) parseStored(searchRootSchema, value, 'the search root');
      else if (key.startsWith(REMOTE_PREFIX)) parseStored(storedRemoteImageSchema, value, 'the image from another host');
    } catch (error) {
      report(where, (error as Error).message);
    }
  }

  const published = manifest.entries.length;
  if (problems.length === 0) {
    const extras = [`${manifest.samples.length} samples`, ...(manifest.search ? ['search index'] : [])];
    if (images.length > 0) extras.push(`${images.length} images and cards`);
    const remote = keys.filter((key) => key.startsWith(REMOTE_PREFIX)).length;
    if (remote > 0) extras.push(`${remote} images from other hosts`);
    log(`all ${published} entries verified (manifest v${manifest.version}, ${extras.join(', ')})`);
  } else log(`${problems.length} problem(s) in manifest v${manifest.version}`);
  return { ok: problems.length === 0, problems, entries: published };
}
