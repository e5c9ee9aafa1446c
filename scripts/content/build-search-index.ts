/**
 * The search index of one upload: every published entry as a search document. Pure: built
 * entries in, the KV key and value out (the key is the sha256 of the value).
 */
import { buildSearchIndex, type SearchDocument } from '../../worker/search-index.ts';
import type { BuiltEntry } from './build-entries.ts';
import { sha256 } from './build-entries.ts';

export interface BuiltSearchIndex {
  key: string;
  value: string;
}

export function buildSearchIndexValue(entries: BuiltEntry[]): BuiltSearchIndex {
  const documents: SearchDocument[] = entries.map((entry, id) => {
    const { attributes, toc } = entry.value;
    const section = attributes.type === 'news' ? 'news' : 'guide';
    return {
      id,
      title: attributes.title,
      description: attributes.description,
      headings: toc.map((t) => t.text).join(' · '),
      keywords: joinedWords(`${attributes.title} ${attributes.slug}`),
      text: entry.text,
      href: `/${section}/${attributes.slug}`,
      section,
      date: attributes.date ?? null,
    };
  });
  const value = JSON.stringify(buildSearchIndex(documents));
  return { key: `search/${sha256(value)}`, value };
}

/** "Multi-Sim multi-sim" → "multisim": readers type compound words both ways. */
function joinedWords(text: string): string {
  const joined = text.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? [];
  return [...new Set(joined.map((w) => w.replace(/-/g, '').toLowerCase()))].join(' ');
}
