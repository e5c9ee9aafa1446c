/**
 * Tables wrapped in focusable scrolling regions named by their header row. Unit.
 */
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, test } from 'vitest';
import { tableLabel, wrapTables } from '../../../../scripts/content/markdown/scrollable-tables.ts';

const el = (tagName: string, children: (Element | string)[] = []): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
});
const table = (header: string[], row: string[]) =>
  el('table', [
    el('thead', [
      el(
        'tr',
        header.map((h) => el('th', [h])),
      ),
    ]),
    el('tbody', [
      el(
        'tr',
        row.map((d) => el('td', [d])),
      ),
    ]),
  ]);
const root = (...children: Element[]): Root => ({ type: 'root', children });

describe('wrapTables', () => {
  test('wraps each table in a focusable region named by its header row', () => {
    const tree = root(el('p', ['Before']), table(['Sim', 'HUDs'], ['ACC', 'yes']), el('p', ['After']));
    wrapTables(tree);
    expect(toHtml(tree)).toBe(
      '<p>Before</p>' +
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Table: Sim, HUDs">' +
        '<table><thead><tr><th>Sim</th><th>HUDs</th></tr></thead><tbody><tr><td>ACC</td><td>yes</td></tr></tbody></table>' +
        '</div><p>After</p>',
    );
  });

  test('tables inside other elements are wrapped where they stand, each once', () => {
    const tree = root(el('blockquote', [table(['A'], ['1'])]), table(['B'], ['2']));
    wrapTables(tree);
    const out = toHtml(tree);
    expect(out.match(/class="table-scroll"/g)).toHaveLength(2);
    expect(out).toMatch(/^<blockquote><div class="table-scroll"[^>]*><table>/);
  });

  test('a tree without tables is left as it was', () => {
    const tree = root(el('p', ['Just text']));
    wrapTables(tree);
    expect(toHtml(tree)).toBe('<p>Just text</p>');
  });
});

describe('tableLabel', () => {
  test('names the first row’s cells, with their whitespace collapsed', () => {
    expect(tableLabel(table(['Game ', '\n Telemetry\n'], ['ACC', 'UDP']))).toBe('Table: Game, Telemetry');
  });

  test('is "Table" when the first row holds no text, or there is no row', () => {
    expect(tableLabel(table(['', ' '], ['1', '2']))).toBe('Table');
    expect(tableLabel(el('table'))).toBe('Table');
  });
});
