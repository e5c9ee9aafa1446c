/**
 * A drawn diagram made lighter for a phone to render, the same to see. Pure: a hast <svg> element in, a new one out.
 */
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';

/**
 * Mermaid's labels hold each word in a <tspan> of its own with the default font style and weight: each word is then
 * merged into its line's text. Markers and filters nothing refers to (mermaid defines every arrow head of a diagram
 * type) and empty <rect>s without attributes are dropped. On the phone flow's phone a diagram's elements are most of
 * its guide's render (docs/performance.md).
 */
export function leanSvg(svg: Element): Element {
  const markup = toHtml(svg);
  const used = (id: unknown) => typeof id === 'string' && markup.includes(`url(#${id})`);
  const lean = (node: Element): Element => ({ ...node, children: node.children.flatMap(leanChild) });
  const leanChild = (child: ElementContent): ElementContent[] => {
    if (child.type !== 'element') return [child];
    if ((child.tagName === 'marker' || child.tagName === 'filter') && !used(child.properties.id)) return [];
    if (child.tagName === 'rect' && Object.keys(child.properties).length === 0 && child.children.length === 0) return [];
    if (isPlainWord(child)) return child.children;
    return [lean(child)];
  };
  return lean(svg);
}

/** A word's <tspan>: class text-inner-tspan, normal style and weight, text only. */
function isPlainWord(node: Element): boolean {
  const { className, fontStyle, fontWeight, ...others } = node.properties;
  return (
    node.tagName === 'tspan' &&
    Array.isArray(className) &&
    className.join(' ') === 'text-inner-tspan' &&
    (fontStyle ?? 'normal') === 'normal' &&
    (fontWeight ?? 'normal') === 'normal' &&
    Object.keys(others).length === 0 &&
    node.children.every((child) => child.type === 'text')
  );
}
