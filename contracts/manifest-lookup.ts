/**
 * What readers derive from a manifest (lookups by slug and file name, the lists, positions), made once per manifest
 * object. Pure.
 */
import type { Manifest, ManifestEntry } from './kv-values.ts';
import { articlePath, type Section } from './routes.ts';

interface ManifestLookup {
  bySlug: Map<string, ManifestEntry>;
  byLowerSlug: Map<string, ManifestEntry>;
  /** By the content file's name without `.md`, lower case. */
  byLowerName: Map<string, ManifestEntry>;
  news: ManifestEntry[];
  /** Typed guides only. */
  guide: ManifestEntry[];
  /** Where each typed entry stands in its own list. */
  position: Map<ManifestEntry, number>;
}

const lookups = new WeakMap<Manifest, ManifestLookup>();

/** Lists keep the manifest's display order: news newest first, guides by title. */
export function manifestLookup(manifest: Manifest): ManifestLookup {
  let lookup = lookups.get(manifest);
  if (lookup) return lookup;
  lookup = { bySlug: new Map(), byLowerSlug: new Map(), byLowerName: new Map(), news: [], guide: [], position: new Map() };
  // The first entry wins a key, as a search in manifest order would find it.
  const add = (map: Map<string, ManifestEntry>, key: string, entry: ManifestEntry) => map.has(key) || map.set(key, entry);
  for (const entry of manifest.entries) {
    add(lookup.bySlug, entry.slug, entry);
    add(lookup.byLowerSlug, entry.slug.toLowerCase(), entry);
    add(lookup.byLowerName, entry.file.replace(/\.md$/, '').toLowerCase(), entry);
    if (entry.type === null) continue;
    const list = lookup[entry.type];
    lookup.position.set(entry, list.length);
    list.push(entry);
  }
  lookups.set(manifest, lookup);
  return lookup;
}

/** By exact slug; else by slug in another letter case; else by the content file's basename. */
export function findEntry(manifest: Manifest, slug: string): ManifestEntry | undefined {
  const { bySlug, byLowerSlug, byLowerName } = manifestLookup(manifest);
  const lower = slug.toLowerCase();
  return bySlug.get(slug) ?? byLowerSlug.get(lower) ?? byLowerName.get(lower);
}

/** News lives under /news; guides and untyped pages (features, sponsor) under /guide. */
export const sectionOf = (entry: Pick<ManifestEntry, 'type'>): Section => (entry.type === 'news' ? 'news' : 'guide');

/** The entry's canonical page path. */
export const entryPath = (entry: Pick<ManifestEntry, 'type' | 'slug'>): string => articlePath(sectionOf(entry), entry.slug);
