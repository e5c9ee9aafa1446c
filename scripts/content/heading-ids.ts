/**
 * Headings: the page title is the page's only <h1>, so the body's headings move one level
 * down (markdown `#` becomes <h2>, `######` stays <h6>). Every heading gets a GitHub-style id,
 * unique within the page (`setup`, `setup-1`, …), and the table of contents lists them in
 * document order.
 */
import GithubSlugger, { slug as previewSlug } from 'github-slugger';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Root } from 'hast';
import type { TocItem } from '../../worker/kv-schema.ts';

const HEADING = /^h([1-6])$/;

export function addHeadingIds(tree: Root): TocItem[] {
  const slugger = new GithubSlugger();
  const toc: TocItem[] = [];
  visit(tree, 'element', (node) => {
    const level = HEADING.exec(node.tagName);
    if (!level) return;
    const depth = Math.min(Number(level[1]) + 1, 6);
    node.tagName = `h${depth}`;
    const text = toString(node).trim();
    // A heading of punctuation only ("!!!") has no GitHub slug: name it "section" instead.
    const id = slugger.slug(previewSlug(text) === '' ? 'section' : text);
    node.properties.id = id;
    toc.push({ depth, id, text });
  });
  return toc;
}
