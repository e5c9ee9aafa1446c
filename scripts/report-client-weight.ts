/**
 * Prints what each kind of page makes the browser download from the client build: the entry
 * script with every chunk it imports statically (after the first paint; every page, article
 * included), the stylesheet, and on pages with diagrams the lazily loaded mermaid chunks (only
 * where upload could not draw them). Sizes are raw, gzip (level 9) and brotli, in KB (1000 B).
 * Run after `vite build` (npm run build:client does). The file lists come from client-weight.ts,
 * which the benchmark uses too. Exits 1 when article JavaScript is over the budget.
 */
import { clientFiles, kb, type Weight, weigh } from './client-weight.ts';

/** The budget: JavaScript on an article page without diagrams. */
const ARTICLE_JS_BUDGET_KB = 70;

const { baseJs, diagramJs, css } = clientFiles();

const article = weigh(baseJs);
const rows: [label: string, weight: Weight][] = [
  ['every page, after the first paint (JS)', article],
  ['diagram drawn in the browser (JS)', weigh(diagramJs)],
  ['every page (CSS, inline in the HTML)', weigh(css)],
];

console.log('\nClient weight per page type (KB; gzip -9 / brotli):');
for (const [label, w] of rows)
  console.log(`  ${label.padEnd(50)} raw ${kb(w.raw).padStart(7)}  gzip ${kb(w.gzip).padStart(6)}  brotli ${kb(w.brotli).padStart(6)}`);
const verdict = article.gzip / 1000 <= ARTICLE_JS_BUDGET_KB ? 'within' : 'OVER';
console.log(`  Article JS ${kb(article.gzip)} KB gzip: ${verdict} the ${ARTICLE_JS_BUDGET_KB} KB budget.\n`);
// The build (and with it `npm test`) fails when the budget is broken, so a change that grows the
// bundle past it is noticed where it is made.
if (verdict === 'OVER') process.exitCode = 1;
