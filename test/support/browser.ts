/**
 * Real Chromium through playwright-core against the built Worker with the fixture site: the run's shared
 * site or a test's own. I/O: launches Chromium and workerd.
 */

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH } from '../../scripts/content/diagrams/chromium.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { standInForOtherHosts, TRANSPARENT_PNG } from './other-hosts.ts';
import { type SiteWorker, sharedWorker } from './shared-worker.ts';
import { type PublishedWorkerOptions, startPublishedWorker } from './worker-runtime.ts';

export interface Site<W extends SiteWorker = SiteWorker> {
  worker: W;
  /** Absolute URL on the running site. */
  url(path: string): string;
  /** A fresh browser context (cookies, storage) with a page that records console errors; closed by `close()`. */
  open(options?: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

type OwnSiteOptions = Pick<PublishedWorkerOptions, 'clientDiagrams' | 'extraEntries' | 'extraMedia'>;

/**
 * One Chromium per test worker, launched at its first use: the test files of a worker share their
 * modules (vitest.config.ts), and each site's own contexts keep its tests apart.
 */
let sharedBrowser: Promise<Browser> | undefined;
export function workerBrowser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({ executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  return sharedBrowser;
}

/**
 * Chromium against a site. Without options, the run's shared Worker: a test that only reads the
 * site. With options, a Worker of the test's own (stopped by `close()`), whose store it may change:
 * `clientDiagrams`, the content published with its diagrams left for the browser to draw;
 * `extraEntries` and `extraMedia`, markdown files and images published with the fixture site's (worker-runtime.ts).
 */
export function startSite(): Promise<Site>;
export function startSite(options: OwnSiteOptions): Promise<Site<LocalWorker>>;
export async function startSite(options?: OwnSiteOptions): Promise<Site> {
  const own = options && (await startPublishedWorker({ listen: true, ...options, outbound: standInForOtherHosts }));
  const worker = own ?? sharedWorker();
  const browser = await workerBrowser();
  const base = worker.url;
  const contexts = new Set<BrowserContext>();
  return {
    worker,
    url: (path) => new URL(path, base).href,
    async open(options) {
      const context = await browser.newContext(options);
      // No limit of Playwright's own on an action or a wait: the test's timeout bounds it (vitest.config.ts).
      context.setDefaultTimeout(0);
      contexts.add(context);
      // This machine has no internet: third-party images (GitHub, shields.io) get a stand-in.
      await context.route(
        (url) => url.hostname !== base.hostname,
        (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TRANSPARENT_PNG }),
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      return { context, page, errors };
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close()));
      await own?.dispose();
    },
  };
}
