/**
 * What each kind of page downloads from the client build, read from Vite's manifest: for the build report, bench and tests.
 * Disk I/O: reads the manifest and the built files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ManifestChunk as Chunk } from '../worker/pages/client-assets.ts';
import { intersect, parseUnicodeRange } from './build/heading-font-ranges.ts';

export const CLIENT_OUT = 'dist/client';
/** The most JavaScript an article page may download, gzip -9, in bytes. */
export const ARTICLE_JS_BUDGET_BYTES = 70_000;
const ENTRY = 'client/entry-browser.tsx';

/** The chunks the entry imports on an intent or for a page that needs them (client/entry-browser.tsx). */
const CHUNKS = {
  search: 'client/browser/search-box.ts',
  toc: 'client/browser/toc-highlight.ts',
  diagrams: 'client/browser/diagrams.ts',
} as const;

export interface ClientFiles {
  /** Scripts every page loads once painted: the entry and its static imports (no React). */
  baseJs: Set<string>;
  /** The file of each chunk loaded later: search results, contents highlight, diagrams. */
  chunks: Record<keyof typeof CHUNKS, string>;
  /** Scripts a page with a (flowchart) diagram loads: the above, the diagrams chunk and mermaid's chunks. */
  diagramJs: Set<string>;
  css: string[];
  /**
   * The woff2 files the stylesheets name for ASCII text (what a current browser fetches for a page in English); a
   * heading with other latin letters adds the heading font's rest-of-latin face.
   */
  fonts: string[];
}

/** The files each kind of page downloads, read from the Vite manifest in `outDir`. */
export function clientFiles(outDir = CLIENT_OUT): ClientFiles {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${ENTRY} is not in the Vite manifest: run vite build first`);

  /** Files a chunk needs before it runs: itself and its static imports, transitively. */
  const closure = (names: string[], seen = new Set<string>()): Set<string> => {
    for (const name of names) {
      const chunk = manifest[name];
      if (!chunk || seen.has(chunk.file)) continue;
      seen.add(chunk.file);
      closure(chunk.imports ?? [], seen);
    }
    return seen;
  };

  const baseJs = closure([ENTRY]);
  const chunkFile = (name: string): string => {
    const chunk = manifest[name];
    if (!chunk || !entry.dynamicImports?.includes(name)) throw new Error(`${name} is not a chunk the entry imports: see ${ENTRY}`);
    return chunk.file;
  };
  const chunks = Object.fromEntries(Object.entries(CHUNKS).map(([key, name]) => [key, chunkFile(name)])) as ClientFiles['chunks'];
  const mermaidEntry = (manifest[CHUNKS.diagrams]?.dynamicImports ?? []).filter((name) => name.includes('mermaid'));
  // Mermaid loads each diagram type on demand; our content draws flowcharts.
  const flowchart = Object.keys(manifest).filter((name) => /flowDiagram/.test(name));
  const diagramJs = new Set([...baseJs, ...closure([CHUNKS.diagrams, ...mermaidEntry, ...flowchart])]);
  const css = entry.css ?? [];
  const fonts = css.flatMap((file) => asciiFonts(readFileSync(join(outDir, file), 'utf8')));
  return { baseJs, chunks, diagramJs, css, fonts: [...new Set(fonts)] };
}

const ASCII = parseUnicodeRange('U+0020-007E');

/** The woff2 of each @font-face whose unicode-range (when it has none: every code point) has some ASCII. */
function asciiFonts(css: string): string[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body]) => {
    const range = /unicode-range:\s*([^;]+)/.exec(body!)?.[1];
    if (range && intersect(parseUnicodeRange(range), ASCII).length === 0) return [];
    return [...body!.matchAll(/url\(\/?([^)]+\.woff2)\)/g)].map((m) => m[1]!);
  });
}

export interface Weight {
  raw: number;
  gzip: number;
  brotli: number;
}

export const gzipSize = (bytes: Uint8Array | string): number => gzipSync(bytes, { level: 9 }).length;

/** Raw, gzip (level 9) and brotli bytes of some files of the build. */
export function weigh(files: Iterable<string>, outDir = CLIENT_OUT): Weight {
  let raw = 0,
    gzip = 0,
    brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(join(outDir, file));
    raw += bytes.length;
    gzip += gzipSize(bytes);
    brotli += brotliCompressSync(bytes).length;
  }
  return { raw, gzip, brotli };
}

/** Kilobytes (1000 B) with one decimal. */
export const kb = (n: number): string => (n / 1000).toFixed(1);
