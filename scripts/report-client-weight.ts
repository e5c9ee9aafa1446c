/**
 * Prints what each kind of page makes the browser download from the client build: the entry
 * script with every chunk it imports statically, the stylesheet, and, on pages with diagrams,
 * the lazily loaded mermaid chunks. Sizes are raw, gzip (level 9) and brotli, in KB (1000 B).
 * Run after `vite build` (npm run build:client does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const OUT = 'dist/client';
const ENTRY = 'client/entry-browser.tsx';
/** The budget of issue 4: JavaScript on an article page without diagrams, React included. */
const ARTICLE_JS_BUDGET_KB = 70;

const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** Files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(names: string[], seen = new Set<string>()): Set<string> {
  for (const name of names) {
    const chunk = manifest[name];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

function weigh(files: Iterable<string>) {
  let raw = 0, gzip = 0, brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(join(OUT, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { raw, gzip, brotli };
}

const kb = (n: number) => (n / 1000).toFixed(1);
const entry = manifest[ENTRY];
if (!entry) throw new Error(`${ENTRY} is not in the Vite manifest: run vite build first`);

const baseJs = closure([ENTRY]);
const css = entry.css ?? [];
const mermaidEntry = (entry.dynamicImports ?? []).filter((name) => name.includes('mermaid'));
// Mermaid loads each diagram type on demand; our content draws flowcharts.
const flowchart = Object.keys(manifest).filter((name) => /flowDiagram/.test(name));
const diagramJs = new Set([...baseJs, ...closure([...mermaidEntry, ...flowchart])]);

const rows = [
  ['article, home, index, setup, analytics (JS)', weigh(baseJs)],
  ['article with a diagram (JS)', weigh(diagramJs)],
  ['every page (CSS)', weigh(css)],
] as const;

console.log('\nClient weight per page type (KB; gzip -9 / brotli):');
for (const [label, w] of rows) console.log(`  ${label.padEnd(46)} raw ${kb(w.raw).padStart(7)}  gzip ${kb(w.gzip).padStart(6)}  brotli ${kb(w.brotli).padStart(6)}`);
const article = rows[0][1];
const verdict = article.gzip / 1000 <= ARTICLE_JS_BUDGET_KB ? 'within' : 'OVER';
console.log(`  Article JS ${kb(article.gzip)} KB gzip: ${verdict} the ${ARTICLE_JS_BUDGET_KB} KB budget.\n`);
