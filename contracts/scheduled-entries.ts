/**
 * Scheduled posts: the public view of a manifest at a given time, leaving out entries whose `publishAt` is later.
 * Pure; the time is passed in.
 */
import type { Manifest, ManifestEntry } from './kv-values.ts';
import { entryPath } from './manifest-lookup.ts';

interface View {
  manifest: Manifest;
  /** The view holds for times in [from, until): the pending publishAt instants around now. */
  from: number;
  until: number;
}

const views = new WeakMap<Manifest, View>();
const paths = new WeakMap<Manifest, ReadonlySet<string>>();

const goLive = (entry: ManifestEntry): number => (entry.publishAt === undefined ? Number.NEGATIVE_INFINITY : Date.parse(entry.publishAt));

/** True when the entry is public at `now` (ms since the epoch). */
export const isPublicAt = (entry: ManifestEntry, now: number): boolean => goLive(entry) <= now;

/**
 * The manifest as the public sees it at `now`: the same object when nothing in it is pending,
 * else a copy without the entries not yet live. The same copy until the next go-live, so what is derived per manifest
 * object (manifest-lookup.ts) is made once per go-live, not per request.
 */
export function visibleManifest(manifest: Manifest, now: number): Manifest {
  const memo = views.get(manifest);
  if (memo && now >= memo.from && now < memo.until) return memo.manifest;
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const entry of manifest.entries) {
    const at = goLive(entry);
    if (at > now) until = Math.min(until, at);
    else from = Math.max(from, at);
  }
  const view: View = {
    manifest: until === Number.POSITIVE_INFINITY ? manifest : { ...manifest, entries: manifest.entries.filter((e) => isPublicAt(e, now)) },
    from,
    until,
  };
  views.set(manifest, view);
  return view.manifest;
}

/** The page paths of a view's entries, to keep search hits to public pages. Made once per view. */
export function publicPaths(view: Manifest): ReadonlySet<string> {
  let set = paths.get(view);
  if (!set) {
    set = new Set(view.entries.map(entryPath));
    paths.set(view, set);
  }
  return set;
}
