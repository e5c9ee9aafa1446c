/**
 * What sanitising removed from an article: the hast before and after compared at the same source positions.
 * Pure: two trees in, removals out.
 */
import type { Element, Root, RootContent } from 'hast';
import type { Schema } from 'hast-util-sanitize';
import { find, html } from 'property-information';

export interface Removal {
  /** 1-based line and column in the markdown given to the renderer (the body, not the file). */
  line: number;
  column: number;
  /** What was removed, as written: `<iframe src="…">`, `onerror="…" on <img>`. */
  what: string;
  why: string;
}

/**
 * Elements and attributes of `before` (positioned by hast-util-raw) with no twin at the same place in `after`.
 * Not reported: HTML comments, `id`/`name` prefixing (nothing lost), generated elements (no position).
 */
export function sanitizeRemovals(before: Root, after: Root, schema: Schema): Removal[] {
  const kept = new Map<string, Element>();
  walk(after, (node) => {
    const key = placeKey(node);
    if (key) kept.set(key, node);
    return true;
  });
  const removals: Removal[] = [];
  walk(before, (node) => {
    const key = placeKey(node);
    if (!key || !node.position) return true;
    const { line, column } = node.position.start;
    const twin = kept.get(key);
    if (!twin) {
      const stripped = (schema.strip ?? []).includes(node.tagName);
      removals.push({ line, column, what: openingTag(node), why: elementReason(node.tagName, stripped) });
      // A stripped element goes with its content: nothing below it needs its own line.
      return !stripped;
    }
    for (const [name, written] of Object.entries(node.properties)) {
      const value = lost(written, twin.properties[name]);
      if (value === undefined) continue;
      const attribute = find(html, name).attribute;
      const allowed = schema.protocols?.[name] ?? undefined;
      removals.push({
        line,
        column,
        what: `${attribute}="${shorten(attributeText(value))}" on <${node.tagName}>`,
        why: attributeReason(attribute, attributeText(value), allowed),
      });
    }
    return true;
  });
  return removals.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Visits elements depth first; `visit` returns false to skip an element's children. */
function walk(node: Root | RootContent, visit: (element: Element) => boolean): void {
  if (node.type === 'element' && !visit(node)) return;
  if ('children' in node) for (const child of node.children) walk(child, visit);
  if (node.type === 'element' && node.content) walk(node.content, visit);
}

function placeKey(node: Element): string | undefined {
  const start = node.position?.start;
  return start?.offset === undefined ? undefined : `${start.offset}:${node.tagName}`;
}

/** What of an attribute's value is gone: all of it, some tokens of a list (`class`), or nothing. */
function lost(before: unknown, after: unknown): unknown {
  const present = (value: unknown) => value !== undefined && value !== null && value !== false;
  if (!present(before)) return undefined;
  if (!present(after)) return before;
  if (Array.isArray(before) && Array.isArray(after)) {
    const gone = before.filter((token) => !after.includes(token));
    return gone.length > 0 ? gone : undefined;
  }
  return undefined;
}

const attributeText = (value: unknown): string => (Array.isArray(value) ? value.join(' ') : String(value));
/** Control characters shown escaped (a tab inside `java\tscript:` must be visible), long values cut. */
const shorten = (text: string): string => {
  const shown = text.replace(/[\u0000-\u001f]/g, (c) => JSON.stringify(c).slice(1, -1));
  return shown.length > 60 ? `${shown.slice(0, 57)}…` : shown;
};

function openingTag(node: Element): string {
  const attributes = Object.entries(node.properties)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) =>
      value === true ? ` ${find(html, name).attribute}` : ` ${find(html, name).attribute}="${shorten(attributeText(value))}"`,
    )
    .join('');
  return `<${node.tagName}${attributes}>`;
}

function elementReason(tagName: string, stripped: boolean): string {
  switch (tagName) {
    case 'script':
      return 'scripts never run in articles; removed with its content';
    case 'style':
      return "style elements are not allowed (the site's stylesheet styles articles); removed with its content";
    case 'iframe':
      return 'iframes are not allowed (nothing is shown in their place): link to the page instead';
    default:
      return `<${tagName}> is not an allowed element; ${stripped ? 'removed with its content' : 'its content is kept'} (allowed: scripts/content/markdown/sanitize-schema.ts)`;
  }
}

function attributeReason(attribute: string, value: string, protocols: readonly string[] | undefined): string {
  if (/^on/i.test(attribute)) return 'event handler attributes are not allowed (scripts never run in articles)';
  if (attribute === 'style') return "style attributes are not allowed (the site's stylesheet styles articles)";
  // Browsers ignore whitespace and control characters inside a URL's scheme.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\s\u0000-\u001f]/g, ''))?.[1]?.toLowerCase();
  if (scheme && protocols) {
    const result = attribute === 'href' ? 'the link text stays, without a link' : 'the element stays, without it';
    return `${scheme}: URLs are not allowed here (only ${protocols.join(', ')} and relative URLs); ${result}`;
  }
  return `the attribute ${attribute} is not allowed on this element`;
}
