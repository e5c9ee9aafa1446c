/**
 * One measured site, in steps that the benchmark and the CI ratio check both use:
 *
 *   publishSite   a fresh KV filled through the real upload code (timed; optionally twice),
 *                 and the floor file: the article page's exact bytes, as a static asset;
 *   coldReads     KV reads of a fresh isolate's first request to the index, of another's to
 *                 the article, of the article again and of the index after it;
 *   siteTargets   the article page, the news index, the article's page-data JSON, the floor,
 *                 requested with the XSRF cookie of a first visit, as a returning visitor's are;
 *                 and the article from a second runtime whose rendered-page cache is off, so
 *                 that every request renders it (what each isolate's first request costs);
 *   runSite       all of it, then load on each target (load.ts).
 */
import { join } from 'node:path';
import type { ContentFolder } from '../content/load-content.ts';
import { diskRenderCache } from '../content/render-cache.ts';
import { uploadContent } from '../content/upload.ts';
import { kvReads, measureInterleaved, warmUp, type LoadOptions, type Measurement, type Target } from './load.ts';
import { createScenario, FLOOR_PATH, startRuntime, type BenchRuntime, type Scenario } from './runtime.ts';

export const TARGET_NAMES = ['article', 'rendered', 'index', 'json', 'floor'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export interface KvReadCounts {
  /** First request of a fresh isolate, to the index. */
  indexCold: number;
  /** First request of a fresh isolate, to the article. */
  articleCold: number;
  /** The article again, right after. */
  articleWarm: number;
  /** The index, after the article, in the same isolate (manifest memo). */
  indexWarm: number;
}

export interface UploadTiming {
  entries: number;
  firstMs: number;
  firstWritten: number;
  /** NaN when there was no second upload. */
  secondMs: number;
  secondWritten: number;
}

export interface PublishedSite {
  scenario: Scenario;
  articlePath: string;
  indexPath: string;
  /** Byte size of the article page's HTML, and of the floor file. */
  articleBytes: number;
  upload: UploadTiming;
}

export interface PublishOptions {
  content: string | ContentFolder;
  articlePath: string;
  indexPath?: string;
  /** Upload the same content a second time (nothing changed) and time it. */
  secondUpload?: boolean;
}

/** A first visitor's request: the response, its bytes and the XSRF cookie it was given. */
async function firstVisit(runtime: BenchRuntime, path: string): Promise<{ response: Response; bytes: Uint8Array; cookie: string | undefined }> {
  const response = await fetch(new URL(path, runtime.url), { redirect: 'manual' });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  return { response, bytes, cookie };
}

/** Runs `use` with a fresh runtime (a cold isolate) and stops it after. */
async function withRuntime<T>(scenario: Scenario, use: (runtime: BenchRuntime) => Promise<T>): Promise<T> {
  const runtime = await startRuntime(scenario);
  try {
    return await use(runtime);
  } finally {
    await runtime.dispose();
  }
}

export async function publishSite({ content, articlePath, indexPath = '/news', secondUpload = false }: PublishOptions): Promise<PublishedSite> {
  const scenario = createScenario();
  try {
    // The render cache starts empty: the first upload renders everything, as a first publish does.
    const renderCache = diskRenderCache(join(scenario.dir, 'render-cache'));
    const { upload, articleBytes } = await withRuntime(scenario, async (runtime) => {
      let started = performance.now();
      const first = await uploadContent({ content, store: runtime.store, renderCache });
      const firstMs = performance.now() - started;
      if (!first.ok) throw new Error(`upload failed: ${first.problems.map((p) => `${p.file}: ${p.field}: ${p.reason}`).join('; ')}`);
      let second = { ms: NaN, written: NaN };
      if (secondUpload) {
        started = performance.now();
        const again = await uploadContent({ content, store: runtime.store, renderCache });
        second = { ms: performance.now() - started, written: again.ok ? again.entriesWritten : NaN };
      }
      const article = await firstVisit(runtime, articlePath);
      scenario.writeFloor(article.bytes);
      return {
        articleBytes: article.bytes.length,
        upload: { entries: first.plan.entries.length, firstMs, firstWritten: first.entriesWritten, secondMs: second.ms, secondWritten: second.written },
      };
    });
    return { scenario, articlePath, indexPath, articleBytes, upload };
  } catch (error) {
    scenario.remove();
    throw error;
  }
}

export async function coldReads(site: PublishedSite): Promise<KvReadCounts> {
  const indexCold = await withRuntime(site.scenario, async (runtime) => kvReads((await firstVisit(runtime, site.indexPath)).response));
  return withRuntime(site.scenario, async (runtime) => {
    const cold = await firstVisit(runtime, site.articlePath);
    const headers = cold.cookie ? { cookie: cold.cookie } : undefined;
    const warm = await fetch(new URL(site.articlePath, runtime.url), { headers });
    await warm.arrayBuffer();
    const index = await fetch(new URL(site.indexPath, runtime.url), { headers });
    await index.arrayBuffer();
    return { indexCold, articleCold: kvReads(cold.response), articleWarm: kvReads(warm), indexWarm: kvReads(index) };
  });
}

/** The same site with the Worker's rendered-page cache off: every page request renders. */
export const startUncachedRuntime = (scenario: Scenario): Promise<BenchRuntime> => startRuntime(scenario, { bindings: { RENDERED_PAGE_CACHE_CHARS: '0' } });

/**
 * The five targets, checked: each answers 200, the floor with the article's bytes. `uncached`
 * is a runtime of the same site from `startUncachedRuntime`, for the `rendered` target.
 */
export async function siteTargets(runtime: BenchRuntime, site: PublishedSite, uncached: BenchRuntime): Promise<Record<TargetName, Target>> {
  const { cookie } = await firstVisit(runtime, site.articlePath);
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const targets: Record<TargetName, Target> = {
    article: { name: 'article', path: site.articlePath, headers },
    rendered: { name: 'rendered', path: site.articlePath, headers, base: uncached.url },
    index: { name: 'index', path: site.indexPath, headers },
    json: { name: 'json', path: `/api/_analog/pages${site.articlePath}`, headers },
    // Workers Static Assets answers /x.html at /x (the .html URL redirects there).
    floor: { name: 'floor', path: FLOOR_PATH.replace(/\.html$/, '') },
  };
  for (const target of Object.values(targets)) {
    const response = await fetch(new URL(target.path, target.base ?? runtime.url), { headers: target.headers ?? {} });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
    if (target.name === 'floor' && bytes !== site.articleBytes) throw new Error(`the floor file has ${bytes} bytes, the article ${site.articleBytes}`);
  }
  return targets;
}

export interface SiteRun {
  label: string;
  site: PublishedSite;
  /** Byte size of the index page's HTML. */
  indexBytes: number;
  kv: KvReadCounts;
  results: Map<TargetName, Measurement>;
  /** The runtime of the load runs, still running when `keepRunning` asked for it. */
  runtime?: BenchRuntime;
  /** Its twin with the rendered-page cache off, likewise. */
  uncached?: BenchRuntime;
}

export interface SiteRunOptions extends PublishOptions {
  label: string;
  /** Each target's load in total: `rounds` slices of `load.duration / rounds` seconds. */
  load: LoadOptions;
  /**
   * The targets take turns, a slice each, `rounds` times; each figure is the median of a
   * target's slices. Other work on the machine then slows every target alike, and a burst of
   * it spoils one slice rather than one target.
   */
  rounds: number;
  warmUp: LoadOptions;
  /** Leave the load runtime running (for weight and Lighthouse); `closeSite` stops it. */
  keepRunning?: boolean;
  log?: (line: string) => void;
}

export async function runSite(options: SiteRunOptions): Promise<SiteRun> {
  const { label, log = () => {} } = options;
  const site = await publishSite(options);
  log(`${label}: published ${site.upload.entries} entries in ${(site.upload.firstMs / 1000).toFixed(1)} s`);
  let runtime: BenchRuntime | undefined;
  let uncached: BenchRuntime | undefined;
  try {
    const kv = await coldReads(site);
    runtime = await startRuntime(site.scenario);
    uncached = await startUncachedRuntime(site.scenario);
    const targets = await siteTargets(runtime, site, uncached);
    const indexBytes = (await (await fetch(new URL(site.indexPath, runtime.url))).arrayBuffer()).byteLength;
    const list = TARGET_NAMES.map((name) => targets[name]);
    await warmUp(runtime.url, list, options.warmUp);
    log(`${label}: load, ${options.rounds} rounds of ${list.length} targets × ${options.load.duration / options.rounds} s`);
    const slice = { ...options.load, duration: options.load.duration / options.rounds };
    const results = (await measureInterleaved(runtime.url, list, options.rounds, slice)) as Map<TargetName, Measurement>;
    if (!options.keepRunning) await Promise.all([runtime.dispose(), uncached.dispose()]);
    return { label, site, indexBytes, kv, results, ...(options.keepRunning ? { runtime, uncached } : {}) };
  } catch (error) {
    await runtime?.dispose();
    await uncached?.dispose();
    site.scenario.remove();
    throw error;
  }
}

/** Stops what a run left running and deletes its temporary folder. */
export async function closeSite(run: SiteRun): Promise<void> {
  await run.runtime?.dispose();
  await run.uncached?.dispose();
  run.site.scenario.remove();
}
