/**
 * Real Chromium (Debian's, at /usr/bin/chromium) driven by playwright-core, against the built
 * Worker served by workerd on a loopback port with the fixture site (fixture-site.ts) uploaded.
 */

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tools/chromium.ts';
import { type PublishedWorkerOptions, startPublishedWorker, type WorkerRuntime } from './worker-runtime.ts';

const CHROMIUM = CHROMIUM_PATH;
const FLAGS = CHROMIUM_FLAGS;

const TRANSPARENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * This machine has no internet: what the Worker fetches from other hosts (the articles' images
 * that the upload could not copy, worker/content/remote-image-route.ts) gets a stand-in image.
 */
async function standInForOtherHosts(request: Request): Promise<Response> {
  const { hostname } = new URL(request.url);
  if (hostname === '127.0.0.1' || hostname === 'localhost') return fetch(request.url, { method: request.method, headers: request.headers });
  return new Response(TRANSPARENT_PNG, { headers: { 'content-type': 'image/png' } });
}

export interface Site {
  worker: WorkerRuntime;
  browser: Browser;
  /** Absolute URL on the running site. */
  url(path: string): string;
  /** A fresh browser context (cookies, storage) with a page that records console errors. */
  open(options?: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/**
 * `clientDiagrams`: the content is published with its diagrams left for the browser to draw.
 * `extraEntries`: markdown files published with the fixture site's (worker-runtime.ts).
 */
export async function startSite({
  clientDiagrams = false,
  extraEntries = [],
}: Pick<PublishedWorkerOptions, 'clientDiagrams' | 'extraEntries'> = {}): Promise<Site> {
  const worker = await startPublishedWorker({ listen: true, clientDiagrams, extraEntries, outbound: standInForOtherHosts });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const base = worker.url;
  return {
    worker,
    browser,
    url: (path) => new URL(path, base).href,
    async open(options) {
      const context = await browser.newContext(options);
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
      await browser.close();
      await worker.dispose();
    },
  };
}
