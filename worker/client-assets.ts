/**
 * The client bundle's hashed file names, read from Vite's build manifest at Worker build
 * time: which script and preloads each page's <head> names; and the stylesheet's text, which
 * every page carries inline (vite.config.ts writes it), so no request stands before its first paint.
 */
import viteManifest from '../dist/client/.vite/manifest.json';
import inlineStyles from '../dist/client/.vite/inline-styles.json';
import type { DocumentAssets } from '../client/Document.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const chunks = viteManifest as Record<string, ManifestChunk>;
const ENTRY = 'client/entry-browser.tsx';

function collect(): DocumentAssets {
  const entry = chunks[ENTRY];
  if (!entry) throw new Error(`the client build has no ${ENTRY}: run \`npm run build\``);
  const styles = new Set(entry.css ?? []);
  const preloads = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks[name];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.css?.forEach((c) => styles.add(c));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const url = (file: string) => `/${file}`;
  // The inline copy replaces the stylesheet links; `</style` cannot end the element early.
  const css = inlineStyles.css.replace(/<\/style/gi, '<\\/style');
  return { scripts: [url(entry.file)], styles: css ? [] : [...styles].map(url), preloads: [...preloads].map(url), inlineCss: css };
}

export const CLIENT_ASSETS: DocumentAssets = collect();

/** FNV-1a, 32 bits: tells one stylesheet text from another. */
function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Changes with every client build, scripts or styles: part of each page's ETag. */
export const BUILD_ID = [...CLIENT_ASSETS.scripts, ...CLIENT_ASSETS.styles, textHash(CLIENT_ASSETS.inlineCss)].join(',');
