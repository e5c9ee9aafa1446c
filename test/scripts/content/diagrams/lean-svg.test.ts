/** A drawn diagram made lighter to render, the same to see (scripts/content/diagrams/lean-svg.ts). */
import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, test } from 'vitest';
import { leanSvg } from '../../../../scripts/content/diagrams/lean-svg.ts';

// Parsed as diagram-svg.ts parses mermaid's output.
const svgOf = (inner: string): Element =>
  (raw({ type: 'root', children: [{ type: 'raw', value: `<svg viewBox="0 0 10 10">${inner}</svg>` }] } as unknown as Root) as Root)
    .children[0] as Element;
const lean = (inner: string) => toHtml(leanSvg(svgOf(inner)));

describe('leanSvg', () => {
  test("a label's words, each in a plain <tspan>, become its line's text", () => {
    const word = (text: string) => `<tspan font-style="normal" class="text-inner-tspan" font-weight="normal">${text}</tspan>`;
    expect(lean(`<text><tspan class="text-outer-tspan row" x="0" dy="1.1em">${word('ACC,')}${word(' AC')}</tspan></text>`)).toBe(
      '<svg viewBox="0 0 10 10"><text><tspan class="text-outer-tspan row" x="0" dy="1.1em">ACC, AC</tspan></text></svg>',
    );
  });

  test('a word in italic or bold, or with other attributes, keeps its <tspan>', () => {
    for (const tspan of [
      '<tspan class="text-inner-tspan" font-style="italic" font-weight="normal">a</tspan>',
      '<tspan class="text-inner-tspan" font-style="normal" font-weight="bold">a</tspan>',
      '<tspan class="text-inner-tspan" dx="2">a</tspan>',
      '<tspan class="other">a</tspan>',
    ])
      expect(lean(`<text>${tspan}</text>`)).toBe(`<svg viewBox="0 0 10 10"><text>${tspan}</text></svg>`);
  });

  test('markers and filters nothing refers to go; those an attribute or a style refers to stay', () => {
    const html = lean(
      '<defs><marker id="pointEnd"></marker><marker id="crossEnd"></marker><filter id="shadow"></filter><filter id="glow"></filter></defs>' +
        '<path marker-end="url(#pointEnd)"></path><style>#a .node { filter: url(#glow) }</style>',
    );
    expect(html).toContain('id="pointEnd"');
    expect(html).toContain('id="glow"');
    expect(html).not.toContain('crossEnd');
    expect(html).not.toContain('shadow');
  });

  test('an empty <rect> without attributes goes; any other stays', () => {
    expect(lean('<g><rect></rect><rect class="background"></rect><rect width="4"></rect></g>')).toBe(
      '<svg viewBox="0 0 10 10"><g><rect class="background"></rect><rect width="4"></rect></g></svg>',
    );
  });
});
