/** What the manifest says of each built entry, and the display order of lists. Pure: built entries in, manifest entries out. */
import type { ManifestEntry } from '../../../contracts/kv-values.ts';
import type { SocialCard } from '../../../contracts/social-card.ts';
import { calendarDate, publishAtFor } from '../source/schedule.ts';
import type { BuiltEntry } from './build-entries.ts';

/** An entry's manifest record but its key, which names its piece (site-pieces.ts); `now` decides whether it is scheduled. */
export function manifestEntryOf(entry: BuiltEntry, card: SocialCard | undefined, now: string): Omit<ManifestEntry, 'key'> {
  const { attributes, file } = entry.value;
  const publishAt = publishAtFor(attributes.date, now);
  return {
    slug: attributes.slug,
    type: attributes.type ?? null,
    title: attributes.title,
    description: attributes.description,
    date: attributes.date === undefined ? null : calendarDate(attributes.date),
    file,
    sourceHash: entry.sourceHash,
    updated: entry.updated,
    ...(entry.changed === undefined ? {} : { changed: entry.changed }),
    ...(publishAt === undefined ? {} : { publishAt }),
    ...(card === undefined ? {} : { card }),
  };
}

/**
 * News newest first (same day: by title), then all other entries by title. Sorting once here
 * spares every index request from sorting.
 */
export function inDisplayOrder<T extends Pick<ManifestEntry, 'type' | 'title' | 'date' | 'publishAt'>>(entries: T[]): T[] {
  const byTitle = (a: T, b: T) => a.title.localeCompare(b.title, 'en');
  // A time of day (publishAt) orders posts of the same day.
  const when = (e: T) => e.publishAt ?? e.date ?? '';
  const news = entries.filter((e) => e.type === 'news').sort((a, b) => when(b).localeCompare(when(a)) || byTitle(a, b));
  const others = entries.filter((e) => e.type !== 'news').sort(byTitle);
  return [...news, ...others];
}
