/**
 * Tables that scroll sideways by themselves, not the page: each table is wrapped in
 * `<div class="table-scroll" role="region" tabindex="0" aria-label="Table: …">`.
 *
 * - The stylesheet gives the wrapper the code blocks' edge shades, so a phone shows that more
 *   columns are beyond the edge.
 * - `tabindex` lets a keyboard reach the table and scroll it (axe: scrollable-region-focusable).
 * - The region's name, taken from the header row, tells a screen reader which table it is in.
 * - The table itself keeps `display: table`: a table restyled as a block loses its table role in
 *   some screen readers.
 *
 * Pure: mutates the given hast tree, after sanitising (the wrapper and its attributes are ours).
 */
import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';

export function wrapTables(tree: Root): void {
  visit(tree, 'element', (node, index, parent) => {
    if (node.tagName !== 'table' || !parent || index === undefined) return;
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['table-scroll'], role: 'region', tabIndex: 0, ariaLabel: tableLabel(node) },
      children: [node],
    };
    return SKIP;
  });
}

/** "Table: Sim, Telemetry, HUDs" from the cells of the table's first row; "Table" when they hold no text. */
export function tableLabel(table: Element): string {
  const firstRow = findElement(table, 'tr');
  const cells = (firstRow?.children ?? []).filter((cell): cell is Element => cell.type === 'element');
  const names = cells.map((cell) => textOf(cell).replace(/\s+/g, ' ').trim()).filter(Boolean);
  return names.length ? `Table: ${names.join(', ')}` : 'Table';
}

/** The first element named `tagName` under `parent`, depth first. */
function findElement(parent: Element, tagName: string): Element | undefined {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === tagName) return child;
    const found = findElement(child, tagName);
    if (found) return found;
  }
  return undefined;
}
