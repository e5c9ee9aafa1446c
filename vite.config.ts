/**
 * Builds the browser bundle into dist/client: hashed files, a manifest the Worker reads, and the entry's stylesheet as
 * .vite/inline-styles.json, which every page carries inline (docs/performance.md). Writes dist/client.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { systemThemeCss } from './scripts/system-theme-css.ts';

const ENTRY = 'client/entry-browser.tsx';

function inlineStyles(): Plugin {
  return {
    name: 'race-element:inline-styles',
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith(ENTRY));
      if (entry?.type !== 'chunk') throw new Error(`inline-styles: no entry chunk for ${ENTRY}`);
      const css = [...(entry.viteMetadata?.importedCss ?? [])].map((file) => {
        const asset = bundle[file];
        if (asset?.type !== 'asset') throw new Error(`inline-styles: ${file} is not in the bundle`);
        return String(asset.source);
      });
      const dir = join(options.dir!, '.vite');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'inline-styles.json'), JSON.stringify({ css: css.join('\n') }));
    },
  };
}

export default defineConfig({
  publicDir: 'client/public',
  plugins: [inlineStyles()],
  // Without a theme cookie the page follows prefers-color-scheme (scripts/system-theme-css.ts).
  css: { postcss: { plugins: [systemThemeCss()] } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No preload helper in the entry: only mermaid's chunks are imported on demand, on the rare
    // page whose diagram upload could not draw.
    modulePreload: false,
    // Vite's generic 500 kB warning fires only on mermaid's chunks (its parser with every diagram
    // grammar, and cytoscape), which load on demand on pages with a diagram. What a page
    // costs is judged by scripts/report-client-weight.ts, which fails the build over budget; the
    // limit stays, with room above mermaid, to flag a chunk that grows far beyond it.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      input: ENTRY,
      // The page's inline script calls the entry's `start` (client/paint-first.ts): kept. Mermaid's
      // chunks may import Vite's preload helper from it, so the entry stays one request.
      preserveEntrySignatures: 'allow-extension',
    },
  },
});
