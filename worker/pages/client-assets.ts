/**
 * The client entry's hashed file name and the stylesheet's text, read from Vite's build output at Worker build time.
 * Pure data.
 */

import type { DocumentAssets } from '../../client/Document.tsx';
import inlineStyles from '../../dist/client/.vite/inline-styles.json';
import viteManifest from '../../dist/client/.vite/manifest.json';

/** One chunk of Vite's build manifest, as far as the site reads it (also scripts/client-weight.ts). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const chunks = viteManifest as Record<string, ManifestChunk>;
const ENTRY = 'client/entry-browser.tsx';
const url = (file: string) => `/${file}`;

function collect(): DocumentAssets {
  const entry = chunks[ENTRY];
  if (!entry) throw new Error(`the client build has no ${ENTRY}: run \`npm run build\``);
  // The inline copy replaces the stylesheet links; `</style` cannot end the element early.
  const css = inlineStyles.css.replace(/<\/style/gi, '<\\/style');
  return { scripts: [url(entry.file)], styles: css ? [] : (entry.css ?? []).map(url), inlineCss: css };
}

/** What every page names: the entry it imports once painted, and the stylesheet it carries inline. */
export const CLIENT_ASSETS: DocumentAssets = collect();

/** FNV-1a, 32 bits: tells one stylesheet text from another. */
function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Changes with every client build, scripts or styles: named in every page payload, so part of each page's ETag. */
export const BUILD_ID = textHash(
  [
    // Every chunk, not only the entry: a new mermaid chunk is a new client too.
    ...Object.values(chunks)
      .map((chunk) => chunk.file)
      .sort(),
    ...CLIENT_ASSETS.styles,
    textHash(CLIENT_ASSETS.inlineCss),
  ].join(','),
);
