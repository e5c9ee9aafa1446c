/**
 * One measured site, as the benchmark and the ratio check both use it: published, its cold KV reads, its load targets.
 * I/O: uploads into a fresh KV, starts runtimes, drives load.
 */
import { join } from 'node:path';
import { diskRenderCache } from '../../scripts/content/build/render-cache.ts';
import type { ContentFolder } from '../../scripts/content/source/load-content.ts';
import type { KvProbe } from '../../tools/binding-probes.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { uploadChecked } from '../../tools/upload-checked.ts';
import { type LoadOptions, type Measurement, measureInterleaved, type Target, warmUp } from './load.ts';
import { createScenario, FLOOR_PATH, type Scenario, startRuntime } from './runtime.ts';

/** The article from the isolate's cache, from the data centre's (edge) and rendered every time; index, page JSON, floor. */
export const TARGET_NAMES = ['article', 'edge', 'rendered', 'index', 'json', 'floor'] as const;
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

/** A first visitor's request: its bytes. */
async function firstVisit(runtime: LocalWorker, path: string): Promise<{ bytes: Uint8Array }> {
  const response = await fetch(new URL(path, runtime.url), { redirect: 'manual' });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return { bytes };
}

/** Runs `use` with a fresh runtime (a cold isolate) and stops it after. */
async function withRuntime<T, R extends LocalWorker>(start: Promise<R>, use: (runtime: R) => Promise<T>): Promise<T> {
  const runtime = await start;
  try {
    return await use(runtime);
  } finally {
    await runtime.dispose();
  }
}

/** A runtime whose KV binding is probed, for counting reads. */
const startProbed = (scenario: Scenario) => startRuntime(scenario, { probeKv: true });

/** The KV reads the Worker made while `request` ran, its body read to the end: one request at a time. */
async function readsDuring<T>(runtime: { kvProbe: KvProbe }, request: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const before = runtime.kvProbe.reads();
  const result = await request();
  return { result, reads: runtime.kvProbe.reads() - before };
}

const drained = async (response: Promise<Response>): Promise<void> => {
  await (await response).arrayBuffer();
};

/** A fresh KV filled through the real upload code (timed; optionally twice), and the floor file: the article's exact bytes. */
export async function publishSite({
  content,
  articlePath,
  indexPath = '/news',
  secondUpload = false,
}: PublishOptions): Promise<PublishedSite> {
  const scenario = createScenario();
  try {
    // The render cache starts empty: the first upload renders everything, as a first publish does.
    const renderCache = diskRenderCache(join(scenario.dir, 'render-cache'));
    // No social cards: drawing 1,000 of them (tenths of a second each) would time satori, not the
    // Worker or the upload's KV path; a card's cost is in docs/publishing.md.
    const cards = null;
    const { upload, articleBytes } = await withRuntime(startRuntime(scenario), async (runtime) => {
      let started = performance.now();
      const first = await uploadChecked({ content, store: runtime.store, renderCache, cards });
      const firstMs = performance.now() - started;
      let second = { ms: NaN, written: NaN };
      if (secondUpload) {
        started = performance.now();
        const again = await uploadChecked({ content, store: runtime.store, renderCache, cards });
        second = { ms: performance.now() - started, written: again.entriesWritten };
      }
      const article = await firstVisit(runtime, articlePath);
      scenario.writeFloor(article.bytes);
      return {
        articleBytes: article.bytes.length,
        upload: {
          entries: first.plan.entries.length,
          firstMs,
          firstWritten: first.entriesWritten,
          secondMs: second.ms,
          secondWritten: second.written,
        },
      };
    });
    return { scenario, articlePath, indexPath, articleBytes, upload };
  } catch (error) {
    scenario.remove();
    throw error;
  }
}

/** KV reads of a fresh isolate's first index and article requests and of the same request again, each page in a runtime of its own. */
export async function coldReads(site: PublishedSite): Promise<KvReadCounts> {
  const twice = (path: string) =>
    withRuntime(startProbed(site.scenario), async (runtime) => {
      const cold = await readsDuring(runtime, () => firstVisit(runtime, path));
      const warm = await readsDuring(runtime, () => drained(fetch(new URL(path, runtime.url))));
      return { cold: cold.reads, warm: warm.reads };
    });
  const index = await twice(site.indexPath);
  const article = await twice(site.articlePath);
  return { indexCold: index.cold, articleCold: article.cold, articleWarm: article.warm, indexWarm: index.warm };
}

/** The same site with the isolate's page cache off: pages come from the data centre's cache, as in a new isolate. */
export const startEdgeOnlyRuntime = (scenario: Scenario): Promise<LocalWorker> =>
  startRuntime(scenario, { bindings: { RENDERED_PAGE_CACHE_CHARS: '0' } });

/** The same site with both page caches off: every page request renders. */
export const startUncachedRuntime = (scenario: Scenario): Promise<LocalWorker> =>
  startRuntime(scenario, { bindings: { RENDERED_PAGE_CACHE_CHARS: '0', EDGE_PAGE_CACHE_SECONDS: '0' } });

/** The runtimes of the targets other than the main one's. */
export interface TwinRuntimes {
  edgeOnly: LocalWorker;
  uncached: LocalWorker;
}

/** The six targets, checked: each answers 200, the floor with the article's bytes. */
export async function siteTargets(runtime: LocalWorker, site: PublishedSite, twins: TwinRuntimes): Promise<Record<TargetName, Target>> {
  const targets: Record<TargetName, Target> = {
    article: { name: 'article', path: site.articlePath },
    edge: { name: 'edge', path: site.articlePath, base: twins.edgeOnly.url },
    rendered: { name: 'rendered', path: site.articlePath, base: twins.uncached.url },
    index: { name: 'index', path: site.indexPath },
    json: { name: 'json', path: `/api/_analog/pages${site.articlePath}` },
    // Workers Static Assets answers /x.html at /x (the .html URL redirects there).
    floor: { name: 'floor', path: FLOOR_PATH.replace(/\.html$/, '') },
  };
  for (const target of Object.values(targets)) {
    const response = await fetch(new URL(target.path, target.base ?? runtime.url), { headers: target.headers ?? {} });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
    if (target.name === 'floor' && bytes !== site.articleBytes)
      throw new Error(`the floor file has ${bytes} bytes, the article ${site.articleBytes}`);
  }
  return targets;
}

export interface SiteRun {
  label: string;
  /** Why the site could not be published or answered its first requests: its figures are then missing (NaN). */
  error?: string;
  site: PublishedSite;
  /** Byte size of the index page's HTML. */
  indexBytes: number;
  kv: KvReadCounts;
  results: Map<TargetName, Measurement>;
  /** The runtime of the load runs, still running when `keepRunning` asked for it. */
  runtime?: LocalWorker;
  /** Its twins with page caches off, likewise. */
  twins?: TwinRuntimes;
}

export interface SiteRunOptions extends PublishOptions {
  label: string;
  /** Leave the load runtimes running (for weight and Lighthouse); `closeSite` stops them. */
  keepRunning?: boolean;
}

export interface LoadPlan {
  /** Each target's load in total: `rounds` slices of `load.duration / rounds` seconds. */
  load: LoadOptions;
  /**
   * The targets take turns, a slice each, `rounds` times; each figure is the median of a
   * target's slices. Other work on the machine then slows every target alike, and a burst of
   * it spoils one slice rather than one target.
   */
  rounds: number;
  warmUp: LoadOptions;
  log?: (line: string) => void;
}

/** The run of a site that failed before its load: no folder left on disk, every figure missing. */
function failedRun({ label, articlePath, indexPath = '/news' }: SiteRunOptions, error: unknown): SiteRun {
  const scenario = { dir: '', assetsDir: '', kvDir: '', writeFloor() {}, remove() {} };
  const upload = { entries: Number.NaN, firstMs: Number.NaN, firstWritten: Number.NaN, secondMs: Number.NaN, secondWritten: Number.NaN };
  return {
    label,
    error: error instanceof Error ? error.message : String(error),
    site: { scenario, articlePath, indexPath, articleBytes: Number.NaN, upload },
    indexBytes: Number.NaN,
    kv: { indexCold: Number.NaN, articleCold: Number.NaN, articleWarm: Number.NaN, indexWarm: Number.NaN },
    results: new Map(),
  };
}

/**
 * Publishes each site, counts its cold KV reads, then loads all their targets side by side:
 * every site's runtimes run at once and the targets of all of them take turns, so that sites
 * of different sizes are compared under the same conditions, not minutes apart. A site that
 * fails to publish or to answer is a run with its error, and the others are measured.
 */
export async function runSites(sites: SiteRunOptions[], { load, rounds, warmUp: warm, log = () => {} }: LoadPlan): Promise<SiteRun[]> {
  const published: PublishedSite[] = [];
  const runtimes: LocalWorker[] = [];
  try {
    const prepared = [];
    const failed = new Map<SiteRunOptions, SiteRun>();
    for (const options of sites) {
      let site: PublishedSite;
      try {
        site = await publishSite(options);
      } catch (error) {
        failed.set(options, failedRun(options, error));
        log(`${options.label}: FAILED to publish: ${failed.get(options)!.error}`);
        continue;
      }
      published.push(site);
      log(`${options.label}: published ${site.upload.entries} entries in ${(site.upload.firstMs / 1000).toFixed(1)} s`);
      let kv: KvReadCounts;
      try {
        kv = await coldReads(site);
      } catch (error) {
        failed.set(options, { ...failedRun(options, error), site });
        log(`${options.label}: FAILED its first requests: ${failed.get(options)!.error}`);
        continue;
      }
      const runtime = await startRuntime(site.scenario);
      const twins = { edgeOnly: await startEdgeOnlyRuntime(site.scenario), uncached: await startUncachedRuntime(site.scenario) };
      runtimes.push(runtime, twins.edgeOnly, twins.uncached);
      let targets: Record<TargetName, Target>;
      try {
        targets = await siteTargets(runtime, site, twins);
      } catch (error) {
        failed.set(options, { ...failedRun(options, error), site });
        log(`${options.label}: FAILED its first requests: ${failed.get(options)!.error}`);
        await Promise.all([runtime.dispose(), twins.edgeOnly.dispose(), twins.uncached.dispose()]);
        continue;
      }
      const indexBytes = (await (await fetch(new URL(site.indexPath, runtime.url))).arrayBuffer()).byteLength;
      // Targets of every site in one list: the name says whose, the base where it is served.
      const list = TARGET_NAMES.map((name) => ({
        ...targets[name],
        name: `${options.label} ${name}`,
        base: targets[name].base ?? runtime.url,
      }));
      prepared.push({ options, site, kv, runtime, twins, indexBytes, list });
    }
    const all = prepared.flatMap((p) => p.list);
    let measured = new Map<string, Measurement>();
    if (all.length > 0) {
      await warmUp(all[0]!.base, all, warm);
      log(
        `load: ${rounds} rounds of ${all.length} targets × ${load.duration / rounds} s${prepared.length > 1 ? `, ${prepared.map((p) => p.options.label).join(', ')} side by side` : ''}`,
      );
      measured = await measureInterleaved(all[0]!.base, all, rounds, { ...load, duration: load.duration / rounds });
    }
    const runs = new Map<SiteRunOptions, SiteRun>(failed);
    for (const { options, site, kv, runtime, twins, indexBytes } of prepared) {
      const results = new Map(TARGET_NAMES.map((name) => [name, measured.get(`${options.label} ${name}`)!]));
      if (!options.keepRunning) await Promise.all([runtime.dispose(), twins.edgeOnly.dispose(), twins.uncached.dispose()]);
      runs.set(options, { label: options.label, site, indexBytes, kv, results, ...(options.keepRunning ? { runtime, twins } : {}) });
    }
    return sites.map((options) => runs.get(options)!);
  } catch (error) {
    await Promise.all(runtimes.map((r) => r.dispose()));
    for (const site of published) site.scenario.remove();
    throw error;
  }
}

/** Stops what a run left running and deletes its temporary folder. */
export async function closeSite(run: SiteRun): Promise<void> {
  await run.runtime?.dispose();
  await run.twins?.edgeOnly.dispose();
  await run.twins?.uncached.dispose();
  run.site.scenario.remove();
}
