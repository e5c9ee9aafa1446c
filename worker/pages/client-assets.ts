/**
 * The client bundle's hashed file names, read from Vite's build manifest at Worker build
 * time: which script and preloads each page's <head> names (a lazy route's chunk on that page
 * only); and the stylesheet's text, which every page carries inline (vite.config.ts writes
 * it), so no request stands before its first paint.
 */

import type { DocumentAssets } from '../../client/Document.tsx';
import { LAZY_ROUTE_FILES, type LazyKind } from '../../client/lazy-routes.ts';
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

/** Adds a chunk's file and those of its static imports, transitively, and their stylesheets. */
function addWithImports(name: string, files: Set<string>, styles?: Set<string>): void {
  const chunk = chunks[name];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const c of chunk.css ?? []) styles?.add(c);
  for (const imported of chunk.imports ?? []) addWithImports(imported, files, styles);
}

function collect(): DocumentAssets {
  const entry = chunks[ENTRY];
  if (!entry) throw new Error(`the client build has no ${ENTRY}: run \`npm run build\``);
  const styles = new Set(entry.css ?? []);
  const preloads = new Set<string>();
  for (const name of entry.imports ?? []) addWithImports(name, preloads, styles);
  // The inline copy replaces the stylesheet links; `</style` cannot end the element early.
  const css = inlineStyles.css.replace(/<\/style/gi, '<\\/style');
  return {
    scripts: [url(entry.file)],
    styles: css ? [] : [...styles].map(url),
    preloads: [...preloads].map(url),
    lazyRoutePreloads: lazyRoutePreloads(entry, new Set([entry.file, ...preloads])),
    inlineCss: css,
  };
}

/** Each lazy route's chunk and its static imports, less what every page loads already. */
function lazyRoutePreloads(entry: ManifestChunk, everyPage: Set<string>): DocumentAssets['lazyRoutePreloads'] {
  const byKind = {} as DocumentAssets['lazyRoutePreloads'];
  for (const [kind, module] of Object.entries(LAZY_ROUTE_FILES) as [LazyKind, string][]) {
    // Without a chunk of its own the page would be in the entry after all: a build gone wrong.
    if (!chunks[module]?.isDynamicEntry || !entry.dynamicImports?.includes(module)) {
      throw new Error(`the client build has no chunk of its own for ${module}: see client/lazy-routes.ts`);
    }
    const files = new Set(everyPage);
    addWithImports(module, files);
    byKind[kind] = [...files].filter((file) => !everyPage.has(file)).map(url);
  }
  return byKind;
}

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
    ...CLIENT_ASSETS.scripts,
    ...Object.values(CLIENT_ASSETS.lazyRoutePreloads).flat(),
    ...CLIENT_ASSETS.styles,
    textHash(CLIENT_ASSETS.inlineCss),
  ].join(','),
);
