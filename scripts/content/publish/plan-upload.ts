/**
 * Plans an upload against what KV holds: what to write, in which order (the manifest last), and what to delete.
 * Pure: built content, the previous manifest and the keys in KV in; a plan out.
 */
import { sampleKey } from '../../../contracts/kv-keys.ts';
import type { Manifest, ManifestEntry, StoredRemoteImage } from '../../../contracts/kv-values.ts';
import type { SiteRoot } from '../../../contracts/site-index.ts';
import type { BuildResult, BuiltEntry, BuiltSample } from '../build/build-entries.ts';
import { type BuiltSearch, buildSearch, type PreviousSearch, searchKeys } from '../build/build-search.ts';
import { checkKvLimits } from '../build/kv-limits.ts';
import { inDisplayOrder, manifestEntryOf } from '../build/manifest-entries.ts';
import type { BuiltMedia } from '../build/media.ts';
import { entryPieces, indexed } from '../build/site-pieces.ts';
import type { BuiltCard, BuiltCards } from '../cards/build-cards.ts';
import type { KvPair } from '../kv/kv-store.ts';
import type { RemoteImagePointer } from '../markdown/remote-images.ts';
import { RENDERER_VERSION } from '../markdown/render-markdown.ts';
import { namedKeys } from './named-keys.ts';

export type EntryReport = { file: string; slug: string; status: 'written' | 'unchanged' };

export interface UploadPlan {
  /** Entry, sample, search and site-index pieces and the history record, to put before the root. */
  writes: KvPair[];
  /** The version published: its history record names every key (history.ts). */
  manifest: Manifest;
  /** What is written under `manifest` last, the Worker's way in (contracts/site-index.ts); null when nothing changed. */
  root: SiteRoot | null;
  /** The manifest this plan was made against (null: none yet): its version for the lock's compare-and-swap, its pages to purge. */
  previous: Manifest | null;
  /** False when the content is what the previous manifest names: nothing to publish, and `manifest` is that one. */
  manifestChanged: boolean;
  /** Keys to delete after the root is written. */
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
  const stored = new Map([...entries, ...drafts].map((e) => [e.value.file, e.value]));
  const unkeyed = (entry: BuiltEntry) => manifestEntryOf(entry, cards.get(entry.value.file)?.card, now);
  // Each entry's piece holds its neighbours: keys follow the display order.
  const pieces = entryPieces(inDisplayOrder(entries.map(unkeyed)), drafts.map(unkeyed), (file) => stored.get(file)!);
  const { entries: manifestEntries, drafts: manifestDrafts } = pieces;

  for (const { key, value } of search?.pieces ?? []) if (!existingKeys.has(key)) writes.push({ key, value });

  // Samples and images are named by their content, so never written in place: the live manifest's keys serve on until
  // the new manifest is written. Only those KV lacks are written, each once (two articles may share a card).
  const written = new Set<string>();
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
  const usedCards = [...entries, ...drafts].flatMap(({ value: { file } }) => (cards.has(file) ? [cards.get(file)!] : []));
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
    entries: manifestEntries,
    samples: samples.map(({ path, hash }) => ({ path, hash, key: sampleKey(hash) })),
    search: search?.root ?? null,
    drafts: manifestDrafts,
    ...(imageKeys.length > 0 ? { media: imageKeys } : {}),
  };

  // A manifest from before the site index is published again in its format, whatever it holds.
  const manifestChanged = !previous || previous.pieces === undefined || !sameContent(previous, fresh);
  // The search root names its pieces, a kept base's among them: the record names them all for the clean-ups.
  const searchNamed = search ? [search.root, ...searchKeys(search.pieces.find((p) => p.key === search.root)!.value)] : [];
  const index = indexed(fresh, previous, existingKeys, searchNamed);
  // Unchanged, the live manifest stays: only a piece it names that went missing from KV is written again.
  const named = manifestChanged ? null : new Set(namedKeys(previous));
  const needed = ({ key }: KvPair) => !existingKeys.has(key) && (named === null || named.has(key));
  const entryWrites = pieces.pieces.filter(needed);
  writes.unshift(...entryWrites);
  writes.push(...index.writes.filter(needed));
  const entriesWritten = new Set(entryWrites.map((w) => w.key));
  const reportOf = ({ file, slug, key }: ManifestEntry): EntryReport => ({
    file,
    slug,
    status: entriesWritten.has(key) ? 'written' : 'unchanged',
  });
  const byFile = new Map(manifestEntries.map((e) => [e.file, e]));
  const manifest = manifestChanged ? index.manifest : previous;
  const keep = new Set<string>([...namedKeys(manifest), ...(previous ? namedKeys(previous) : [])]);
  const deletes = [...existingKeys].filter((key) => !keep.has(key)).sort();

  const entryReports = entries.map((e) => reportOf(byFile.get(e.value.file)!));
  const reports = {
    entries: entryReports,
    drafts: manifestDrafts.map(reportOf),
    samples: sampleReports,
    media: mediaReports,
    cards: cardReports,
  };
  const root = manifestChanged ? index.root : null;
  checkKvLimits(
    { writes, root },
    {
      entries: [...manifestEntries, ...manifestDrafts],
      samples,
      media,
      cards: usedCards,
      remoteImages,
      search: search && { key: search.root },
    },
  );
  return { writes, manifest, root, previous, manifestChanged, deletes, ...reports, remoteImages: remoteReports };
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
  // An entry's key names its piece, which holds its times too: what it was rendered from is its source hash.
  const text = (entries: ManifestEntry[]) => entries.map(({ updated, changed, publishAt, key, ...rest }) => rest);
  const content = ({ renderer, entries, samples, search, drafts, media = [] }: Manifest) =>
    JSON.stringify([renderer, text(entries), samples, search, text(drafts), media]);
  return content(a) === content(b);
}
