/**
 * Builds the browser bundle from client/entry-browser.tsx into dist/client, with hashed file
 * names and a manifest that the Worker reads to name them in each page's <head>.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: 'client/public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: 'client/entry-browser.tsx',
    },
  },
});
