/**
 * Code samples highlighted at upload: each sample placeholder in an entry's HTML gets its file, coloured by shiki.
 * Pure apart from shiki's lazy start; the placeholder is matched by the exact HTML code-blocks.ts makes.
 */
import { toHtml } from 'hast-util-to-html';
import { codeFrame, samplePlaceholder } from './code-blocks.ts';
import type { RenderedMarkdown } from './render-markdown.ts';

/** File extension → shiki language; anything else is shown as plain text. */
const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  bat: 'bat',
  cmd: 'bat',
  ps1: 'powershell',
  psm1: 'powershell',
  sh: 'shellscript',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  ini: 'ini',
  cfg: 'ini',
  toml: 'toml',
  xml: 'xml',
  html: 'html',
  css: 'css',
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  cs: 'csharp',
  md: 'markdown',
  diff: 'diff',
};

export function sampleLanguage(path: string): string | undefined {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : LANGUAGE_BY_EXTENSION[extension];
}

/**
 * `rendered` with every sample it names shown inline. A sample missing from `files` is left as
 * its placeholder: build-entries.ts reports it as a problem before anything is published.
 */
export async function embedSamples(rendered: RenderedMarkdown, files: ReadonlyMap<string, string>): Promise<RenderedMarkdown> {
  let html = rendered.html;
  for (const path of new Set(rendered.samples)) {
    const content = files.get(path);
    if (content === undefined) continue;
    const frame = await codeFrame(content.replace(/\r?\n$/, ''), sampleLanguage(path), path.split('/').pop() ?? path);
    const filled = samplePlaceholder(path, [frame]);
    // Marked as filled: a browser still running an older client (which fetched samples itself)
    // leaves it alone.
    filled.properties.dataSampleState = 'embedded';
    html = html.split(toHtml(samplePlaceholder(path))).join(toHtml(filled));
  }
  return { ...rendered, html };
}
