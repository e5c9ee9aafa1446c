/** A new content file for `npm run new`: name, slug (GitHub-style, folded to ASCII) and front matter. Pure. */
import { slug as githubSlug } from 'github-slugger';

export const SECTIONS = ['news', 'guide'] as const;
export type Section = (typeof SECTIONS)[number];

export interface Scaffold {
  file: string;
  slug: string;
  /** The whole file: front matter that validates, and a body holding only a comment for the writer. */
  text: string;
}

export interface Taken {
  /** Slugs of the existing content files, as written. */
  slugs: Iterable<string>;
  /** Names of the existing content files (`guide-DSX.md`). */
  files: Iterable<string>;
}

export type ScaffoldResult = { ok: true; value: Scaffold } | { ok: false; error: string };

/** The title as a slug: lower case ASCII letters and digits joined by single dashes. */
export function titleSlug(title: string): string {
  return githubSlug(title.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The local calendar day as YYYY-MM-DD: the writer's today, not UTC's. */
export const localDate = (now: Date): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export function scaffold(section: Section, title: string, today: string, taken: Taken, description?: string): ScaffoldResult {
  const cleanTitle = title.trim().replace(/\s+/g, ' ');
  if (cleanTitle === '') return { ok: false, error: 'the title is empty' };
  const slug = titleSlug(cleanTitle);
  if (slug === '') return { ok: false, error: `"${cleanTitle}" gives no slug (it needs at least one letter or digit)` };
  const file = `${section}-${slug}.md`;
  if ([...taken.files].includes(file)) return { ok: false, error: `${file} already exists: nothing was written` };

  const lower = slug.toLowerCase();
  const sameSlug = [...taken.slugs].find((s) => s.toLowerCase() === lower);
  if (sameSlug !== undefined) return { ok: false, error: `the slug "${slug}" is already used (as "${sameSlug}"): choose another title` };
  // An old file name redirects to its slug (client/routes/article.tsx), so a slug may not equal one.
  const sameName = [...taken.files].find((f) => f.replace(/\.md$/, '').toLowerCase() === lower);
  if (sameName !== undefined)
    return {
      ok: false,
      error: `the slug "${slug}" equals the name of ${sameName}, whose URL redirects by that name: choose another title`,
    };

  // JSON strings are YAML double-quoted strings: any title is safe this way.
  const lines = [
    '---',
    `title: ${JSON.stringify(cleanTitle)}`,
    `slug: ${slug}`,
    `description: ${JSON.stringify(description?.trim() || cleanTitle)}`,
    `type: ${section}`,
  ];
  if (section === 'news') lines.push(`date: ${today}`);
  lines.push(
    '---',
    '',
    `<!-- The ${section === 'news' ? 'post' : 'guide'} in markdown. "description" is the summary shown in indexes, feeds and search results. -->`,
    '',
  );
  return { ok: true, value: { file, slug, text: lines.join('\n') } };
}
