/** The previews kept, like history (`--keep`, expiry), whose keys outlive clean-ups; listed by --history. Pure but readPreviews. */
import { PREVIEW_KEY_PREFIX, previewKey } from '../../../contracts/kv-keys.ts';
import { type PreviewRecord, previewRecordSchema } from '../../../contracts/kv-values.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readStoredRecords } from '../kv/stored-records.ts';
import { namedKeys } from '../publish/named-keys.ts';
import type { UploadPlan } from '../publish/plan-upload.ts';
import { utcMinute } from './preview-links.ts';

/** Every preview record in KV, newest upload first; throws naming the key of an unreadable one. */
export async function readPreviews(store: KvStore): Promise<PreviewRecord[]> {
  const records = await readStoredRecords(store, PREVIEW_KEY_PREFIX, previewRecordSchema, 'the preview record');
  return records.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.name.localeCompare(b.name));
}

/** The previews whose keys survive every clean-up, and the stale ones (expired, or beyond `keep`) whose records are deleted. */
export type PreviewWindow = { kept: PreviewRecord[]; stale: PreviewRecord[] };

/** Which previews are kept at `now`: unexpired, the newest `keep` of them. */
export function previewWindow(records: readonly PreviewRecord[], keep: number, now: string): PreviewWindow {
  const newestFirst = [...records].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const live = newestFirst.filter((r) => Date.parse(r.expiresAt) > Date.parse(now));
  const kept = live.slice(0, keep);
  return { kept, stale: newestFirst.filter((r) => !kept.includes(r)) };
}

/** A live upload's plan with its clean-up narrowed to keys no kept preview names, and the stale previews' records deleted. */
export function withPreviews(plan: UploadPlan, { kept, stale }: PreviewWindow): UploadPlan {
  const needed = new Set(kept.flatMap((r) => namedKeys(r.manifest)));
  const deletes = [...plan.deletes.filter((key) => !needed.has(key)), ...stale.map((r) => previewKey(r.name))].sort();
  return { ...plan, deletes };
}

/** One line per preview, newest first: `preview pr-42  v2  <time>  <by>  link until <time>`. */
export function formatPreviews(records: readonly PreviewRecord[], now: string): string[] {
  return records.map((r) => {
    const ended = Date.parse(r.expiresAt) <= Date.parse(now);
    const entries = r.manifest.entries.length;
    return `preview ${r.name}  v${r.version}  ${r.publishedAt}  ${r.by}  ${entries} entries  link ${ended ? 'expired' : 'works until'} ${utcMinute(r.expiresAt)}`;
  });
}
