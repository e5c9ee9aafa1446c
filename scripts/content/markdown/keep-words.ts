/**
 * Hyphenated words in headings wrapped in `<span class="keep-word">`, so a narrow screen never breaks at the hyphen.
 * Pure: changes the hast tree, after sanitising (the span is ours).
 */
import type { Element, ElementContent, Root, Text } from 'hast';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

export function keepHyphenatedWords(tree: Root): void {
  const visit = (node: Root | Element, inHeading: boolean) => {
    node.children = node.children.flatMap((child): ElementContent[] => {
      if (child.type === 'element') {
        visit(child, inHeading || HEADINGS.has(child.tagName));
        return [child];
      }
      if (child.type === 'text' && inHeading) return splitText(child);
      return [child as ElementContent];
    }) as typeof node.children;
  };
  visit(tree, false);
}

function splitText(node: Text): ElementContent[] {
  const out: ElementContent[] = [];
  let last = 0;
  for (const match of node.value.matchAll(HYPHENATED)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ type: 'text', value: node.value.slice(last, at) });
    out.push({ type: 'element', tagName: 'span', properties: { className: ['keep-word'] }, children: [{ type: 'text', value: match[0] }] });
    last = at + match[0].length;
  }
  if (last === 0) return [node];
  if (last < node.value.length) out.push({ type: 'text', value: node.value.slice(last) });
  return out;
}
