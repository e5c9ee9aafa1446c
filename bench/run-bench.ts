/**
 * `npm run bench`: builds, then every measurement, table and verdict of bench/README.md's Performance section (options
 * there), then the ratio check. I/O: builds, publishes sites, starts runtimes, drives load, Lighthouse and Chromium;
 * progress to stderr, tables to stdout.
 */
import { spawnSync } from 'node:child_process';

import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { syntheticArticlePath, syntheticContent } from '../tools/synthetic-content.ts';
import { LIGHTHOUSE_VERSION, type LighthouseRun, runLighthouse } from './lib/lighthouse.ts';
import type { LoadOptions } from './lib/load.ts';
import { type CacheShare, measureCacheShare } from './lib/page-cache-share.ts';
import {
  cacheShareTable,
  latencyGrowth,
  lighthouseFindings,
  lighthouseTable,
  sizeTable,
  throughputTable,
  uploadTable,
  weightTables,
} from './lib/report.ts';
import { startRuntime } from './lib/runtime.ts';
import { closeSite, type LoadPlan, runSites, type SiteRun, startEdgeOnlyRuntime } from './lib/site-run.ts';
import { floorLine, kvReadsLine, latencyLine, lighthouseLine, uploadLine, weightLines } from './lib/target-lines.ts';
import { bundleWeight, type PageWeight, pageWeights, type StartupTiming, scriptEvaluationMs, startupTiming } from './lib/weight.ts';
import { type ComparisonRow, compareWithStarlight } from './starlight/comparison.ts';
import { starlightReport } from './starlight/report.ts';

/** A news post without diagrams (mermaid is weighed on its own page type). */
const REAL_ARTICLE = '/news/2023-04-29-signpath';
const WEIGHT_PAGES = [
  { label: 'home', path: '/' },
  { label: 'news index', path: '/news' },
  { label: 'article', path: REAL_ARTICLE },
  { label: 'article with a diagram', path: '/guide/multi-sim' },
];
const LIGHTHOUSE_PAGES = ['/', '/news', REAL_ARTICLE];

// `npm run bench -- --world [--seeds N] [--inputs file] [--json file]`: only the world model (bench/world/run.ts), fed by
// the committed measurements of bench/world/inputs.json (or the scale bench's file); it needs no build.
// `npm run bench -- --faults [--only <words>]`: only the fault bench (bench/faults/run.ts), a bad day at the edge.
// `npm run bench -- --scale [--sizes 24,1000,10000] [--json file]`: only the scale bench (bench/scale/run.ts).
for (const [flag, script] of [
  ['--world', 'bench/world/run.ts'],
  ['--faults', 'bench/faults/run.ts'],
  ['--scale', 'bench/scale/run.ts'],
] as const) {
  if (!process.argv.includes(flag)) continue;
  const rest = process.argv.slice(2).filter((arg) => arg !== flag);
  process.exit(spawnSync(process.execPath, [script, ...rest], { stdio: 'inherit' }).status ?? 1);
}

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    quick: { type: 'boolean', default: false },
    connections: { type: 'string', default: '10' },
    sizes: { type: 'string', default: '10,100,1000' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-starlight': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
  strict: true,
});

const duration = Number(args.duration ?? (args.quick ? 2 : 10));
const connections = Number(args.connections);
const sizes = args.sizes.split(',').map(Number);
if (!(duration > 0) || !(connections > 0) || sizes.some((n) => !(n > 0))) {
  console.error('run-bench: --duration, --connections and --sizes take positive numbers');
  process.exit(2);
}
const load: LoadOptions = { duration, connections };
/** Each target's duration is spread over this many slices, the targets taking turns. */
const rounds = args.quick ? 2 : 5;
const warm: LoadOptions = { duration: args.quick ? 1 : 2, connections };
const log = (line: string) => console.error(`· ${line}`);
const out = (text = '') => console.log(text);

/** Runs an npm script with its output on stderr, so that stdout holds only the tables; its exit status. */
function npmRun(script: string): number {
  return spawnSync('npm', ['run', script], { stdio: ['ignore', 2, 2] }).status ?? 1;
}

if (npmRun('build') !== 0) {
  console.error('run-bench: npm run build failed');
  process.exit(1);
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 1e9)} GB, Node ${process.versions.node}, ${process.platform}`;
log(`machine: ${machine}; ${duration} s per target, ${connections} connections`);

async function inFreshRuntime<T>(start: ReturnType<typeof startRuntime>, use: (url: URL) => Promise<T>): Promise<T> {
  const runtime = await start;
  try {
    return await use(runtime.url);
  } finally {
    await runtime.dispose();
  }
}

// 1. Real content, then weight, Lighthouse and start-up on the same published site.
const plan: LoadPlan = { load, rounds, warmUp: warm, log };
const [real] = (await runSites([{ label: 'content/', content: 'content', articlePath: REAL_ARTICLE, keepRunning: true }], plan)) as [
  SiteRun,
];
let pages: PageWeight[],
  cacheShares: { both: CacheShare; edgeOnly: CacheShare },
  lighthouse: LighthouseRun[] = [],
  startup: StartupTiming,
  evaluationMs: number;
try {
  pages = await pageWeights(real.runtime!.url, WEIGHT_PAGES);
  if (!args['no-lighthouse']) lighthouse = await runLighthouse(real.runtime!.url, LIGHTHOUSE_PAGES, { repeat: args.quick ? 1 : 3, log });
  await real.runtime!.dispose();
  await real.twins?.edgeOnly.dispose();
  await real.twins?.uncached.dispose();
  log('page caches: every sitemap page, 5 times each, in fresh runtimes');
  cacheShares = {
    both: await inFreshRuntime(startRuntime(real.site.scenario), (url) => measureCacheShare(url)),
    edgeOnly: await inFreshRuntime(startEdgeOnlyRuntime(real.site.scenario), (url) => measureCacheShare(url)),
  };
  log('start-up timing');
  startup = await startupTiming(real.site.scenario, args.quick ? 3 : 5);
  evaluationMs = scriptEvaluationMs(5);
} finally {
  await closeSite(real);
}
const bundle = bundleWeight();

// 2 and 3. Synthetic content at each size, measured side by side; the largest is uploaded twice.
const largest = Math.max(...sizes);
const bySize = await runSites(
  sizes.map((size) => ({
    label: size.toLocaleString('en'),
    content: syntheticContent(size),
    articlePath: syntheticArticlePath(),
    secondUpload: size === largest,
  })),
  plan,
);
for (const run of bySize) await closeSite(run);
const uploadRun = bySize.find((r) => r.label === largest.toLocaleString('en'))!;
const upload = uploadRun.site.upload;

// 6. Starlight, last and alone, so that no other measurement shares the machine with it.
const starlightRuns = args.quick ? 1 : 5;
const starlightLoad = [loadavg()[0]!];
const starlight: ComparisonRow[] = args['no-starlight'] ? [] : await compareWithStarlight({ repeat: starlightRuns, log });
starlightLoad.push(loadavg()[0]!);

// Report.
const floorRatio = (run: SiteRun, name: 'article' | 'rendered' = 'article') =>
  (run.results.get(name)?.rps ?? Number.NaN) / (run.results.get('floor')?.rps ?? Number.NaN);
const indexGrowth = latencyGrowth(bySize, 'index');
const articleGrowth = latencyGrowth(bySize, 'article');
const article = pages.find((p) => p.label === 'article')!;

out(`\n## Benchmark (${new Date().toISOString().slice(0, 10)})`);
out(`\nCommand: npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`);
out(
  `Machine: ${machine}. Load: autocannon, ${connections} connections, no Accept-Encoding; ${duration} s per target after warm-up, as ${rounds} slices taking turns with the other targets; each figure is the median over a target's slices.`,
);
out(`\n### Throughput and latency (real content)\n`);
out(throughputTable(real));
out(
  `\nKV reads per request (counted at the binding): index ${real.kv.indexCold} cold, ${real.kv.indexWarm} again; article ${real.kv.articleCold} cold, ${real.kv.articleWarm} again.`,
);
out(`\n### Page caches (real content)\n`);
out(cacheShareTable(cacheShares));
out(`\n### Cost against content size (synthetic entries, the sites side by side, article ${bySize[0]?.site.articlePath})\n`);
out(sizeTable(bySize));
out(
  `\nMean latency at ${bySize.at(-1)?.label} entries ÷ at ${bySize[0]?.label}: index ${indexGrowth.toFixed(2)}, article ${articleGrowth.toFixed(2)}.`,
);
out(`\n### Upload at scale\n`);
out(uploadTable(uploadRun));
out(`\n### Weight\n`);
out(weightTables(bundle, evaluationMs, startup, pages));
if (lighthouse.length) {
  out(`\n### Lighthouse ${LIGHTHOUSE_VERSION} (Debian's Chromium, headless, no internet; median of ${args.quick ? 1 : 3} runs)\n`);
  out(lighthouseTable(lighthouse));
  out('\n* what the score would be if the audits that failed only on URLs that need the internet (unreachable offline) had passed.');
  const findings = lighthouseFindings(lighthouse);
  out(findings.length ? `\nAudits not passed:\n${findings.map((f) => `- ${f}`).join('\n')}` : '\nEvery scored audit passed.');
}

if (starlight.length) out(starlightReport(starlight, starlightRuns, starlightLoad));

out('\n### Targets\n');
out(floorLine(real, bySize));
out(
  `  (every request rendered, the rendered-page cache off: ${floorRatio(real, 'rendered').toFixed(2)} on content/, ${bySize.map((r) => `${floorRatio(r, 'rendered').toFixed(2)} at ${r.label}`).join(', ')})`,
);
out(latencyLine(bySize));
out(kvReadsLine(bySize));
out(uploadLine(upload));
for (const line of weightLines(article)) out(line);
if (lighthouse.length) out(lighthouseLine(lighthouse));

if (args.json) {
  const plain = ({ label, site, indexBytes, kv, results }: SiteRun) => ({
    label,
    articlePath: site.articlePath,
    articleBytes: site.articleBytes,
    upload: site.upload,
    indexBytes,
    kv,
    results: Object.fromEntries(results),
  });
  writeFileSync(
    args.json,
    JSON.stringify(
      {
        machine,
        duration,
        connections,
        real: plain(real),
        bySize: bySize.map(plain),
        bundle,
        evaluationMs,
        startup,
        pages,
        lighthouse,
        starlight,
      },
      null,
      2,
    ),
  );
  log(`results written to ${args.json}`);
}

// Last, on the machine the run leaves quiet: the regression check of bench/README.md.
log('ratio check: npm run bench:ratio');
process.exitCode = npmRun('bench:ratio');
