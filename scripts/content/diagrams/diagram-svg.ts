/**
 * A mermaid SVG made fit to serve inline: its placeholder colours as CSS variables, sanitised, sized for its labels.
 * Pure: SVG text in, the figure's HTML out; throws an Error saying what it refused.
 */

import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { type Schema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { leanSvg } from './lean-svg.ts';

/** Mermaid's font size (px) and the smallest a label may be shown at (CSS px). */
const FONT_PX = 16;
const MIN_LABEL_PX = 11;

/**
 * Each mermaid theme variable the site's diagrams use, and the CSS variable it becomes. The
 * placeholder colours are #0N0Mf0-like values no diagram would choose; every variable is set,
 * so mermaid derives no colour of its own from them.
 */
const ROLES = {
  background: 'bg',
  primaryColor: 'node',
  mainBkg: 'node',
  actorBkg: 'node',
  labelBoxBkgColor: 'node',
  activationBkgColor: 'node',
  secondaryColor: 'surface',
  tertiaryColor: 'surface',
  clusterBkg: 'surface',
  noteBkgColor: 'surface',
  edgeLabelBackground: 'label-bg',
  primaryTextColor: 'text',
  secondaryTextColor: 'text',
  tertiaryTextColor: 'text',
  textColor: 'text',
  nodeTextColor: 'text',
  titleColor: 'text',
  actorTextColor: 'text',
  signalTextColor: 'text',
  labelTextColor: 'text',
  loopTextColor: 'text',
  noteTextColor: 'text',
  primaryBorderColor: 'border',
  secondaryBorderColor: 'border',
  tertiaryBorderColor: 'border',
  nodeBorder: 'border',
  clusterBorder: 'rule',
  actorBorder: 'border',
  labelBoxBorderColor: 'border',
  activationBorderColor: 'border',
  noteBorderColor: 'rule',
  lineColor: 'line',
  signalColor: 'line',
  actorLineColor: 'line',
  sequenceNumberColor: 'bg',
} as const;

type ThemeVariable = keyof typeof ROLES;

const placeholder = (i: number): string => `#${(0x0100f0 + i * 0x1000).toString(16).padStart(6, '0')}`;

/** What mermaid is given as `themeVariables` (with `theme: 'base'`). */
export const DIAGRAM_THEME_VARIABLES: Record<ThemeVariable, string> = Object.fromEntries(
  (Object.keys(ROLES) as ThemeVariable[]).map((name, i) => [name, placeholder(i)]),
) as Record<ThemeVariable, string>;

/** Placeholder → CSS variable, by lower-case hex and by its `r, g, b` triple. */
const BY_HEX = new Map<string, string>();
const BY_RGB = new Map<string, string>();
for (const [name, hex] of Object.entries(DIAGRAM_THEME_VARIABLES)) {
  const cssVar = `var(--diagram-${ROLES[name as ThemeVariable]})`;
  BY_HEX.set(hex, cssVar);
  BY_RGB.set([1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(','), cssVar);
}

/** Placeholder colours, as hex or as rgb()/rgba() (mermaid fades some), become CSS variables. */
export function themeColours(text: string): string {
  return text
    .replace(/#[0-9a-f]{6}\b/gi, (hex) => BY_HEX.get(hex.toLowerCase()) ?? hex)
    .replace(/rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)/gi, (whole, r, g, b, alpha) => {
      const cssVar = BY_RGB.get(`${r},${g},${b}`);
      if (!cssVar) return whole;
      return alpha === undefined || Number(alpha) >= 1
        ? cssVar
        : `color-mix(in srgb, ${cssVar} ${Math.round(Number(alpha) * 100)}%, transparent)`;
    });
}

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'style',
  'symbol',
  'marker',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'filter',
  'feDropShadow',
];
const SVG_ATTRIBUTES = [
  'id',
  'className',
  'style',
  'xmlns',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'dx',
  'dy',
  'd',
  'points',
  'transform',
  'fill',
  'fillOpacity',
  'fillRule',
  'clipRule',
  'clipPath',
  'stroke',
  'strokeWidth',
  'strokeOpacity',
  'strokeDasharray',
  'strokeLinecap',
  'strokeLinejoin',
  'opacity',
  'markerStart',
  'markerMid',
  'markerEnd',
  'markerUnits',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'textAnchor',
  'dominantBaseline',
  'alignmentBaseline',
  'fontSize',
  'fontFamily',
  'fontWeight',
  'fontStyle',
  'textLength',
  'lengthAdjust',
  'preserveAspectRatio',
  'gradientUnits',
  'offset',
  'stopColor',
  'stopOpacity',
  'stdDeviation',
  'floodColor',
  'floodOpacity',
  'filter',
  'href',
  'role',
  'ariaRoleDescription',
  'ariaLabel',
  'ariaLabelledBy',
  'ariaDescribedBy',
  'ariaHidden',
];
const SVG_SCHEMA: Schema = {
  tagNames: SVG_TAGS,
  attributes: { '*': SVG_ATTRIBUTES },
  // Mermaid's CSS and markers refer to the ids it gave: keep them as they are.
  clobber: [],
  clobberPrefix: '',
  strip: ['script', 'foreignObject'],
  // href: only fragments (`#marker-id`) are kept, by checkAll below.
  required: {},
  ancestors: {},
};

/** CSS that can fetch, run or escape its element is refused, with what was found. */
function checkCss(css: string, where: string): void {
  const bad = /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|<\/|\\/i.exec(css) ?? /url\(\s*['"]?(?!#)/i.exec(css);
  if (bad) throw new Error(`unsafe CSS in the drawn diagram (${where}): "${bad[0]}"`);
}

/**
 * The figure for one drawn diagram: sanitised, themed, sized. `label` names it for screen
 * readers (the figure is focusable, for scrolling).
 */
export function diagramFigure(svgText: string, label: string): string {
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: svgText }] } as unknown as Root) as Root;
  const clean = sanitize(tree, SVG_SCHEMA) as Root;
  const drawn = clean.children.find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  if (!drawn) throw new Error('mermaid returned no <svg> element');
  const svg = leanSvg(drawn);

  const viewBox = String(svg.properties.viewBox ?? '')
    .split(/[\s,]+/)
    .map(Number);
  const [width, height] = [viewBox[2], viewBox[3]];
  if (viewBox.length !== 4 || !width || !height || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new Error(`the drawn diagram has no usable viewBox ("${String(svg.properties.viewBox ?? '')}")`);
  }
  checkAll(svg);
  svg.properties.width = Math.ceil(width);
  svg.properties.height = Math.ceil(height);
  // Shrinks with the column down to the width that keeps labels at 11 px, never below.
  svg.properties.style = `min-width:${Math.ceil((width * MIN_LABEL_PX) / FONT_PX)}px`;
  const figure: Element = {
    type: 'element',
    tagName: 'figure',
    properties: { className: ['diagram', 'diagram-drawn'], tabIndex: 0, ariaLabel: label },
    children: [svg],
  };
  return themeColours(toHtml(figure));
}

/** Every style attribute and <style> element passes checkCss; a link that is not a fragment goes. */
function checkAll(node: Element): void {
  if (typeof node.properties.style === 'string') checkCss(node.properties.style, `style of <${node.tagName}>`);
  if (node.properties.href !== undefined && !String(node.properties.href).startsWith('#')) delete node.properties.href;
  for (const child of node.children) {
    if (child.type === 'text' && node.tagName === 'style') checkCss(child.value, '<style>');
    if (child.type === 'element') checkAll(child);
  }
}
