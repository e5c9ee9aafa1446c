/** Scheduled news: when a post's date makes it go live (a plain date at 00:00 UTC), and the line the upload prints. Pure. */
import type { ManifestEntry } from '../../../contracts/kv-values.ts';

/** The calendar date a news date was written with: what pages show and indexes sort by. */
export const calendarDate = (date: string): string => date.slice(0, 10);

/** The ISO UTC time at which a validated news date (front-matter.ts) goes live. */
export const goLiveTime = (date: string): string => new Date(date.length === 10 ? `${date}T00:00:00Z` : date).toISOString();

/**
 * The manifest's `publishAt` for a news date: set when the post goes live after this upload, or
 * when its date names a time of day (so feeds carry the exact moment); else absent.
 */
export function publishAtFor(date: string | undefined, uploadTime: string): string | undefined {
  if (date === undefined) return undefined;
  const at = goLiveTime(date);
  return date.length > 10 || Date.parse(at) > Date.parse(uploadTime) ? at : undefined;
}

/** Entries not yet public at the upload, soonest first. */
export function scheduledAt(entries: readonly ManifestEntry[], uploadTime: string): ManifestEntry[] {
  const now = Date.parse(uploadTime);
  return entries
    .filter((e) => e.publishAt !== undefined && Date.parse(e.publishAt) > now)
    .sort((a, b) => a.publishAt!.localeCompare(b.publishAt!));
}

/** `scheduled news-x.md → goes live 2026-12-01 18:00 UTC` */
export const formatScheduled = (entry: ManifestEntry): string =>
  `scheduled ${entry.file} → goes live ${entry.publishAt!.slice(0, 10)} ${entry.publishAt!.slice(11, 16)} UTC`;
