/**
 * The Worker bundle, its start-up in workerd, and each page type's first load and next navigation.
 * I/O: reads the built bundle, starts workerd and a Node child process, fetches pages and what they name.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { pageHtmlApiPath } from '../../contracts/page-fragment.ts';
import { clientFiles, gzipSize, weigh } from '../../scripts/client-weight.ts';
import { WORKER_BUNDLE } from '../../tools/local-worker.ts';
import { BASELINE_WORKER } from './baseline-worker.ts';
import { type Scenario, startRuntime } from './runtime.ts';
import { median } from './stats.ts';

export interface BundleWeight {
  raw: number;
  gzip: number;
}

/** dist/worker/index.js, as `wrangler deploy --dry-run --outdir dist/worker` wrote it (npm run build). */
export function bundleWeight(file = WORKER_BUNDLE): BundleWeight {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSize(bytes) };
}

export interface StartupTiming {
  /** Medians over `runs` fresh workerd processes, ms. */
  siteReady: number;
  baselineReady: number;
  /** From ready to the first answer of `/news` (first request: isolate set-up, one KV read, render). */
  siteFirstResponse: number;
  baselineFirstResponse: number;
  runs: number;
}

/**
 * workerd loads (compiles and evaluates) a Worker's modules when it starts, before it listens;
 * time inside the isolate does not advance while the script evaluates, so the script cannot time
 * itself. What is measured instead: `new Miniflare` → ready, for the site's bundle and for a
 * trivial Worker with the same bindings, alternately; the difference is the bundle's own cost.
 */
export async function startupTiming(scenario: Scenario, runs: number): Promise<StartupTiming> {
  const site: number[] = [],
    baseline: number[] = [],
    siteFirst: number[] = [],
    baselineFirst: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const script of [undefined, BASELINE_WORKER]) {
      const runtime = await startRuntime(scenario, script === undefined ? {} : { script });
      const started = performance.now();
      const response = await fetch(new URL('/news', runtime.url));
      await response.arrayBuffer();
      const first = performance.now() - started;
      await runtime.dispose();
      (script === undefined ? site : baseline).push(runtime.startMs);
      (script === undefined ? siteFirst : baselineFirst).push(first);
    }
  }
  return {
    siteReady: median(site),
    baselineReady: median(baseline),
    siteFirstResponse: median(siteFirst),
    baselineFirstResponse: median(baselineFirst),
    runs,
  };
}

/** What the bundle may import from `cloudflare:` modules, as empty stand-ins. */
const CLOUDFLARE_STUB = 'export class DurableObject {} export class WorkerEntrypoint {} export class RpcTarget {} export const env = {};';

/**
 * The bundle's own parse, compile and top-level evaluation, in a fresh V8 (Node's, the engine
 * workerd embeds) per run: the module is imported with its `cloudflare:` imports resolved to
 * empty classes (a module resolve hook, whatever shape the minifier gave the import). Median
 * of `runs`, ms. `dir` is unused and kept for the callers' signature.
 */
export function scriptEvaluationMs(runs: number, file = WORKER_BUNDLE): number {
  const stub = `data:text/javascript,${encodeURIComponent(CLOUDFLARE_STUB)}`;
  const code = [
    "import { registerHooks } from 'node:module';",
    `registerHooks({ resolve: (specifier, context, next) => specifier.startsWith('cloudflare:') ? { url: ${JSON.stringify(stub)}, shortCircuit: true } : next(specifier, context) });`,
    `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`,
  ].join('\n');
  const times = Array.from({ length: runs }, () =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim()),
  );
  return median(times);
}

export interface PageWeight {
  label: string;
  path: string;
  /** gzip -9 bytes of each part of a first load (fonts: woff2, already compressed, as is). */
  html: number;
  css: number;
  js: number;
  fonts: number;
  /** HTML + CSS + JS. */
  total: number;
  /** The page-data JSON a client navigation to this page fetches, gzip -9. */
  nextNavigation: number;
}

/** Hashed files a page's HTML names: stylesheets, the module script (or the bootstrap's entry) and its preloads. */
function namedAssets(html: string): { css: string[]; js: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(?:link|script)\b[^>]*>/g) ?? [];
  const css: string[] = [],
    js: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith('<link') && /rel="stylesheet"/.test(tag)) css.push(attr(tag, 'href')!);
    if (tag.startsWith('<link') && /rel="modulepreload"/.test(tag)) js.push(attr(tag, 'href')!);
    if (tag.startsWith('<script') && /type="module"/.test(tag) && attr(tag, 'src')) js.push(attr(tag, 'src')!);
    // The paint-first bootstrap names the entry it imports after the first paint.
    if (tag.startsWith('<script') && attr(tag, 'data-entry')) js.push(attr(tag, 'data-entry')!);
  }
  const local = (list: string[]) => list.filter((href) => href.startsWith('/assets/')).map((href) => href.slice(1));
  return { css: local(css), js: local(js) };
}

/**
 * For each page: its HTML as the Worker serves it, the CSS and JS it names with the entry's
 * imports and, on a page with diagrams left to the browser, the mermaid chunks, the font its CSS
 * uses, all from the build in dist/client; and the page HTML (JSON) of a client navigation to it.
 */
export async function pageWeights(base: URL, pages: { label: string; path: string }[]): Promise<PageWeight[]> {
  const files = clientFiles();
  const fonts = weigh(files.fonts).raw;
  const weights: PageWeight[] = [];
  for (const { label, path } of pages) {
    const html = await (await fetch(new URL(path, base))).text();
    const json = await (await fetch(new URL(pageHtmlApiPath(path), base))).text();
    const named = namedAssets(html);
    const hasDiagrams = /\sdata-diagram[\s=>]/.test(html);
    const js = new Set([...named.js, ...files.baseJs, ...(hasDiagrams ? files.diagramJs : [])]);
    const part = { html: gzipSize(html), css: weigh(named.css).gzip, js: weigh(js).gzip };
    weights.push({ label, path, ...part, fonts, total: part.html + part.css + part.js, nextNavigation: gzipSize(json) });
  }
  return weights;
}
