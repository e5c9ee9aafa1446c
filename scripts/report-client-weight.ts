/**
 * Prints what each kind of page downloads (raw, gzip -9, brotli, KB) after `vite build`; exit 1 over the article budget.
 * Disk I/O: reads the client build.
 */
import { ARTICLE_JS_BUDGET_BYTES, clientFiles, kb, type Weight, weigh } from './client-weight.ts';

const { baseJs, chunks, diagramJs, css } = clientFiles();

const article = weigh(baseJs);
const rows: [label: string, weight: Weight][] = [
  ['every page, after the first paint (JS)', article],
  ['+ search results, when the box gets focus (JS)', weigh([chunks.search])],
  ['+ contents highlight, first scroll with a toc (JS)', weigh([chunks.toc])],
  ['diagram drawn in the browser (JS)', weigh(diagramJs)],
  ['every page (CSS, inline in the HTML)', weigh(css)],
];

console.log('\nClient weight per page type (KB; gzip -9 / brotli):');
for (const [label, w] of rows)
  console.log(`  ${label.padEnd(50)} raw ${kb(w.raw).padStart(7)}  gzip ${kb(w.gzip).padStart(6)}  brotli ${kb(w.brotli).padStart(6)}`);
const verdict = article.gzip <= ARTICLE_JS_BUDGET_BYTES ? 'within' : 'OVER';
console.log(`  Article JS ${kb(article.gzip)} KB gzip: ${verdict} the ${kb(ARTICLE_JS_BUDGET_BYTES)} KB budget.\n`);
// The build (and with it `npm test`) fails when the budget is broken, so a change that grows the
// bundle past it is noticed where it is made.
if (verdict === 'OVER') process.exitCode = 1;
