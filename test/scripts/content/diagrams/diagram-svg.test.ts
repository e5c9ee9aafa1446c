/** A drawn diagram made safe, themed and sized for the page (scripts/content/diagrams/diagram-svg.ts). */
import { describe, expect, test } from 'vitest';
import { DIAGRAM_THEME_VARIABLES, diagramFigure, themeColours } from '../../../../scripts/content/diagrams/diagram-svg.ts';

const svg = (inner: string, attributes = 'viewBox="0 0 800 400"') =>
  `<svg id="diagram-1" width="100%" style="max-width: 800px;" ${attributes}>${inner}</svg>`;

describe('themeColours', () => {
  test('placeholders become CSS variables, a faded one a color-mix; other colours stay', () => {
    const { primaryColor, edgeLabelBackground, textColor } = DIAGRAM_THEME_VARIABLES;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(edgeLabelBackground.slice(i, i + 2), 16));
    expect(
      themeColours(`fill:${primaryColor.toUpperCase()};color:${textColor};background:rgba(${r}, ${g}, ${b}, 0.5);stroke:#123456`),
    ).toBe(
      'fill:var(--diagram-node);color:var(--diagram-text);background:color-mix(in srgb, var(--diagram-label-bg) 50%, transparent);stroke:#123456',
    );
  });

  test('every placeholder is distinct', () => {
    const values = Object.values(DIAGRAM_THEME_VARIABLES);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('diagramFigure', () => {
  test('a focusable, labelled figure; the SVG sized from its viewBox, never shrunk below 11 px labels', () => {
    const html = diagramFigure(svg(`<rect fill="${DIAGRAM_THEME_VARIABLES.primaryColor}"></rect>`), 'Flowchart diagram');
    expect(html).toMatch(/^<figure class="diagram diagram-drawn" tabindex="0" aria-label="Flowchart diagram"><svg /);
    expect(html).toContain('width="800"');
    expect(html).toContain('height="400"');
    // 800 × 11 / 16
    expect(html).toContain('style="min-width:550px"');
    expect(html).not.toContain('max-width');
    expect(html).toContain('<rect fill="var(--diagram-node)"></rect>');
  });

  test('scripts, event handlers, foreignObject and links out are removed; fragment links stay', () => {
    const html = diagramFigure(
      svg(
        '<script>alert(1)</script><g onclick="alert(2)"><a href="javascript:alert(3)"><text>x</text></a>' +
          '<foreignObject><div>html</div></foreignObject><use href="https://evil.example/x.svg#a"></use><use href="#marker"></use>' +
          '<path marker-end="url(#diagram-1_arrow)" d="M0 0"></path></g>',
      ),
      'Diagram',
    );
    expect(html).not.toMatch(/script|onclick|alert|foreignObject|<div|evil/);
    expect(html).toContain('<use href="#marker"></use>');
    expect(html).toContain('marker-end="url(#diagram-1_arrow)"');
    expect(html).toContain('<text>x</text>');
  });

  test.each([
    ['@import in <style>', '<style>@import url(https://evil.example/x.css);</style>'],
    ['an external url() in <style>', '<style>#diagram-1 .node{fill:url(https://evil.example/p.svg)}</style>'],
    ['expression() in a style attribute', '<rect style="width:expression(alert(1))"></rect>'],
  ])('%s is refused with what was found', (_what, inner) => {
    expect(() => diagramFigure(svg(inner), 'Diagram')).toThrow(/^unsafe CSS in the drawn diagram/);
  });

  test('url(#fragment) in CSS is fine', () => {
    expect(diagramFigure(svg('<style>#diagram-1 .p{stroke:url(#diagram-1-gradient)}</style>'), 'Diagram')).toContain(
      'url(#diagram-1-gradient)',
    );
  });

  test('an SVG without a usable viewBox is refused', () => {
    expect(() => diagramFigure(svg('', 'viewBox="0 0 0 0"'), 'Diagram')).toThrow(/no usable viewBox/);
    expect(() => diagramFigure('<p>not an svg</p>', 'Diagram')).toThrow(/no <svg> element/);
  });
});
