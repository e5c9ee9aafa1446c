/** Markdown to syntax trees as every step of the pipeline reads it: GFM, and raw HTML parsed with its positions. Pure. */
import type { Root as Hast } from 'hast';
import { raw } from 'hast-util-raw';
import type { Root as Mdast } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { VFile } from 'vfile';

export const markdownTree = (markdown: string): Mdast =>
  fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** `mdast` as HTML elements, raw HTML included; `markdown` is its source, for positions. */
export const htmlTree = (mdast: Mdast, markdown: string): Hast =>
  raw(toHast(mdast, { allowDangerousHtml: true }) as Hast, { file: new VFile(markdown) }) as Hast;
