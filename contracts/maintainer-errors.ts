/**
 * Every mistake a maintainer can make in content/ that the upload reports: a code, a message and a hint each, which
 * the upload and `npm start`'s live preview print. Pure.
 */
import { ENTRY_TYPES, FRONT_MATTER_FIELDS } from './front-matter-fields.ts';
import { whyNotADate } from './why-not-a-date.ts';

interface Entry<Args extends unknown[]> {
  message: (...args: Args) => string;
  hint: string;
}
const entry = <Args extends unknown[]>(message: (...args: Args) => string, hint: string): Entry<Args> => ({ message, hint });

const QUOTE_HINT = 'Put the whole value in double quotes, e.g. title: "Race Element: version 2".';

export const MAINTAINER_ERRORS = {
  // Front matter: the YAML block at the top of a file.
  'front-matter-missing': entry(
    () => 'missing: the file must start with a --- YAML block',
    'Start the file with a line ---, the fields (title, slug, description, …), then another line ---.',
  ),
  'front-matter-not-fields': entry(() => 'is not a list of "field: value" lines', 'Write one field per line, e.g. title: Get Started.'),
  'yaml-unreadable': entry((parser: string) => `unreadable YAML: ${parser}`, QUOTE_HINT),
  'yaml-unclosed-quote': entry(
    (quote: string, parser: string) => `unreadable YAML: the ${quote} that opens this value is never closed on its line (${parser})`,
    'Close the quote at the end of the value.',
  ),
  'yaml-unclosed-bracket': entry(
    (bracket: string) =>
      `unreadable YAML: a value starting with ${bracket} is a YAML ${bracket === '[' ? 'list' : 'map'} that is not closed`,
    QUOTE_HINT,
  ),
  'yaml-no-colon': entry(
    () => 'unreadable YAML: this line is not a "field: value" pair (no colon)',
    'Add the colon after the field name, or join the line to the value above inside quotes.',
  ),
  'yaml-tab': entry(
    () => 'unreadable YAML: a tab character indents this line',
    'Start every field at the beginning of its line; YAML indents with spaces only.',
  ),
  'yaml-indented': entry(() => 'unreadable YAML: this line is indented', 'Start every field at the beginning of its line.'),
  'yaml-field-twice': entry(
    (field: string, firstLine: number) => `unreadable YAML: the field "${field}" is written twice (first on line ${firstLine})`,
    'Keep one of the two lines.',
  ),
  'yaml-text-after-quote': entry(() => 'unreadable YAML: text after the closing quote', QUOTE_HINT),
  'yaml-colon-in-value': entry(() => 'unreadable YAML: a colon followed by a space inside an unquoted value', QUOTE_HINT),
  'yaml-special-start': entry(
    (char: string) => `unreadable YAML: the value starts with ${char}, which has a special meaning in YAML there`,
    QUOTE_HINT,
  ),
  // Front matter: the fields (contracts/front-matter.ts).
  'field-missing': entry(
    () => 'missing',
    'Add it between the --- lines: title, slug and description are required, news also needs a date.',
  ),
  'field-not-text': entry(
    (value: unknown) => `must be text, got ${Array.isArray(value) ? 'a list' : typeof value}`,
    "Write the value as text on the field's line; if it starts with [ or {, put it in double quotes.",
  ),
  'field-empty': entry(() => 'empty', 'Write the value after the colon.'),
  'field-unknown': entry(() => `unknown field (allowed: ${FRONT_MATTER_FIELDS.join(', ')})`, 'Remove the line, or correct the field name.'),
  'field-misspelt': entry(
    (meant: unknown) => `unknown field: "${meant}" is missing, is this it?`,
    `Correct the field name on this line; the allowed fields are ${FRONT_MATTER_FIELDS.join(', ')}.`,
  ),
  'slug-invalid': entry(
    (slug: unknown) => `"${slug}" may hold only letters, digits, '.', '_' and '-', starting with a letter or digit`,
    'The slug is the last part of the page URL, e.g. slug: using-the-hud-tab.',
  ),
  'description-empty': entry(
    () => 'empty',
    'Write one sentence saying what the page offers: indexes, feeds, search results and link previews show it.',
  ),
  'description-is-title': entry(
    () => 'the same as the title',
    'Write one sentence saying what the page offers, in other words than the title: indexes and link previews show both.',
  ),
  'type-unknown': entry(
    (type: unknown) => `unknown type "${String(type)}" (allowed: ${ENTRY_TYPES.join(', ')}, or none)`,
    'Write type: guide or type: news; leave the line out for a page such as features.',
  ),
  'date-invalid': entry(
    (date: unknown) => whyNotADate(String(date)),
    'Write the date as YYYY-MM-DD (2025-01-15), or with a time and its zone (2025-01-15T18:00:00Z) to schedule the post.',
  ),
  'date-missing': entry(
    () => 'missing: news entries need an ISO date (YYYY-MM-DD)',
    'Add e.g. date: 2025-01-15; a later date, or a time with its zone, schedules the post.',
  ),
  'date-not-news': entry(() => 'only news entries carry a date', 'Remove the date line, or write type: news.'),
  'draft-not-boolean': entry(
    () => 'must be true or false',
    'Write draft: true while the page is not ready; remove the line to publish it.',
  ),
  // Slugs across the folder.
  'slug-taken': entry(
    (slug: string, owner: string, which: string) => `"${slug}" is also the slug of ${owner} (slugs are compared ignoring case): ${which}`,
    'Give this file another slug.',
  ),
  'slug-is-file-name': entry(
    (slug: string, other: string) => `"${slug}" equals the file name of ${other}, whose old URL redirects by that name`,
    'Give this file another slug.',
  ),
  // `npm run new`.
  'new-title-empty': entry(() => 'the title is empty', 'Give the title in quotes: npm run new -- guide "Using the HUD tab".'),
  'new-title-no-slug': entry(
    (title: string) => `"${title}" gives no slug (it needs at least one letter or digit)`,
    'Use a title with a letter or digit in it; the slug can be changed in the file afterwards.',
  ),
  'new-file-exists': entry((file: string) => `${file} already exists: nothing was written`, 'Edit that file, or choose another title.'),
  'new-slug-taken': entry(
    (slug: string, owner: string, written: string) => `the slug "${slug}" is already used by ${owner} (as "${written}")`,
    'Choose another title; slugs are compared ignoring case.',
  ),
  'new-slug-is-file-name': entry(
    (slug: string, other: string) => `the slug "${slug}" equals the name of ${other}, whose URL redirects by that name`,
    'Choose another title.',
  ),
  // The markdown body.
  'sample-not-found': entry(
    (path: string) => `code sample "${path}" not found in samples/`,
    'Add the file under content/samples/, or correct the path in the ```sample block.',
  ),
  'image-alt-missing': entry(
    (name: string) => `image media/${name} has no alt text`,
    'Write what the image shows between the brackets: ![what it shows](media/…).',
  ),
  'image-not-found': entry(
    (name: string) => `image media/${name} not found in content/media/`,
    'Add the file to content/media/, or correct its name (names are case-sensitive).',
  ),
  'markdown-unrenderable': entry(
    (detail: string) => `markdown failed to render: ${detail}`,
    'Look for an unclosed fence or HTML tag near the line last edited.',
  ),
  'diagram-undrawable': entry(
    (detail: string) => detail,
    'Try the diagram at https://mermaid.live; --client-diagrams leaves diagrams to the browser.',
  ),
  'html-removed': entry(
    (what: string, why: string) => `removed ${what}: ${why}`,
    'Use markdown instead of this HTML: the site keeps only HTML that cannot run code or break the page.',
  ),
  'code-language-unknown': entry(
    (lang: string, coloured: readonly string[]) =>
      `code block language "${lang}" is not one the site colours, so it is shown as plain text: use one of ${coloured.join(', ')} (or an alias such as batch, sh, ts), or text for plain text`,
    'Correct the name after the opening ```.',
  ),
  // Images.
  'remote-image-not-copied': entry(
    (url: string, why: string, host: string) =>
      `${url} is not copied (${why}): the Worker fetches it from ${host} for the page until an upload that can reach it keeps a copy in media/remote/`,
    'Upload again from a machine that reaches the host, or save the image into content/media/ and link that.',
  ),
  'media-kind': entry(
    (ext: string) => `".${ext}" is not an image kind the site serves (allowed: png, jpg, jpeg, webp, avif, gif, svg)`,
    'Save the image as one of those kinds.',
  ),
  'media-too-large': entry(
    (size: string, kind: string, limit: string) => `is ${size}: ${kind} may be at most ${limit}`,
    'Save it smaller: pages show images at most 1408 px wide, so a larger one gains nothing (an animation: fewer frames, or a video).',
  ),
  'media-unsafe-svg': entry((what: string) => `holds ${what}`, 'SVGs must be plain drawings: remove it.'),
  'media-unreadable': entry(
    (kind: string, detail: string) => `is not a readable ${kind} image (${detail})`,
    'Export the image again from the program that made it.',
  ),
  'media-misnamed': entry(
    (written: string, holds: string) => `is named .${written} but holds ${holds}`,
    'Rename the file to the kind it holds, or export it again.',
  ),
  'media-no-size': entry(() => 'has no width and height', 'Give an SVG width and height attributes or a viewBox.'),
} as const;

export type MaintainerErrorCode = keyof typeof MAINTAINER_ERRORS;
export type MaintainerErrorArgs<C extends MaintainerErrorCode> = Parameters<(typeof MAINTAINER_ERRORS)[C]['message']>;

export interface Explained {
  code: MaintainerErrorCode;
  message: string;
  hint: string;
}

/** The catalogue's words for one mistake. */
export function explain<C extends MaintainerErrorCode>(code: C, ...args: MaintainerErrorArgs<C>): Explained {
  const { message, hint } = MAINTAINER_ERRORS[code] as Entry<MaintainerErrorArgs<C>>;
  return { code, message: message(...args), hint };
}
