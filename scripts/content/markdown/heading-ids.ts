/**
 * Headings one level below the page's <h1>, never skipping a level, with unique GitHub-style ids and self-links.
 * Pure: changes the hast tree and returns the table of contents.
 */
import GithubSlugger, { slug as previewSlug } from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { TocItem } from '../../../contracts/kv-values.ts';

const HEADING = /^h([1-6])$/;

export function addHeadingIds(tree: Root): TocItem[] {
  const slugger = new GithubSlugger();
  const toc: TocItem[] = [];
  let previous = 1; // the page title
  visit(tree, 'element', (node) => {
    const level = HEADING.exec(node.tagName);
    if (!level) return;
    const depth = Math.min(Number(level[1]) + 1, 6, previous + 1);
    previous = depth;
    node.tagName = `h${depth}`;
    const text = textOf(node).trim();
    // A heading of punctuation only ("!!!") has no GitHub slug: name it "section" instead.
    const id = slugger.slug(previewSlug(text) === '' ? 'section' : text);
    node.properties.id = id;
    node.children.push(anchorLink(id, text));
    toc.push({ depth, id, text });
    return 'skip'; // the link just added holds no heading to visit
  });
  return toc;
}

/** `<a class="heading-anchor" href="#id" aria-label="Link to this section: Text">#</a>` */
function anchorLink(id: string, text: string): Element {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to this section: ${text}` },
    children: [{ type: 'text', value: '#' }],
  };
}
