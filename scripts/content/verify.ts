/**
 * `npm run upload -- --verify`: reads the manifest in KV and checks that every key it names
 * exists and parses: each entry (and that it is the entry the manifest says), each code
 * sample, the search index. Writes nothing. One line per problem, `file/slug/key: reason`.
 */
import { MANIFEST_KEY, sampleKey } from '../../contracts/kv-keys.ts';
import { storedSearchIndexSchema } from '../../contracts/search-index.ts';
import { manifestSchema, parseStored, storedEntrySchema, type Manifest } from '../../contracts/kv-values.ts';
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

/** How many KV reads run at once. */
const CONCURRENCY = 8;

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

  const checks: (() => Promise<void>)[] = [];
  // Drafts are stored like entries, for their preview links: they are checked the same way.
  for (const entry of [...manifest.entries, ...manifest.drafts]) {
    const where = `${entry.file}/${entry.slug}/${entry.key}`;
    checks.push(async () => {
      const value = await store.get(entry.key);
      if (value === null) return report(where, 'missing from KV');
      try {
        const stored = parseStored(storedEntrySchema, value, 'the stored entry');
        if (stored.attributes.slug !== entry.slug) report(where, `holds slug ${stored.attributes.slug}, not ${entry.slug}`);
        else if (stored.file !== entry.file) report(where, `holds file ${stored.file}, not ${entry.file}`);
      } catch (error) {
        report(where, (error as Error).message);
      }
    });
  }
  for (const sample of manifest.samples) {
    const key = sampleKey(sample.path);
    checks.push(async () => {
      if ((await store.get(key)) === null) report(`samples/${sample.path}/${key}`, 'missing from KV');
    });
  }
  if (manifest.search) {
    const key = manifest.search;
    checks.push(async () => {
      const value = await store.get(key);
      if (value === null) return report(key, 'missing from KV');
      try {
        parseStored(storedSearchIndexSchema, value, 'the search index');
      } catch (error) {
        report(key, (error as Error).message);
      }
    });
  }
  for (let i = 0; i < checks.length; i += CONCURRENCY) await Promise.all(checks.slice(i, i + CONCURRENCY).map((check) => check()));

  const entries = manifest.entries.length;
  if (problems.length === 0) {
    log(`all ${entries} entries verified (manifest v${manifest.version}, ${manifest.samples.length} samples${manifest.search ? ', search index' : ''})`);
  } else {
    log(`${problems.length} problem(s) in manifest v${manifest.version}`);
  }
  return { ok: problems.length === 0, problems, entries };
}
