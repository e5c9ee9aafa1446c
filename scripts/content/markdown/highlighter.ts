/**
 * Syntax highlighting with shiki's JavaScript regex engine and a fixed set of languages, loaded once per process.
 * Both themes as CSS variables, so switching theme needs no re-render. No I/O.
 */

import type { Element, Root } from 'hast';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

/** The languages coloured, by shiki's names (their usual aliases, `batch`, `sh`, `ts`…, work too). */
export const COLOURED_LANGUAGES = [
  'bat',
  'powershell',
  'shellscript',
  'json',
  'yaml',
  'ini',
  'toml',
  'xml',
  'html',
  'css',
  'javascript',
  'typescript',
  'csharp',
  'markdown',
  'diff',
] as const;

const THEMES = { dark: 'github-dark', light: 'github-light' } as const;

/**
 * The two token colours of these themes that miss WCAG AA (4.5:1) on their own background,
 * replaced by GitHub's nearest greys and oranges that meet it: dark comments (#6a737d, 3.05:1
 * on #24292e → 5.34:1) and light variables (#e36209, 3.49:1 on #fff → 5.03:1).
 */
const COLOR_REPLACEMENTS = {
  'github-dark': { '#6a737d': '#959da5' },
  'github-light': { '#e36209': '#bc4c00' },
};

let highlighter: Promise<HighlighterCore> | undefined;

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-dark.mjs'), import('shiki/themes/github-light.mjs')],
    langs: COLOURED_LANGUAGES.map((name) => import(`shiki/langs/${name}.mjs`)),
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** Names that ask for plain text on purpose: a block tagged so is not a misspelt language. */
const PLAIN_TEXT = new Set(['text', 'txt', 'plain', 'plaintext']);

/**
 * Whether a code block tagged `lang` is coloured, or shown as plain text because the name is
 * none of COLOURED_LANGUAGES or their aliases (a typo, or a language the site does not load).
 * No tag, or a plain-text tag, is not unknown.
 */
export async function isUnknownLanguage(lang: string | undefined): Promise<boolean> {
  if (!lang || PLAIN_TEXT.has(lang.toLowerCase())) return false;
  return !(await getHighlighter()).getLoadedLanguages().includes(lang.toLowerCase());
}

/**
 * Highlights `code` as `lang`; an unknown or missing language is shown as plain text.
 * Returns the `<pre>` element and the language actually used.
 */
export async function highlightToHast(code: string, lang: string | undefined): Promise<{ pre: Element; lang: string }> {
  const h = await getHighlighter();
  const resolved = lang && h.getLoadedLanguages().includes(lang.toLowerCase()) ? lang.toLowerCase() : 'text';
  const root = h.codeToHast(code, { lang: resolved, themes: THEMES, defaultColor: 'dark', colorReplacements: COLOR_REPLACEMENTS }) as Root;
  const pre = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'pre');
  if (!pre) throw new Error('shiki returned no <pre> element');
  return { pre, lang: resolved };
}
