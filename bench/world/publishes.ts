/**
 * Publishes over the day: each writes one changed article's entry, then the manifest (a new version of the home page
 * and the index, whose lists change with it). Pure.
 */
import type { WorldParams } from './params.ts';
import { cumulative, pick, randomFor } from './sampling.ts';
import { DAY_MS, FIRST_ARTICLE, HOME, INDEX } from './traffic.ts';

export interface Publish {
  /** Manifest version it writes (1, 2, …; 0 is the content published before the day). */
  version: number;
  /** When the maintainer publishes, and when the manifest is written (entries before it). */
  at: number;
  manifestAt: number;
  article: number;
}

/** Spread evenly over the day, each within its slot at a seeded time; the article changed drawn by popularity. */
export function schedulePublishes(params: WorldParams): Publish[] {
  const random = randomFor(params.seed + 7);
  const slot = DAY_MS / Math.max(1, params.publishesPerDay);
  const articles = cumulative(Array.from({ length: params.articles }, (_, i) => 1 / (i + 1) ** params.zipf));
  return Array.from({ length: params.publishesPerDay }, (_, i) => {
    const at = Math.floor(slot * (i + 0.1 + 0.8 * random()));
    return { version: i + 1, at, manifestAt: at + params.publishWriteS * 1000, article: FIRST_ARTICLE + pick(articles, random) };
  });
}

/** The version of `page` in manifest `version`: the last publish up to it that changed the page (0 if none). */
export function pageVersion(publishes: readonly Publish[], page: number, version: number): number {
  if (page === HOME || page === INDEX) return version;
  let found = 0;
  for (const p of publishes) if (p.version <= version && p.article === page) found = p.version;
  return found;
}
