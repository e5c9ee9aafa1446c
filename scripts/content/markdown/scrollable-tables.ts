/**
 * Wraps each table in a focusable region named by its header row, so the table scrolls sideways, not the page.
 * Pure: changes the hast tree, after sanitising (the wrapper is ours).
 */
import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';

/** Wraps rather than restyles: a table shown as a block loses its table role in some screen readers. */
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
