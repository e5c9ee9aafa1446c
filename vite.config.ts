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
    // No preload helper in the entry: React's chunk names its two small imports itself, and
    // the helper would cost every page more bytes than the round trip it saves at first intent.
    modulePreload: false,
    // Vite's generic 500 kB warning fires only on mermaid's chunks (its parser with every diagram
    // grammar, and cytoscape), which load on demand on pages with a diagram. What a page
    // costs is judged by scripts/report-client-weight.ts, which fails the build over budget; the
    // limit stays, with room above mermaid, to flag a chunk that grows far beyond it.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      input: ENTRY,
    },
  },
});
