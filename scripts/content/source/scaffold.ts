/** A new content file for `npm run new`: name, slug (GitHub-style, transliterated to ASCII) and draft front matter. Pure. */
import { slug as githubSlug } from 'github-slugger';
import { type Explained, explain } from '../../../contracts/maintainer-errors.ts';

export const SECTIONS = ['news', 'guide'] as const;
export type Section = (typeof SECTIONS)[number];

export interface Scaffold {
  file: string;
  slug: string;
  /** The whole file: draft front matter with the description to fill in, and a body holding only a comment for the writer. */
  text: string;
}

export interface Taken {
  /** Names of the existing content files (`guide-DSX.md`). */
  files: Iterable<string>;
  /** File name → the slug its front matter names, as written. */
  slugs: ReadonlyMap<string, string>;
}

export type ScaffoldResult = { ok: true; value: Scaffold } | { ok: false; error: Explained };

/** Letters NFKD leaves whole: each written as the ASCII letters it is read as. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', þ: 'th', đ: 'd', ł: 'l' };

/** The title as a slug: lower case ASCII letters and digits joined by single dashes; accented letters keep their base letter. */
export function titleSlug(title: string): string {
  const ascii = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæøœþđł]/g, (letter) => LETTERS[letter]!);
  return githubSlug(ascii)
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The local calendar day as YYYY-MM-DD: the writer's today, not UTC's. */
export const localDate = (now: Date): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export function scaffold(section: Section, title: string, today: string, taken: Taken, description = ''): ScaffoldResult {
  const refuse = (error: Explained): ScaffoldResult => ({ ok: false, error });
  const cleanTitle = title.trim().replace(/\s+/g, ' ');
  if (cleanTitle === '') return refuse(explain('new-title-empty'));
  const slug = titleSlug(cleanTitle);
  if (slug === '') return refuse(explain('new-title-no-slug', cleanTitle));
  const file = `${section}-${slug}.md`;
  if ([...taken.files].includes(file)) return refuse(explain('new-file-exists', file));

  const lower = slug.toLowerCase();
  const owner = [...taken.slugs].find(([, s]) => s.toLowerCase() === lower);
  if (owner !== undefined) return refuse(explain('new-slug-taken', slug, owner[0], owner[1]));
  // An old file name redirects to its slug (client/routes/article.tsx), so a slug may not equal one.
  const sameName = [...taken.files].find((f) => f.replace(/\.md$/, '').toLowerCase() === lower);
  if (sameName !== undefined) return refuse(explain('new-slug-is-file-name', slug, sameName));

  // JSON strings are YAML double-quoted strings: any title is safe this way.
  const lines = [
    '---',
    `title: ${JSON.stringify(cleanTitle)}`,
    `slug: ${slug}`,
    `description: ${JSON.stringify(description.trim())}`,
    `type: ${section}`,
  ];
  if (section === 'news') lines.push(`date: ${today}`);
  lines.push(
    'draft: true',
    '---',
    '',
    `<!-- The ${section === 'news' ? 'post' : 'guide'} in markdown. "description" is the one-sentence summary shown in indexes, feeds, search results and link previews; remove "draft: true" to publish. -->`,
    '',
  );
  return { ok: true, value: { file, slug, text: lines.join('\n') } };
}
