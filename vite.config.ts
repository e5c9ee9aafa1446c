/**
 * Builds the browser bundle into dist/client: hashed files, a manifest the Worker reads, and the entry's stylesheet as
 * .vite/inline-styles.json, which every page carries inline (docs/performance.md). Writes dist/client.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { headingFont } from './scripts/build/heading-font.ts';
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

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps each dynamic import in its preload helper (1.9 KB, in the entry), which preloads a chunk's imports and CSS
 * and dispatches `vite:preloadError` when the import fails. This build preloads no script (`modulePreload: false`),
 * and the only CSS a chunk names is the entry's, which every page has inline already (the full helper would link it
 * again): so the helper keeps only the event. `writeBundle` checks that no chunk names anything else.
 */
function errorOnlyPreloadHelper(): Plugin {
  return {
    name: 'race-element:error-only-preload-helper',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER) return null;
      return [
        'export const __vitePreload = (load) =>',
        '  load().catch((error) => {',
        "    const event = new Event('vite:preloadError', { cancelable: true });",
        '    event.payload = error;',
        '    window.dispatchEvent(event);',
        '    if (!event.defaultPrevented) throw error;',
        '  });',
      ].join('\n');
    },
    writeBundle(_, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const inline = new Set(entry?.type === 'chunk' ? entry.viteMetadata?.importedCss : []);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [, list] of chunk.code.matchAll(/__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/g)) {
          const named = (JSON.parse(list!) as string[]).filter((file) => !inline.has(file));
          if (named.length) throw new Error(`error-only preload helper: ${chunk.fileName} would preload ${named.join(', ')}`);
        }
      }
    },
  };
}

export default defineConfig({
  publicDir: 'client/public',
  plugins: [errorOnlyPreloadHelper(), headingFont(), inlineStyles()],
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
