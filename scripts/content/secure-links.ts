/**
 * Links that open a new tab get `rel="noopener noreferrer"` so the opened page cannot reach
 * back into ours; external links without a target keep the author's choice. Images are
 * lazy-loaded so they never hold up the first paint.
 */

import type { Root } from 'hast';
import { visit } from 'unist-util-visit';

export function secureLinks(tree: Root): void {
  visit(tree, 'element', (node) => {
    const target = node.properties.target;
    if (node.tagName === 'a' && target !== undefined && target !== '_self') {
      node.properties.rel = ['noopener', 'noreferrer'];
    }
    if (node.tagName === 'img') {
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
    }
  });
}
