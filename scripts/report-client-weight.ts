/**
 * Prints what each kind of page makes the browser download from the client build: the entry
 * script with every chunk it imports statically (after the first paint), React's chunk (at the
 * visitor's first intent), the stylesheet, on pages with diagrams the lazily loaded mermaid
 * chunks (only where upload could not draw them), and on setup, search and analytics their own
 * chunk. Sizes are
 * raw, gzip (level 9) and brotli, in KB (1000 B). Run after `vite build` (npm run build:client
 * does). The file lists come from client-weight.ts, which the benchmark uses too. Exits 1 when
 * article JavaScript with React is over the budget.
 */
import { ARTICLE_JS_BUDGET_BYTES, clientFiles, kb, type Weight, weigh } from './client-weight.ts';

const { baseJs, appJs, diagramJs, splitPageJs, css } = clientFiles();

const article = weigh(appJs);
const rows: [label: string, weight: Weight][] = [
  ['every page, after the first paint (JS, no React)', weigh(baseJs)],
  ['article, home, index: with React (first intent)', article],
  ['diagram drawn in the browser (JS, no React)', weigh(diagramJs)],
  ...[...splitPageJs].map(([kind, files]): [string, Weight] => [`${kind} page with React (its own chunk too)`, weigh(files)]),
  ['every page (CSS, inline in the HTML)', weigh(css)],
];

console.log('\nClient weight per page type (KB; gzip -9 / brotli):');
for (const [label, w] of rows)
  console.log(`  ${label.padEnd(50)} raw ${kb(w.raw).padStart(7)}  gzip ${kb(w.gzip).padStart(6)}  brotli ${kb(w.brotli).padStart(6)}`);
const verdict = article.gzip <= ARTICLE_JS_BUDGET_BYTES ? 'within' : 'OVER';
console.log(`  Article JS with React ${kb(article.gzip)} KB gzip: ${verdict} the ${kb(ARTICLE_JS_BUDGET_BYTES)} KB budget.\n`);
// The build (and with it `npm test`) fails when the budget is broken, so a change that grows the
// bundle past it is noticed where it is made.
if (verdict === 'OVER') process.exitCode = 1;
