/**
 * The comparison with Astro Starlight on the same content, side by side in one run (bench/README.md).
 * I/O: builds or reuses the Starlight site; starts workerd, two loopback servers, two proxies and Chromium, then stops them.
 */
import { launch } from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/content/diagrams/chromium.ts';
import { startGzipProxy } from '../lib/gzip-proxy.ts';
import { audit, type Throttling } from '../lib/lighthouse.ts';
import { startRuntime } from '../lib/runtime.ts';
import { publishSite } from '../lib/site-run.ts';
import { startStaticOrigin } from '../lib/static-origin.ts';
import { median } from '../lib/stats.ts';
import { buildStarlightSite } from './site.ts';

export const SITES = ['this site', 'Starlight'] as const;
export type SiteName = (typeof SITES)[number];

/**
 * The pages compared, as each site names them. Starlight has no news index: its /news/ is the
 * page the comparison generates (a list of every post, newest first). The guide is Get Started,
 * which has a local image in both; it has no diagram (Starlight would show a diagram's source
 * as code, not the same content).
 */
export const COMPARED_PAGES = [
  { page: 'article', paths: { 'this site': '/news/2023-04-29-signpath', Starlight: '/news/2023-04-29-signpath/' } },
  { page: 'guide', paths: { 'this site': '/guide/how-to-get-started', Starlight: '/guide/how-to-get-started/' } },
  { page: 'news index', paths: { 'this site': '/news', Starlight: '/news/' } },
] as const;

export interface PageFigures {
  lcpMs: number;
  tbtMs: number;
  /** Transfer sizes (gzip on the wire) from Lighthouse's resource summary. */
  jsBytes: number;
  totalBytes: number;
  /** Lighthouse performance score, 0–100. */
  score: number;
  /**
   * Lighthouse's measure of the host's CPU speed, taken before the run (it warns below 1000).
   * The simulation takes each main-thread task as 4× its length on this host, so a slower or
   * busier host turns the same page's tasks into blocking time.
   */
  benchmarkIndex: number;
}

/** LCP and TBT as a devtools-throttled run observed them. */
export interface ObservedFigures {
  lcpMs: number;
  tbtMs: number;
}

export interface ComparisonRow {
  page: string;
  site: SiteName;
  path: string;
  /** Simulated throttling, Lighthouse's default. */
  runs: PageFigures[];
  median: PageFigures;
  /** Devtools throttling: real 4× CPU slowdown and Slow 4G, observed. */
  observedRuns: ObservedFigures[];
  observedMedian: ObservedFigures;
}

interface Lhr {
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
  categories: Record<string, { score: number | null } | undefined>;
  environment?: { benchmarkIndex?: number };
}

function figuresOf(lhr: Lhr): PageFigures {
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? Number.NaN;
  return {
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    jsBytes: bytes('script'),
    totalBytes: bytes('total'),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

const medianFigures = (runs: PageFigures[]): PageFigures => ({
  lcpMs: median(runs.map((r) => r.lcpMs)),
  tbtMs: median(runs.map((r) => r.tbtMs)),
  jsBytes: median(runs.map((r) => r.jsBytes)),
  totalBytes: median(runs.map((r) => r.totalBytes)),
  score: median(runs.map((r) => r.score)),
  benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
});

/** Both sites behind the same gzip proxy, Lighthouse on each page `repeat` rounds, interleaved; the medians per page. */
export async function compareWithStarlight({
  repeat = 5,
  contentDir = 'content',
  log = () => {},
}: {
  repeat?: number;
  contentDir?: string;
  log?: (line: string) => void;
} = {}): Promise<ComparisonRow[]> {
  const dist = buildStarlightSite(contentDir, log);
  const site = await publishSite({ content: contentDir, articlePath: COMPARED_PAGES[0].paths['this site'] });
  const closers: (() => Promise<void>)[] = [async () => site.scenario.remove()];
  try {
    const runtime = await startRuntime(site.scenario);
    closers.unshift(() => runtime.dispose());
    const origin = await startStaticOrigin(dist);
    closers.unshift(() => origin.close());
    const proxies = { 'this site': await startGzipProxy(runtime.url), Starlight: await startGzipProxy(origin.url) };
    closers.unshift(
      () => proxies['this site'].close(),
      () => proxies.Starlight.close(),
    );
    // One request to each page first, so that no site's first Lighthouse run meets a cold isolate or disk.
    for (const { paths } of COMPARED_PAGES) {
      for (const name of SITES) await (await fetch(new URL(paths[name], proxies[name].url))).arrayBuffer();
    }
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
    closers.unshift(async () => chrome.kill());
    const runs = new Map<string, PageFigures[]>();
    for (let round = 0; round < repeat; round++) {
      for (const { page, paths } of COMPARED_PAGES) {
        for (const throttling of ['simulate', 'devtools'] as Throttling[]) {
          for (const name of round % 2 ? [...SITES].reverse() : SITES) {
            log(`starlight comparison: ${page}, ${name}, ${throttling} throttling (${round + 1}/${repeat})`);
            const lhr = await audit(new URL(paths[name], proxies[name].url).href, chrome.port, 'mobile', log, {
              categories: ['performance'],
              throttling,
            });
            const key = `${page}\0${name}\0${throttling}`;
            runs.set(key, [...(runs.get(key) ?? []), figuresOf(lhr as unknown as Lhr)]);
          }
        }
      }
    }
    return COMPARED_PAGES.flatMap(({ page, paths }) =>
      SITES.map((name) => {
        const simulated = runs.get(`${page}\0${name}\0simulate`)!;
        const devtools = runs.get(`${page}\0${name}\0devtools`)!;
        const { lcpMs, tbtMs } = medianFigures(devtools);
        return {
          page,
          site: name,
          path: paths[name],
          runs: simulated,
          median: medianFigures(simulated),
          observedRuns: devtools.map((run) => ({ lcpMs: run.lcpMs, tbtMs: run.tbtMs })),
          observedMedian: { lcpMs, tbtMs },
        };
      }),
    );
  } finally {
    for (const close of closers) await close();
  }
}
