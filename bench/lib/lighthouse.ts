/**
 * Lighthouse (the npm package, in-process) with Debian's Chromium: four categories, mobile and desktop presets, and
 * each score as it would be online. I/O: runs Chromium against a running runtime.
 */
import { createRequire } from 'node:module';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { REMOTE_IMAGE_PATH_PREFIX } from '../../contracts/media.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/content/diagrams/chromium.ts';

export const LIGHTHOUSE_VERSION: string = createRequire(import.meta.url)('lighthouse/package.json').version;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Preset = 'mobile' | 'desktop';

export interface Finding {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** A console-errors audit whose every error is a resource that needs the internet: a third-party one, or one the Worker fetches from another host. */
  failsOnlyOffline: boolean;
  /** The first few URLs the audit's details name. */
  urls: string[];
}

export interface LighthouseRun {
  path: string;
  preset: Preset;
  /** 0–100. */
  scores: Record<Category, number>;
  /** The score if the audits that failed only on URLs that need the internet had passed. */
  offlineAdjusted: Record<Category, number>;
  findings: Finding[];
}

interface AuditRef {
  id: string;
  weight: number;
}
interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: unknown;
}

/** Audits that fail when resources cannot be fetched: offline, third-party images do. */
const OFFLINE_AUDITS = new Set(['errors-in-console']);

function urlsIn(details: unknown): string[] {
  return JSON.stringify(details ?? null).match(/https?:\/\/[^"\s\\)]+/g) ?? [];
}

/**
 * How Lighthouse slows the page down: `simulate` (its default) loads it unthrottled and
 * estimates the metrics from the trace with its Lantern model; `devtools` slows the network and
 * the CPU for real while loading and reports what it observed.
 */
export type Throttling = 'simulate' | 'devtools';

/** One Lighthouse run; a run whose trace recording fails (it happens, e.g. NO_NAVSTART) is retried. */
export async function audit(
  url: string,
  port: number,
  preset: Preset,
  log: (line: string) => void,
  { attempts = 3, categories = CATEGORIES as readonly Category[], throttling = 'simulate' as Throttling } = {},
) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, logLevel: 'error', output: 'json', onlyCategories: [...categories], throttlingMethod: throttling },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) return result!.lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
    log(`lighthouse ${preset} ${url}: ${error.code}, again`);
  }
}

/** Scores, offline-adjusted scores and findings of one Lighthouse result. */
function summarize(
  lhr: { audits: unknown; categories: Record<string, { score: number | null; auditRefs: unknown[] } | undefined> },
  base: URL,
) {
  const audits = lhr.audits as Record<string, AuditResult>;
  const scores = {} as Record<Category, number>;
  const offlineAdjusted = {} as Record<Category, number>;
  const findings: Finding[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    let weighted = 0,
      adjusted = 0,
      weights = 0;
    for (const ref of (entry?.auditRefs ?? []) as AuditRef[]) {
      const audit = audits[ref.id];
      if (!audit || audit.score === null || ['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
      const urls = urlsIn(audit.details);
      const needsInternet = (u: string) => new URL(u).host !== base.host || new URL(u).pathname.startsWith(REMOTE_IMAGE_PATH_PREFIX);
      const failsOnlyOffline = audit.score < 1 && OFFLINE_AUDITS.has(audit.id) && urls.length > 0 && urls.every(needsInternet);
      if (audit.score < 1 && (ref.weight > 0 || audit.score < 0.9)) {
        const finding = {
          category,
          id: audit.id,
          title: audit.title,
          score: audit.score,
          failsOnlyOffline,
          urls: [...new Set(urls)].slice(0, 5),
        };
        findings.push(audit.displayValue ? { ...finding, displayValue: audit.displayValue } : finding);
      }
      weighted += ref.weight * audit.score;
      adjusted += ref.weight * (failsOnlyOffline ? 1 : audit.score);
      weights += ref.weight;
    }
    // Performance is scored from metric curves, not a plain mean: left as reported.
    offlineAdjusted[category] =
      category === 'performance' || weights === 0 || adjusted === weighted ? scores[category] : Math.round((100 * adjusted) / weights);
  }
  return { scores, offlineAdjusted, findings };
}

/**
 * Each page with each preset, `repeat` times (Lighthouse's own advice: scores vary from run to
 * run, the more so on a busy machine); the run with the median performance score is kept.
 */
export async function runLighthouse(
  base: URL,
  paths: string[],
  {
    presets = ['mobile', 'desktop'],
    repeat = 3,
    log = () => {},
  }: { presets?: Preset[]; repeat?: number; log?: (line: string) => void } = {},
): Promise<LighthouseRun[]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  const runs: LighthouseRun[] = [];
  try {
    for (const preset of presets) {
      for (const path of paths) {
        const tries: LighthouseRun[] = [];
        for (let i = 0; i < repeat; i++) {
          log(`lighthouse ${preset} ${path} (${i + 1}/${repeat})`);
          tries.push({ path, preset, ...summarize(await audit(new URL(path, base).href, chrome.port, preset, log), base) });
        }
        tries.sort((a, b) => a.scores.performance - b.scores.performance);
        runs.push(tries[Math.floor(tries.length / 2)]!);
      }
    }
  } finally {
    chrome.kill();
  }
  return runs;
}
