/** Publish history: a `history/<version>` record per version, and the keys the kept versions name. Pure but readHistory. */
import * as z from 'zod';
import { HISTORY_KEY_PREFIX, historyKey } from '../../../contracts/kv-keys.ts';
import { type Manifest, manifestSchema } from '../../../contracts/kv-values.ts';
import { withinLimits } from '../build/kv-limits.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readStoredRecords } from '../kv/stored-records.ts';
import { namedKeys } from './named-keys.ts';
import type { UploadPlan } from './plan-upload.ts';

/** Versions made by an upload or a rollback that are kept (`--keep N`, at least 2). */
export const DEFAULT_KEEP_VERSIONS = 10;
/** The live version and the one before it: what pages already open in a browser may still need. */
export const MIN_KEEP_VERSIONS = 2;
/** `npm start`'s own versions kept beyond those: a morning of saves must not push published versions out. */
export const KEPT_SAVES = 3;

export const historyRecordSchema = z.object({
  version: z.number().int().nonnegative(),
  publishedAt: z.string(),
  /** `user@host` of the machine that published it. */
  by: z.string(),
  /** The version it replaced (null: the first one, or not known). */
  replaced: z.number().int().nullable(),
  /** Set when this version was made by `--rollback` to that version. */
  rollbackOf: z.number().int().nullable(),
  /** What made it; records written before this was recorded read as uploads. */
  madeBy: z.enum(['upload', 'rollback', 'npm start']).default('upload'),
  /** Entries added, changed (another key for the same slug) and removed against `replaced`; null when not known. */
  added: z.number().int().nullable(),
  changed: z.number().int().nullable(),
  removed: z.number().int().nullable(),
  manifest: manifestSchema,
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;
export type MadeBy = HistoryRecord['madeBy'];

export function historyRecord(
  manifest: Manifest,
  previous: Manifest | null,
  by: string,
  madeBy: MadeBy = 'upload',
  rollbackOf: number | null = null,
): HistoryRecord {
  // By slug: one whose key differs is changed.
  const before = new Map(previous?.entries.map((e) => [e.slug, e.key]));
  const after = new Set(manifest.entries.map((e) => e.slug));
  return {
    version: manifest.version,
    publishedAt: manifest.publishedAt,
    by,
    replaced: previous?.version ?? null,
    rollbackOf,
    madeBy,
    added: manifest.entries.filter((e) => !before.has(e.slug)).length,
    changed: manifest.entries.filter((e) => before.has(e.slug) && before.get(e.slug) !== e.key).length,
    removed: [...before.keys()].filter((slug) => !after.has(slug)).length,
    manifest,
  };
}

/** Every history record in KV, newest first; throws naming the key of an unreadable one. */
export const readHistory = async (store: KvStore): Promise<HistoryRecord[]> =>
  (await readStoredRecords(store, HISTORY_KEY_PREFIX, historyRecordSchema, 'the history record')).sort((a, b) => b.version - a.version);

/**
 * The versions kept, newest first: of those up to the live one, the newest `keep` made by an upload or a rollback, and
 * the newest KEPT_SAVES made by `npm start`. The live version is the newest of its kind, so it is always among them.
 */
export function keptHistory(records: readonly HistoryRecord[], live: number | null, keep: number): HistoryRecord[] {
  const older = records.filter((r) => r.version <= (live ?? Infinity)).sort((a, b) => b.version - a.version);
  const saves = older.filter((r) => r.madeBy === 'npm start').slice(0, KEPT_SAVES);
  const published = older.filter((r) => r.madeBy !== 'npm start').slice(0, Math.max(keep, MIN_KEEP_VERSIONS));
  return older.filter((r) => saves.includes(r) || published.includes(r));
}

/** What `keptHistory` keeps, in the words of --history and --help. */
export const keptWording = (keep: number | string): string =>
  `the newest ${keep} made by an upload or a rollback, and the newest ${KEPT_SAVES} of \`npm start\`'s saves`;

export interface HistoryInput {
  plan: UploadPlan;
  previous: Manifest | null;
  /** History records now in KV, newest first. */
  records: readonly HistoryRecord[];
  keep: number;
  by: string;
  madeBy?: MadeBy;
}

/**
 * The plan with the new version's record (and the previous version's if it has none: published before history was kept),
 * its clean-up narrowed to keys no kept version names, and the other versions' records deleted.
 */
export function withHistory({ plan, previous, records, keep, by, madeBy = 'upload' }: HistoryInput): UploadPlan {
  const writes = [...plan.writes];
  let known = [...records];
  const record = (r: HistoryRecord) => {
    writes.push(withinLimits({ key: historyKey(r.version), value: JSON.stringify(r) }, `the history record of v${r.version}`));
    known = [...known.filter((k) => k.version !== r.version), r];
  };
  if (plan.manifestChanged) {
    if (previous && !records.some((r) => r.version === previous.version)) {
      const legacy = historyRecord(previous, null, 'unknown (published before history was kept)');
      record({ ...legacy, added: null, changed: null, removed: null });
    }
    record(historyRecord(plan.manifest, previous, by, madeBy));
  }
  const kept = keptHistory(known, plan.manifest.version, keep);
  const keepKeys = new Set(kept.flatMap((r) => namedKeys(r.manifest)));
  // By version: a record rewritten by this plan (a version whose manifest never landed) stays.
  const keptVersions = new Set(kept.map((r) => r.version));
  const staleRecords = records.filter((r) => !keptVersions.has(r.version)).map((r) => historyKey(r.version));
  return { ...plan, writes, deletes: [...plan.deletes.filter((key) => !keepKeys.has(key)), ...staleRecords].sort() };
}

/** One line per version, newest first: `v3  <time>  <by>  <what changed>  (live)`. */
export function formatHistory(records: readonly HistoryRecord[], liveVersion: number | null): string[] {
  return records.map((r) => {
    const counts = r.added === null ? 'changes not recorded' : `${r.added} added, ${r.changed} changed, ${r.removed} removed`;
    const made = r.rollbackOf !== null ? `rollback to v${r.rollbackOf}; ` : r.madeBy === 'npm start' ? 'a save in npm start; ' : '';
    return `v${r.version}  ${r.publishedAt}  ${r.by}  ${made}${counts}${r.version === liveVersion ? '  (live)' : ''}`;
  });
}
