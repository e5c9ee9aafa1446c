/**
 * Publish history: a `history/<version>` record per version, and the keys the kept versions name (docs/publishing.md).
 * Pure, except readHistory (KV reads).
 */
import * as z from 'zod';
import { type Manifest, manifestSchema } from '../../../contracts/kv-values.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readStoredRecords } from '../kv/stored-records.ts';
import { namedKeys } from './named-keys.ts';
import type { UploadPlan } from './plan-upload.ts';

export const HISTORY_PREFIX = 'history/';
/** Versions kept, the live one included (`--keep N`, at least 2). */
export const DEFAULT_KEEP_VERSIONS = 10;
/** The live version and the one before it: what pages already open in a browser may still need. */
export const MIN_KEEP_VERSIONS = 2;

/** Zero-padded, so that keys list in version order. */
export const historyKey = (version: number): string => `${HISTORY_PREFIX}${String(version).padStart(10, '0')}`;

export const historyRecordSchema = z.object({
  version: z.number().int().nonnegative(),
  publishedAt: z.string(),
  /** `user@host` of the machine that published it. */
  by: z.string(),
  /** The version it replaced (null: the first one, or not known). */
  replaced: z.number().int().nullable(),
  /** Set when this version was made by `--rollback` to that version. */
  rollbackOf: z.number().int().nullable(),
  /** Entries added, changed (another key for the same slug) and removed against `replaced`; null when not known. */
  added: z.number().int().nullable(),
  changed: z.number().int().nullable(),
  removed: z.number().int().nullable(),
  manifest: manifestSchema,
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

export function historyRecord(manifest: Manifest, previous: Manifest | null, by: string, rollbackOf: number | null = null): HistoryRecord {
  // By slug: one whose key differs is changed.
  const before = new Map(previous?.entries.map((e) => [e.slug, e.key]));
  const after = new Set(manifest.entries.map((e) => e.slug));
  return {
    version: manifest.version,
    publishedAt: manifest.publishedAt,
    by,
    replaced: previous?.version ?? null,
    rollbackOf,
    added: manifest.entries.filter((e) => !before.has(e.slug)).length,
    changed: manifest.entries.filter((e) => before.has(e.slug) && before.get(e.slug) !== e.key).length,
    removed: [...before.keys()].filter((slug) => !after.has(slug)).length,
    manifest,
  };
}

/** Every history record in KV, newest first; throws naming the key of an unreadable one. */
export async function readHistory(store: KvStore): Promise<HistoryRecord[]> {
  const records = await readStoredRecords(store, HISTORY_PREFIX, historyRecordSchema, 'the history record');
  return records.sort((a, b) => b.version - a.version);
}

export interface HistoryInput {
  plan: UploadPlan;
  previous: Manifest | null;
  /** History records now in KV, newest first. */
  records: readonly HistoryRecord[];
  /** Versions kept, the live one included (at least MIN_KEEP_VERSIONS). */
  keep: number;
  by: string;
}

/**
 * The plan with its history: the new version's record written with the entries (and one for the
 * previous version if it has none: published before history was kept), the clean-up narrowed to
 * keys no kept version names, and the records of versions past the window deleted with it.
 */
export function withHistory({ plan, previous, records, keep, by }: HistoryInput): UploadPlan {
  const window = Math.max(keep, MIN_KEEP_VERSIONS);
  const live = plan.manifest.version;
  const writes = [...plan.writes];
  const known = [...records];
  if (plan.manifestChanged) {
    if (previous && !records.some((r) => r.version === previous.version)) {
      const legacy: HistoryRecord = {
        ...historyRecord(previous, null, 'unknown (published before history was kept)'),
        added: null,
        changed: null,
        removed: null,
      };
      writes.push({ key: historyKey(previous.version), value: JSON.stringify(legacy) });
      known.push(legacy);
    }
    writes.push({ key: historyKey(live), value: JSON.stringify(historyRecord(plan.manifest, previous, by)) });
  }
  // Older than the live version, newest first; a record above it is a version whose manifest was never written.
  const older = known.filter((r) => r.version < live).sort((a, b) => b.version - a.version);
  const kept = older.slice(0, window - 1);
  const keepKeys = new Set(kept.flatMap((r) => namedKeys(r.manifest)));
  const keptVersions = new Set([live, ...kept.map((r) => r.version)]);
  const staleRecords = records.filter((r) => !keptVersions.has(r.version) && r.version < live).map((r) => historyKey(r.version));
  const deletes = [...plan.deletes.filter((key) => !keepKeys.has(key)), ...staleRecords].sort();
  return { ...plan, writes, deletes };
}

/** One line per version, newest first: `v3  <time>  <by>  <what changed>  (live)`. */
export function formatHistory(records: readonly HistoryRecord[], liveVersion: number | null): string[] {
  return records.map((r) => {
    const counts = r.added === null ? 'changes not recorded' : `${r.added} added, ${r.changed} changed, ${r.removed} removed`;
    const what = r.rollbackOf === null ? counts : `rollback to v${r.rollbackOf}; ${counts}`;
    return `v${r.version}  ${r.publishedAt}  ${r.by}  ${what}${r.version === liveVersion ? '  (live)' : ''}`;
  });
}
