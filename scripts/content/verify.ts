/**
 * `npm run upload -- --verify`: every key the manifest names exists and parses; one line per problem, nothing written.
 * I/O: KV reads, in bulk.
 */
import { MANIFEST_KEY, sampleKey } from '../../contracts/kv-keys.ts';
import { type Manifest, manifestSchema, parseStored, storedEntrySchema } from '../../contracts/kv-values.ts';
import { storedSearchIndexSchema } from '../../contracts/search-index.ts';
import type { KvStore } from './kv-store.ts';

export interface VerifyProblem {
  /** `file/slug/key` of an entry, `samples/<path>/<key>`, `search/<key>` or `manifest`. */
  where: string;
  reason: string;
}

export interface VerifyOutcome {
  ok: boolean;
  problems: VerifyProblem[];
  /** Entries the manifest names (0 when it cannot be read). */
  entries: number;
}

export async function verifyPublished(store: KvStore, log: (line: string) => void = () => {}): Promise<VerifyOutcome> {
  const problems: VerifyProblem[] = [];
  const report = (where: string, reason: string) => {
    problems.push({ where, reason });
    log(`${where}: ${reason}`);
  };
  const raw = await store.get(MANIFEST_KEY);
  if (raw === null) {
    report('manifest', 'missing: nothing is published');
    return { ok: false, problems, entries: 0 };
  }
  let manifest: Manifest;
  try {
    manifest = parseStored(manifestSchema, raw, 'the manifest');
  } catch (error) {
    report('manifest', (error as Error).message);
    return { ok: false, problems, entries: 0 };
  }

  const sampleKeys = manifest.samples.map((sample) => sampleKey(sample.path));
  // Drafts are stored like entries, for their preview links: they are checked the same way.
  const entries = [...manifest.entries, ...manifest.drafts];
  const values = await store.getMany([...entries.map((e) => e.key), ...sampleKeys, ...(manifest.search ? [manifest.search] : [])]);
  const read = (key: string) => values.get(key) ?? null;
  for (const entry of entries) {
    const where = `${entry.file}/${entry.slug}/${entry.key}`;
    const value = read(entry.key);
    if (value === null) {
      report(where, 'missing from KV');
      continue;
    }
    try {
      const stored = parseStored(storedEntrySchema, value, 'the stored entry');
      if (stored.attributes.slug !== entry.slug) report(where, `holds slug ${stored.attributes.slug}, not ${entry.slug}`);
      else if (stored.file !== entry.file) report(where, `holds file ${stored.file}, not ${entry.file}`);
    } catch (error) {
      report(where, (error as Error).message);
    }
  }
  for (const [i, sample] of manifest.samples.entries()) {
    const key = sampleKeys[i]!;
    if (read(key) === null) report(`samples/${sample.path}/${key}`, 'missing from KV');
  }
  if (manifest.search) {
    const key = manifest.search;
    const value = read(key);
    if (value === null) report(key, 'missing from KV');
    else {
      try {
        parseStored(storedSearchIndexSchema, value, 'the search index');
      } catch (error) {
        report(key, (error as Error).message);
      }
    }
  }

  const published = manifest.entries.length;
  if (problems.length === 0) {
    log(
      `all ${published} entries verified (manifest v${manifest.version}, ${manifest.samples.length} samples${manifest.search ? ', search index' : ''})`,
    );
  } else {
    log(`${problems.length} problem(s) in manifest v${manifest.version}`);
  }
  return { ok: problems.length === 0, problems, entries: published };
}
