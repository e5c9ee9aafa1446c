/** `--preview <name>`: the content as a whole-site preview, never touching the live manifest (docs/publishing.md). I/O: KV, the HMAC. */
import { PREVIEW_KEY_PREFIX, previewKey } from '../../../contracts/kv-keys.ts';
import type { PreviewRecord } from '../../../contracts/kv-values.ts';
import { previewLinkPath, signPreviewLink } from '../../../contracts/site-preview.ts';
import type { BuildResult } from '../build/build-entries.ts';
import { withinLimits } from '../build/kv-limits.ts';
import type { BuiltCards } from '../cards/build-cards.ts';
import type { KvStore } from '../kv/kv-store.ts';
import { readContentKeys } from '../kv/stored-records.ts';
import { planBuilt, type UploadPlan } from '../publish/plan-upload.ts';
import { stage } from '../publish/publish-error.ts';
import { type Log, machineUser } from '../publish/publish-lock.ts';
import { planLines } from '../publish/upload-report.ts';
import { type PreviewOptions, utcMinute, whereItOpens } from './preview-links.ts';
import { previewWindow, readPreviews } from './previews.ts';

/** What a workflow step needs of a preview upload: its own version (1, then one more per change), link, the link's expiry (ISO). */
export type PreviewOutcome = { name: string; version: number; url: string; expires: string };

export interface PreviewUploadInput {
  built: Extract<BuildResult, { ok: true }>;
  cards: BuiltCards | null;
  store: KvStore;
  name: string;
  link: PreviewOptions & { secret: string };
  keep: number;
  now: string;
  log: Log;
}

/** Waits between listings of a record just written that is not listed yet. */
const VISIBILITY_WAITS_MS = [250, 500, 1000, 2000, 4000];

const notWritten = (name: string) => () =>
  `The preview ${name} was not written (its link shows the earlier upload of it, if any); the public site is unchanged. Run the same command again.`;

export async function publishPreview(input: PreviewUploadInput): Promise<{ plan: UploadPlan; preview: PreviewOutcome }> {
  const { built, cards, store, name, link, keep, now, log } = input;
  const [existingKeys, records] = await stage(notWritten(name), () => Promise.all([readContentKeys(store), readPreviews(store)]));
  const previous = records.find((r) => r.name === name);
  const planned = planBuilt(built, cards, { previous: previous?.manifest ?? null, existingKeys, now });
  // Nothing is deleted but stale previews' records: what no manifest names is the live clean-up's.
  const plan: UploadPlan = { ...planned, deletes: [] };

  const seconds = Math.floor(Date.parse(now) / 1000) + link.days * 86_400;
  const expires = new Date(seconds * 1000).toISOString();
  const url = `${link.origin ?? ''}${previewLinkPath(name, await signPreviewLink(link.secret, name, seconds))}`;
  const record: PreviewRecord = {
    name,
    version: plan.manifest.version,
    publishedAt: now,
    by: machineUser(),
    // Links printed earlier keep working until their own expiry: so does the preview.
    expiresAt: previous && previous.expiresAt > expires ? previous.expiresAt : expires,
    manifest: plan.manifest,
  };
  const { stale } = previewWindow([record, ...records.filter((r) => r.name !== name)], keep, now);

  for (const line of planLines(plan, false, cards?.drawn ?? null)) log(line);
  for (const draft of plan.drafts) log(`draft     ${draft.file} → ${draft.slug} (in the preview as a draft: not listed)`);
  const kept = withinLimits({ key: previewKey(name), value: JSON.stringify(record) }, `the record of the preview ${name}`);
  await stage(notWritten(name), async () => {
    await store.putMany(plan.writes);
    await store.put(kept.key, kept.value);
  });
  // Held under the lock until listed: an upload after this one lists the record, and so keeps its
  // keys, rather than cleaning up entries it found before the record showed.
  if (!(await listed(store, previewKey(name))))
    log(`warning   the record ${previewKey(name)} is not listed yet: an upload in the next minute might clean up keys only it names`);
  await stage(
    () => `The preview ${name} is written and whole; the records of ${stale.length} stale preview(s) remain.`,
    () => store.deleteMany(stale.map((r) => previewKey(r.name))),
  );
  for (const r of stale)
    log(`removed   preview ${r.name} (${Date.parse(r.expiresAt) <= Date.parse(now) ? 'its link expired' : `beyond the ${keep} kept`})`);

  const written = plan.entries.filter((e) => e.status === 'written').length;
  log(
    `Preview ${name} v${record.version}: ${plan.entries.length} entries: wrote ${written}, ${plan.entries.length - written} unchanged; ` +
      `${plan.samples.length} samples; the public site is unchanged.`,
  );
  log(`preview   ${name} → ${url} (works until ${utcMinute(expires)}${whereItOpens(link.origin)})`);
  return { plan, preview: { name, version: record.version, url, expires } };
}

async function listed(store: KvStore, key: string): Promise<boolean> {
  for (const wait of [0, ...VISIBILITY_WAITS_MS]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    if ((await store.listKeys(PREVIEW_KEY_PREFIX)).includes(key)) return true;
  }
  return false;
}
