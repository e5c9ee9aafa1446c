/** Our content files as pages of a peer site (Starlight, VitePress): drafts left out, as our site leaves them out. Disk I/O. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontMatter } from '../../scripts/content/source/front-matter.ts';

export interface PeerPage {
  /** `<type>/<slug>`, or the slug of a page without a type: its path in the peer's project, without `.md`. */
  id: string;
  title: string;
  description: string;
  date?: string;
  /** The markdown after the front matter. */
  body: string;
}

export function peerPages(contentDir: string): PeerPage[] {
  const pages: PeerPage[] = [];
  for (const name of readdirSync(contentDir)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const parsed = parseFrontMatter(name, readFileSync(join(contentDir, name), 'utf8'));
    if (!parsed.ok) throw new Error(`${name}: ${parsed.problems.map((p) => p.reason).join('; ')}`);
    if (parsed.value.draft) continue;
    const { title, slug, description, type, date } = parsed.value.attributes;
    const id = type ? `${type}/${slug}` : slug;
    pages.push(date ? { id, title, description, date, body: parsed.value.body } : { id, title, description, body: parsed.value.body });
  }
  return pages;
}
