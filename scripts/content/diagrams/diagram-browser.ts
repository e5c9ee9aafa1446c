/**
 * Draws mermaid diagrams at upload with mermaid's bundle in the maintainer's Chromium, Chrome or Edge (playwright-core).
 * I/O: launches a browser at the first diagram to draw; keeps drawn SVG on disk by source.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CACHE_ROOT, diskCache, jsonFormat } from '../build/disk-cache.ts';
import { CHROMIUM_FLAGS, findHeadlessBrowser } from './chromium.ts';
import { DIAGRAM_THEME_VARIABLES } from './diagram-svg.ts';

const require = createRequire(import.meta.url);
const MERMAID_VERSION: string = require('mermaid/package.json').version;
const MERMAID_BUNDLE = join(require.resolve('mermaid/package.json'), '..', 'dist', 'mermaid.min.js');

/**
 * The id every diagram is drawn with; mermaid scopes its CSS and marker ids by it. Each entry
 * gives its diagrams ids of their own when it embeds them (drawn-diagrams.ts).
 */
export const DRAWN_DIAGRAM_ID = 'mermaid-drawn-7f3c9a';

/** Part of every drawn diagram's cache key and of the entry hash: bump when the drawing changes. */
export const DIAGRAM_DRAWER_VERSION = `draw-1+mermaid-${MERMAID_VERSION}`;

const DEFAULT_DIAGRAM_CACHE_DIR = `${CACHE_ROOT}/race-element-diagrams`;

export type DrawnDiagram = { ok: true; svg: string } | { ok: false; error: string };

export interface DiagramDrawer {
  /** Where the browser is, for the upload's log. */
  readonly browser: string;
  /** Draws each source (in order); a source mermaid refuses gets its error. */
  draw(sources: string[]): Promise<DrawnDiagram[]>;
  close(): Promise<void>;
}

/** Mermaid's configuration for every diagram: strict security, the placeholder palette. */
const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'base',
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  themeVariables: DIAGRAM_THEME_VARIABLES,
};

/**
 * A drawer using the browser at `executablePath`, or null when none is found. Drawn SVG is
 * kept in `cacheDir` by drawer version and source.
 */
export function browserDiagramDrawer(
  executablePath: string | null = findHeadlessBrowser() ?? null,
  cacheDir = DEFAULT_DIAGRAM_CACHE_DIR,
): DiagramDrawer | null {
  if (!executablePath) return null;
  let started: Promise<{ browser: Browser; page: Page }> | undefined;
  const start = async () => {
    // Imported here: an upload whose diagrams are all drawn already never needs the browser driver.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
      await page.addScriptTag({ path: MERMAID_BUNDLE });
      await page.evaluate(
        (config) => (window as unknown as { mermaid: { initialize(c: unknown): void } }).mermaid.initialize(config),
        MERMAID_CONFIG,
      );
      return { browser, page };
    } catch (error) {
      await browser.close();
      throw error;
    }
  };
  const cache = diskCache<DrawnDiagram>(cacheDir, jsonFormat());
  const cacheKey = (source: string) => createHash('sha256').update(`${DIAGRAM_DRAWER_VERSION}\0${source}`).digest('hex');

  async function drawOne(source: string): Promise<DrawnDiagram> {
    const kept = await cache.get(cacheKey(source));
    if (kept) return kept;
    started ??= start();
    const { page } = await started;
    const id = DRAWN_DIAGRAM_ID;
    const drawn: DrawnDiagram = await page.evaluate(
      async ({ id, source }) => {
        const mermaid = (window as unknown as { mermaid: { render(id: string, text: string): Promise<{ svg: string }> } }).mermaid;
        try {
          return { ok: true as const, svg: (await mermaid.render(id, source)).svg };
        } catch (error) {
          document.getElementById(id)?.remove();
          document.getElementById(`d${id}`)?.remove();
          return { ok: false as const, error: String((error as Error)?.message ?? error).split('\n')[0] ?? 'unknown error' };
        }
      },
      { id, source },
    );
    if (drawn.ok) await cache.set(cacheKey(source), drawn);
    return drawn;
  }

  return {
    browser: executablePath,
    async draw(sources) {
      const results: DrawnDiagram[] = [];
      for (const source of sources) results.push(await drawOne(source));
      return results;
    },
    async close() {
      if (started) await (await started.catch(() => null))?.browser.close();
      started = undefined;
    },
  };
}
