/**
 * Plans an upload against what KV holds: what to write, in which order (the manifest last), and what to delete.
 * Pure: built content, the previous manifest and the keys in KV in; a plan out.
 */
import { entryKey, sampleKey } from '../../../contracts/kv-keys.ts';
import type { Manifest, ManifestEntry, StoredRemoteImage } from '../../../contracts/kv-values.ts';
import { withValues } from '../../../contracts/manifest-values.ts';
import type { BuildResult, BuiltEntry, BuiltSample } from '../build/build-entries.ts';
import { type BuiltSearch, buildSearch, type PreviousSearch, searchKeys } from '../build/build-search.ts';
import { checkKvLimits } from '../build/kv-limits.ts';
import type { BuiltMedia } from '../build/media.ts';
import type { BuiltCard, BuiltCards } from '../cards/build-cards.ts';
import type { KvPair } from '../kv/kv-store.ts';
import type { RemoteImagePointer } from '../markdown/remote-images.ts';
import { RENDERER_VERSION } from '../markdown/render-markdown.ts';
import { calendarDate, publishAtFor } from '../source/schedule.ts';
import { namedKeys } from './named-keys.ts';

export type EntryReport = { file: string; slug: string; status: 'written' | 'unchanged' };

export interface UploadPlan {
  /** Entry, sample and search values, to put before the manifest. */
  writes: KvPair[];
  /** The manifest to write, carrying the values of its entries and search index (contracts/manifest-values.ts). */
  manifest: Manifest;
  /** The manifest this plan was made against (null: none yet): its version for the lock's compare-and-swap, its pages to purge. */
  previous: Manifest | null;
  /** False when the content is what the previous manifest names: nothing to publish, and `manifest` is that one. */
  manifestChanged: boolean;
  /** Keys to delete after the manifest is written. */
  deletes: string[];
  entries: EntryReport[];
  /** Draft entries, reported apart: they are not published. */
  drafts: EntryReport[];
  samples: { path: string; status: 'written' | 'unchanged' }[];
  /** Images of content/media/; absent: none. */
  media?: { name: string; url: string; status: 'written' | 'unchanged' }[];
  /** Social cards, one per article and draft that has one; absent: none. */
  cards?: { file: string; url: string; status: 'written' | 'unchanged' }[];
  /** Images from other hosts that pages show through the Worker; absent: none. */
  remoteImages?: { url: string; path: string; status: 'written' | 'unchanged' }[];
}

export interface PlanInput {
  entries: BuiltEntry[];
  samples: BuiltSample[];
  /** Entries with `draft: true`: written like the others, named only in the manifest's `drafts`. */
  drafts?: BuiltEntry[];
  /** The search index of this content, its root and pieces (build-search.ts); absent when none is built. */
  search?: BuiltSearch | null;
  /** Images of content/media/, stored under their content hash. */
  media?: BuiltMedia[];
  /** Social cards by content file (build-cards.ts); an entry without one names none. */
  cards?: ReadonlyMap<string, BuiltCard>;
  /** Images from other hosts without a kept copy (remote-images.ts). */
  remoteImages?: RemoteImagePointer[];
  previous: Manifest | null;
  /** Every `entry/`, `sample/` and `search/` key now in the namespace. */
  existingKeys: ReadonlySet<string>;
  renderer: string;
  /** ISO time of this upload. */
  now: string;
}

export function planUpload({
  entries,
  samples,
  drafts = [],
  search = null,
  media = [],
  cards = new Map(),
  remoteImages = [],
  previous,
  existingKeys,
  renderer,
  now,
}: PlanInput): UploadPlan {
  const writes: KvPair[] = [];
  const entryReports: EntryReport[] = [];
  const draftReports: EntryReport[] = [];
  /** Each entry's and draft's value as stored, by key: written when KV lacks it, carried by the manifest either way. */
  const values = new Map<string, string>();

  const toManifestEntry = (entry: BuiltEntry, reports: EntryReport[]): ManifestEntry => {
    const key = entryKey(entry.hash);
    const { attributes, file } = entry.value;
    const unchanged = existingKeys.has(key);
    const value = JSON.stringify(entry.value);
    values.set(key, value);
    if (!unchanged) writes.push({ key, value });
    reports.push({ file, slug: attributes.slug, status: unchanged ? 'unchanged' : 'written' });
    const publishAt = publishAtFor(attributes.date, now);
    return {
      slug: attributes.slug,
      type: attributes.type ?? null,
      title: attributes.title,
      description: attributes.description,
      date: attributes.date === undefined ? null : calendarDate(attributes.date),
      file,
      key,
      sourceHash: entry.sourceHash,
      updated: entry.updated,
      ...(entry.changed === undefined ? {} : { changed: entry.changed }),
      ...(publishAt === undefined ? {} : { publishAt }),
      ...(cards.has(file) ? { card: cards.get(file)!.card } : {}),
    };
  };
  const manifestEntries = entries.map((entry) => toManifestEntry(entry, entryReports));
  const manifestDrafts = drafts.map((entry) => toManifestEntry(entry, draftReports));

  // Samples and images are named by their content, so never written in place: the live manifest's keys serve on until
  // the new manifest is written. Only those KV lacks are written, each once (two articles may share a card).
  const written = new Set<string>();
  for (const { key, value } of search?.pieces ?? []) if (!existingKeys.has(key)) writes.push({ key, value });
  const immutable = (key: string, value: string | Uint8Array) => {
    const unchanged = existingKeys.has(key);
    if (!unchanged && !written.has(key)) writes.push({ key, value });
    written.add(key);
    return unchanged ? ('unchanged' as const) : ('written' as const);
  };
  const sampleReports = samples.map(({ path, hash, content }) => ({ path, status: immutable(sampleKey(hash), content) }));
  // An image is written when any of its files (variants, media-variants.ts) is.
  const mediaReports = media.map(({ name, url, files }) => {
    const statuses = files.map(({ key, bytes }) => immutable(key, bytes));
    return { name, url, status: statuses.includes('written') ? ('written' as const) : ('unchanged' as const) };
  });
  const usedCards = [...manifestEntries, ...manifestDrafts].flatMap((e) => (cards.has(e.file) ? [cards.get(e.file)!] : []));
  const cardReports = usedCards.map(({ file, key, card, bytes }) => ({ file, url: card.url, status: immutable(key, bytes) }));
  const remoteReports = remoteImages.map(({ url, key, path }) => ({
    url,
    path,
    status: immutable(key, JSON.stringify({ url } satisfies StoredRemoteImage)),
  }));
  const imageKeys = [
    ...new Set([...media.flatMap((m) => m.files.map((f) => f.key)), ...usedCards.map((c) => c.key), ...remoteImages.map((r) => r.key)]),
  ].sort();

  const fresh: Manifest = {
    version: (previous?.version ?? 0) + 1,
    publishedAt: now,
    renderer,
    entries: inDisplayOrder(manifestEntries),
    samples: samples.map(({ path, hash }) => ({ path, hash, key: sampleKey(hash) })),
    search: search?.root ?? null,
    drafts: manifestDrafts,
    ...(imageKeys.length > 0 ? { media: imageKeys } : {}),
  };

  const manifestChanged = !previous || !sameContent(previous, fresh);
  for (const { key, value } of search?.pieces ?? []) values.set(key, value);
  const manifest = manifestChanged ? withValues(fresh, (key) => values.get(key)) : previous;
  const keep = new Set<string>([...namedKeys(manifest), ...(previous ? namedKeys(previous) : [])]);
  const deletes = [...existingKeys].filter((key) => !keep.has(key)).sort();

  const reports = { entries: entryReports, drafts: draftReports, samples: sampleReports, media: mediaReports, cards: cardReports };
  checkKvLimits(
    { writes, manifest, manifestChanged },
    { entries: [...entries, ...drafts], samples, media, cards: usedCards, remoteImages, search: search && { key: search.root } },
  );
  return { writes, manifest, previous, manifestChanged, deletes, ...reports, remoteImages: remoteReports };
}

/** The plan of built content, with its search index (over the last one's base, when KV holds it all) and social cards, by this renderer. */
export function planBuilt(
  built: Extract<BuildResult, { ok: true }>,
  cards: BuiltCards | null,
  { previousSearch, ...at }: Pick<PlanInput, 'previous' | 'existingKeys' | 'now'> & { previousSearch?: PreviousSearch | null },
) {
  const whole = previousSearch && searchKeys(previousSearch.root).every((key) => at.existingKeys.has(key));
  const search = buildSearch(built.entries, whole ? previousSearch : null);
  return planUpload({ ...built, ...at, ...(cards && { cards: cards.cards }), search, renderer: RENDERER_VERSION });
}

/**
 * Two manifests publish the same site when all but their version, time and entries' times agree: the same text saved
 * again (a newer mtime, so a newer "Last updated"), or a scheduled date now past, is no new version.
 */
function sameContent(a: Manifest, b: Manifest): boolean {
  const text = (entries: ManifestEntry[]) => entries.map(({ updated, changed, publishAt, ...rest }) => rest);
  const content = (m: Manifest) =>
    JSON.stringify({
      renderer: m.renderer,
      entries: text(m.entries),
      samples: m.samples,
      search: m.search,
      drafts: text(m.drafts),
      media: m.media ?? [],
    });
  return content(a) === content(b);
}

/**
 * News newest first (same day: by title), then all other entries by title. Sorting once here
 * spares every index request from sorting.
 */
export function inDisplayOrder(entries: ManifestEntry[]): ManifestEntry[] {
  const byTitle = (a: ManifestEntry, b: ManifestEntry) => a.title.localeCompare(b.title, 'en');
  // A time of day (publishAt) orders posts of the same day.
  const when = (e: ManifestEntry) => e.publishAt ?? e.date ?? '';
  const news = entries.filter((e) => e.type === 'news').sort((a, b) => when(b).localeCompare(when(a)) || byTitle(a, b));
  const others = entries.filter((e) => e.type !== 'news').sort(byTitle);
  return [...news, ...others];
}
