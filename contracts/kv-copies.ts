/**
 * `copy/…`: mutable copies of what the live manifest names, under names the Worker knows before it has the manifest,
 * so both come in one KV read (docs/performance.md, Work per request). Pure.
 */
import type { Manifest } from './kv-values.ts';
import { sectionOf } from './manifest-lookup.ts';
import { articlePath, type Section } from './routes.ts';

/** The copy of an article's entry, by its canonical path: `copy/news/<slug>`. */
export const articleCopyKey = (section: Section, slug: string): string => `copy${articlePath(section, slug)}`;
/** The copy of the search index. */
export const SEARCH_COPY_KEY = 'copy/search';

/**
 * The copies of a manifest, each with the key it copies: every entry's (scheduled ones too: only the manifest's view at
 * the request's time decides what is public) and the search index's; drafts have none.
 */
export function copiesOf(manifest: Manifest | null): Map<string, string> {
  const copies = new Map((manifest?.entries ?? []).map((e) => [articleCopyKey(sectionOf(e), e.slug), e.key]));
  return manifest?.search ? copies.set(SEARCH_COPY_KEY, manifest.search) : copies;
}

/** A copy's value: the key it copies, a newline, then that key's value as stored, parsed as that key's would be. */
export const copyValue = (key: string, value: string): string => `${key}\n${value}`;

/** The key a copy names and the value it holds; null for a value that is no copy. */
export function readCopy(raw: string): { key: string; value: string } | null {
  const end = raw.indexOf('\n');
  return end > 0 ? { key: raw.slice(0, end), value: raw.slice(end + 1) } : null;
}
