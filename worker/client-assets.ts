/**
 * The client bundle's hashed file names, read from Vite's build manifest at Worker build
 * time: which script, stylesheets and preloads each page's <head> names.
 */
import viteManifest from '../dist/client/.vite/manifest.json';
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
  return { scripts: [url(entry.file)], styles: [...styles].map(url), preloads: [...preloads].map(url) };
}

export const CLIENT_ASSETS: DocumentAssets = collect();

/** Changes with every client build: part of each page's ETag. */
export const BUILD_ID = CLIENT_ASSETS.scripts.join(',');
