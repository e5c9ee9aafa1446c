/** New-tab links get `rel="noopener noreferrer"`; images load lazily so they never hold up the first paint. Pure. */

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
