/**
 * Fenced code blocks as the page shows them: mermaid diagram containers, sample placeholders, highlighted code.
 * Pure; runs after sanitising (this markup is ours).
 */

import type { Element, ElementContent, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import { sampleApiPath } from '../../../contracts/routes.ts';
import { highlightToHast, isUnknownLanguage } from './highlighter.ts';

export interface CodeBlockReport {
  hasDiagrams: boolean;
  /** Source of each mermaid diagram, in page order. */
  diagrams: string[];
  /** Paths of code-sample files the page embeds, relative to content/samples/. */
  samples: string[];
  /** Blocks tagged with a language the site does not colour, shown as plain text (highlighter.ts). */
  unknownLanguages: UnknownLanguage[];
}

export interface UnknownLanguage {
  lang: string;
  /** 1-based, in the markdown given to the renderer, where the block's source is known. */
  line?: number;
  column?: number;
}

interface Found {
  parent: Element | Root;
  index: number;
  lang: string | undefined;
  code: string;
  at: Element['position'];
}

/** Replaces every `<pre><code>` of the tree by its page form, and reports what the page then holds. */
export async function transformCodeBlocks(tree: Root): Promise<CodeBlockReport> {
  const found: Found[] = [];
  visit(tree, 'element', (node, index, parent) => {
    if (node.tagName !== 'pre' || index === undefined || !parent) return;
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    if (!code) return;
    found.push({ parent, index, lang: languageOf(code), code: textOf(code).replace(/\n$/, ''), at: node.position });
    return SKIP;
  });

  const report: CodeBlockReport = { hasDiagrams: false, diagrams: [], samples: [], unknownLanguages: [] };
  for (const block of found) {
    let replacement: Element;
    if (block.lang === 'mermaid') {
      report.hasDiagrams = true;
      report.diagrams.push(block.code);
      replacement = diagramPlaceholder(block.code);
    } else if (block.lang === 'sample') {
      const path = block.code.trim();
      report.samples.push(path);
      replacement = samplePlaceholder(path);
    } else {
      if (block.lang && (await isUnknownLanguage(block.lang)))
        report.unknownLanguages.push({
          lang: block.lang,
          ...(block.at ? { line: block.at.start.line, column: block.at.start.column } : {}),
        });
      replacement = await codeFrame(block.code, block.lang);
    }
    block.parent.children[block.index] = replacement;
  }
  return report;
}

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list
    .find((c) => c.startsWith('language-'))
    ?.slice('language-'.length)
    .toLowerCase();
}

const el = (tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });

/** Highlighted code in a frame with its label (the language, unless given) and a copy button. */
export async function codeFrame(code: string, lang: string | undefined, label?: string): Promise<Element> {
  const { pre, lang: used } = await highlightToHast(code, lang);
  label ??= used;
  return el('div', { className: ['code-block'], dataLang: used }, [
    el('div', { className: ['code-block-bar'] }, [
      el('span', { className: ['code-block-lang'] }, [text(label)]),
      el('button', { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', dataCopy: '' }, [text('Copy')]),
    ]),
    pre,
  ]);
}

/** A diagram's source, for drawn-diagrams.ts to replace or the client to draw. */
export function diagramPlaceholder(source: string): Element {
  return el('figure', { className: ['diagram'], dataDiagram: '' }, [
    // Focusable like shiki's blocks: until the diagram is drawn, or when it cannot be, the
    // source may be wider than the page and keyboard users must be able to scroll it.
    el('pre', { className: ['diagram-source'], tabIndex: 0 }, [el('code', {}, [text(source)])]),
  ]);
}

/** Where a code sample goes, with its download link; `children` is the highlighted file. */
export function samplePlaceholder(path: string, children: ElementContent[] = []): Element {
  const href = sampleApiPath(path);
  return el('div', { className: ['code-sample'], dataSample: path }, [
    el('p', { className: ['code-sample-file'] }, [
      text('Code sample: '),
      el('a', { href, download: path.split('/').pop() ?? path }, [text(path)]),
    ]),
    ...children,
  ]);
}
