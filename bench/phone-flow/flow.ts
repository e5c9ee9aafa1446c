/**
 * One scenario on one site on a fresh emulated phone: load, the scenario's steps, the next <h1>, then the probe's
 * records read into figures. I/O: a browser context; requests to the site.
 */
import type { Browser } from 'playwright-core';
import { centre, type Point, readAll, watchFirstPaint } from './page-reads.ts';
import { openPhone, type Phone, swipe } from './phone.ts';
import type { DocumentRecord } from './probe.ts';
import type { Scenario } from './scenarios.ts';

/** After the first input, how long long tasks are counted. */
export const LONG_TASK_WINDOW_MS = 5000;
/** After the first contentful paint, how long long tasks are counted apart (the "first 3 s"). */
export const AFTER_PAINT_WINDOW_MS = 3000;
/** What the site fetches ahead of a tap: the page-HTML API (client/browser/prefetch.ts), the home page's at its prefix. */
const AHEAD_PATH = '/api/_analog/page-html';
const isAhead = (url: string) => {
  const { pathname } = new URL(url);
  return pathname === AHEAD_PATH || pathname.startsWith(`${AHEAD_PATH}/`);
};
const START_DELAY_MS = 1000;
const HEADING_TIMEOUT_MS = 20_000;

export interface FlowFigures {
  fcpMs: number | null;
  lcpMs: number | null;
  bytesBeforeInput: number;
  jsBytesBeforeInput: number;
  /** Every byte of the tab, first load to the end of the window. */
  bytesTotal: number;
  longTaskMaxMs: number;
  longTaskTotalMs: number;
  /** The longest task from the first contentful paint to AFTER_PAINT_WINDOW_MS after it, input or not; null: no paint seen. */
  longTaskAfterPaintMaxMs: number | null;
  /** Bytes of pages fetched ahead (the page-HTML API) before the first input. */
  aheadBytesBeforeInput: number;
  /** Each of those long tasks: when after the first input, how long, and what its frame ran. */
  longTasksSeen: { afterInputMs: number; ms: number; frame: string }[];
  /** Each long task of the window after the first paint, before the first input: when after the paint, how long, its frame. */
  longTasksBeforeInput: { afterPaintMs: number; ms: number; frame: string }[];
  /** Each tap's interaction duration (Event Timing); 16 stands for "under the 16 ms threshold"; null: lost with its document. */
  inpMs: (number | null)[];
  /** Each tap's interaction in parts (tapParts), in the order of inpMs. */
  tapParts: (TapParts | null)[];
  /** Last tap → the next page's <h1> shown; null when the scenario does not navigate or it never showed. */
  tapToHeadingMs: number | null;
  /** The navigation loaded a new document. */
  reloaded: boolean;
}

export interface TapParts {
  delay: number;
  handlers: number;
  presentation: number;
}

export async function runFlow(browser: Browser, base: URL, path: string, scenario: Scenario): Promise<FlowFigures> {
  const phone = await openPhone(browser);
  try {
    const url = new URL(path, base).href;
    if (scenario.start === 'first paint') {
      const { painted } = await watchFirstPaint(phone);
      await phone.page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await painted;
    } else {
      await phone.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      await phone.page.waitForTimeout(START_DELAY_MS);
    }
    await doSteps(phone, scenario);
    const docs = await waitForEnd(phone, scenario);
    return figures(docs, scenario);
  } finally {
    await phone.context.close();
  }
}

async function doSteps(phone: Phone, scenario: Scenario): Promise<void> {
  // Where each tap lands, read before the first input: reading the page later would wait for
  // its main thread, and a tap must land whenever the reader's finger does.
  const points = new Map<string, Point>();
  for (const step of scenario.steps) if ('tap' in step) points.set(step.tap, await centre(phone, step.tap));
  for (const step of scenario.steps) {
    if ('swipe' in step) await swipe(phone, step.swipe);
    else if ('wait' in step) await phone.page.waitForTimeout(step.wait);
    else {
      // Hidden until an earlier tap opened its menu: read now.
      const point = points.get(step.tap) ?? (await centre(phone, step.tap));
      if (!point) throw new Error(`${scenario.name} on ${scenario.page}: nothing to tap at ${step.tap}`);
      await phone.page.touchscreen.tap(point.x, point.y);
    }
  }
}

async function waitForEnd(phone: Phone, scenario: Scenario): Promise<DocumentRecord[]> {
  const { page } = phone;
  const started = Date.now();
  let docs = await readAll(phone);
  const lastTap = () => Math.max(...docs.flatMap((d) => d.taps));
  if (scenario.navigates) {
    while (!docs.some((d) => d.headings.some((h) => h.at > lastTap())) && Date.now() - started < HEADING_TIMEOUT_MS) {
      await page.waitForTimeout(100);
      docs = await readAll(phone);
    }
  }
  const firstInput = docs.find((d) => d.firstInput !== null)?.firstInput ?? Date.now();
  const left = firstInput + LONG_TASK_WINDOW_MS + 300 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
  return readAll(phone);
}

/** The Event Timing entries of the first interaction starting at or after a tap. */
function tapEntries(doc: DocumentRecord, tap: number): DocumentRecord['events'] {
  const interactions = doc.events.filter((e) => e.interactionId > 0 && e.start >= tap - 1);
  if (interactions.length === 0) return [];
  const first = interactions.reduce((a, b) => (b.start < a.start ? b : a));
  return interactions.filter((e) => e.interactionId === first.interactionId);
}

/** One tap's interaction: its longest Event Timing entry. */
function tapDuration(doc: DocumentRecord, tap: number, unloaded: boolean): number | null {
  const entries = tapEntries(doc, tap);
  if (entries.length === 0) return unloaded ? null : 16;
  return Math.max(...entries.map((e) => e.duration));
}

/**
 * Where a tap's interaction went, from its longest entry (the one its INP is): waiting for the main thread, its
 * handlers, then its next frame (Event Timing's processing start and end); null under the 16 ms threshold or lost
 * with its document.
 */
function tapParts(doc: DocumentRecord, tap: number): TapParts | null {
  const entries = tapEntries(doc, tap);
  if (entries.length === 0) return null;
  const longest = entries.reduce((a, b) => (b.duration > a.duration ? b : a));
  const [handlersStart, handlersEnd] = longest.processing;
  const round = (ms: number) => Math.max(0, Math.round(ms));
  return {
    delay: round(handlersStart - longest.start),
    handlers: round(handlersEnd - handlersStart),
    presentation: round(longest.start + longest.duration - handlersEnd),
  };
}

/** What the long animation frame that holds a long task ran, in words. */
function frameOf(docs: DocumentRecord[], task: { start: number; duration: number }): string {
  const frame = docs.flatMap((d) => d.frames).find((f) => f.start <= task.start + 1 && task.start < f.start + f.duration);
  if (!frame) return 'no long animation frame recorded';
  const style = `style and layout ${Math.round(frame.styleAndLayoutMs)} ms`;
  return frame.scripts.length ? `${frame.scripts.join(', ')}; ${style}` : `no script; ${style}`;
}

export function figures(docs: DocumentRecord[], scenario: Scenario): FlowFigures {
  const first = docs[0]!;
  const firstInput = docs.find((d) => d.firstInput !== null)?.firstInput ?? Number.POSITIVE_INFINITY;
  const before = first.resources.filter((r) => r.end <= firstInput);
  const isJs = (url: string) => /\.m?js(\?|$)/.test(new URL(url).pathname);
  const tasks = docs.flatMap((d) => d.longTasks).filter((t) => t.start >= firstInput && t.start <= firstInput + LONG_TASK_WINDOW_MS);
  const paint = first.fcp ?? Number.POSITIVE_INFINITY;
  const afterPaint = docs.flatMap((d) => d.longTasks).filter((t) => t.start >= paint && t.start <= paint + AFTER_PAINT_WINDOW_MS);
  const taps = docs.flatMap((d, i) => d.taps.map((tap) => ({ tap, doc: d, unloaded: i < docs.length - 1 && d.taps.at(-1) === tap })));
  const lastTap = taps.at(-1)?.tap ?? Number.POSITIVE_INFINITY;
  const heading = docs.flatMap((d) => d.headings.map((h) => ({ ...h, doc: d }))).find((h) => h.at > lastTap);
  // A document that replaced another shows its <h1> at its first paint at the earliest.
  const shownAt = heading ? Math.max(heading.at, heading.doc.fcp ?? 0) : null;
  return {
    fcpMs: first.fcp === null ? null : first.fcp - first.origin,
    lcpMs: first.lcp === null ? null : first.lcp - first.origin,
    bytesBeforeInput: before.reduce((sum, r) => sum + r.bytes, 0),
    jsBytesBeforeInput: before.filter((r) => isJs(r.url)).reduce((sum, r) => sum + r.bytes, 0),
    bytesTotal: docs.flatMap((d) => d.resources).reduce((sum, r) => sum + r.bytes, 0),
    longTaskMaxMs: Math.max(0, ...tasks.map((t) => t.duration)),
    longTaskTotalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
    longTaskAfterPaintMaxMs: first.fcp === null ? null : Math.max(0, ...afterPaint.map((t) => t.duration)),
    aheadBytesBeforeInput: before.filter((r) => isAhead(r.url)).reduce((sum, r) => sum + r.bytes, 0),
    longTasksBeforeInput: afterPaint
      .filter((t) => t.start < firstInput)
      .map((t) => ({ afterPaintMs: Math.round(t.start - paint), ms: Math.round(t.duration), frame: frameOf(docs, t) })),
    longTasksSeen: tasks.map((t) => ({
      afterInputMs: Math.round(t.start - firstInput),
      ms: Math.round(t.duration),
      frame: frameOf(docs, t),
    })),
    inpMs: taps.map(({ tap, doc, unloaded }) => tapDuration(doc, tap, unloaded)),
    tapParts: taps.map(({ tap, doc }) => tapParts(doc, tap)),
    tapToHeadingMs: scenario.navigates && shownAt !== null ? shownAt - lastTap : null,
    reloaded: docs.length > 1,
  };
}
