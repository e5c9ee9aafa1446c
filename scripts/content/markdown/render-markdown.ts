/**
 * The markdown pipeline, run at upload: GFM, raw HTML, sanitising, links, images, headings, tables, code → HTML.
 * Pure: markdown in, { html, toc, hasDiagrams, samples } out.
 */

import { createRequire } from 'node:module';
import type { Element, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { toString as textOf } from 'hast-util-to-string';
import type { TocItem } from '../../../contracts/kv-values.ts';
import { transformCodeBlocks, type UnknownLanguage } from './code-blocks.ts';
import { addHeadingIds } from './heading-ids.ts';
import { keepHyphenatedWords } from './keep-words.ts';
import { htmlTree, markdownTree } from './markdown-tree.ts';
import { type ImageProblem, type MediaRef, resolveMediaImages } from './media-images.ts';
import { pictureImages } from './picture-images.ts';
import { ownRemoteMedia } from './remote-images.ts';
import { type Removal, sanitizeRemovals } from './sanitize-report.ts';
import { sanitizeSchema } from './sanitize-schema.ts';
import { wrapTables } from './scrollable-tables.ts';
import { secureLinks } from './secure-links.ts';

/**
 * Part of every entry's hash: bump the number when this pipeline's output changes, and a
 * shiki upgrade (new grammars, new colours) re-renders everything by itself.
 */
export const RENDERER_VERSION = `render-13+shiki-${createRequire(import.meta.url)('shiki/package.json').version}`;

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  /** Whether the HTML holds diagram sources for the client to draw (none once drawn at upload). */
  hasDiagrams: boolean;
  /** Source of each mermaid diagram, in page order. */
  diagrams: string[];
  samples: string[];
  /** The article's words as plain text (for search), code and diagram sources left out. */
  text: string;
  /** At about 220 words a minute, at least one; 0 for an article without words yet (a new draft). */
  readingMinutes: number;
  /** What sanitising removed, with positions in the markdown given (warnings for the writer). */
  removed: Removal[];
  /** Images of content/media/ that are missing or lack alt text (media-images.ts). */
  imageProblems: ImageProblem[];
  /** Code blocks tagged with a language the site does not colour (warnings for the writer). */
  unknownLanguages: UnknownLanguage[];
}

const WORDS_PER_MINUTE = 220;

/** `media`: the files of content/media/ by name, for `![alt](media/name.png)` images and the kept copies of images from other hosts. */
export async function renderMarkdown(markdown: string, media: ReadonlyMap<string, MediaRef> = new Map()): Promise<RenderedMarkdown> {
  const mdast = markdownTree(markdown);
  const imageProblems = resolveMediaImages(mdast, media);
  const parsed = htmlTree(mdast, markdown);
  const clean = sanitize(parsed, sanitizeSchema) as Root;
  const removed = sanitizeRemovals(parsed, clean, sanitizeSchema);
  secureLinks(clean);
  ownRemoteMedia(clean, media);
  pictureImages(clean, media);
  // The text first: the heading ids step adds `#` anchor links that are no words of the article.
  const text = proseText(clean);
  const toc = addHeadingIds(clean);
  keepHyphenatedWords(clean);
  wrapTables(clean);
  const { hasDiagrams, diagrams, samples, unknownLanguages } = await transformCodeBlocks(clean);
  const words = text.split(/\s+/).filter(Boolean).length;
  return {
    html: toHtml(clean),
    toc,
    hasDiagrams,
    diagrams,
    samples,
    text,
    readingMinutes: words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    removed,
    imageProblems,
    unknownLanguages,
  };
}

/** Elements that start a block of their own: their text is kept apart from what surrounds it. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** What separates two blocks in the text: a heading never runs into the paragraph after it. */
export const BLOCK_SEPARATOR = ' · ';

/** Text of everything but code blocks, one piece per block, joined with BLOCK_SEPARATOR. */
function proseText(tree: Root): string {
  const pieces: string[] = [];
  collectBlocks(tree, pieces);
  return pieces.join(BLOCK_SEPARATOR);
}

/** Pushes the text of `parent`'s inline runs and, in order, of its block children. */
function collectBlocks(parent: Root | Element, pieces: string[]): void {
  let run = '';
  const flush = () => {
    const text = run.replace(/\s+/g, ' ').trim();
    if (text) pieces.push(text);
    run = '';
  };
  for (const child of parent.children) {
    if (child.type === 'element' && child.tagName === 'pre') {
      flush();
    } else if (child.type === 'element' && BLOCKS.has(child.tagName)) {
      flush();
      collectBlocks(child, pieces);
    } else if (child.type === 'element' || child.type === 'text') {
      run += textOf(child);
    }
  }
  flush();
}
