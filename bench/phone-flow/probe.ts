/**
 * What the phone flow records inside each document (an init script): paints, long tasks and the frames that held
 * them, Event Timing, taps, <h1> changes and bytes, in epoch ms, carried across full loads in sessionStorage.
 * I/O: the browser only.
 */
export const FLOW_STORAGE_KEY = 'phone-flow-documents';

export interface ResourceRecord {
  url: string;
  /** Bytes on the wire (headers and encoded body), as Resource Timing reports them. */
  bytes: number;
  end: number;
}

export interface DocumentRecord {
  id: string;
  url: string;
  origin: number;
  fcp: number | null;
  /** The last largest-contentful-paint candidate before the first input. */
  lcp: number | null;
  longTasks: { start: number; duration: number }[];
  /** Long animation frames over 50 ms: what held a long task (scripts by invoker and file, style and layout). */
  frames: LongFrame[];
  /** Event Timing: `processing` is when the handlers started and ended (epoch ms), for an INP's input delay and presentation. */
  events: { name: string; start: number; duration: number; interactionId: number; processing: [number, number] }[];
  firstInput: number | null;
  taps: number[];
  headings: { text: string; at: number }[];
  resources: ResourceRecord[];
}

export interface LongFrame {
  start: number;
  duration: number;
  styleAndLayoutMs: number;
  /** Each script that ran in the frame: its invoker, file and milliseconds. */
  scripts: string[];
}

/** The init script's source (a function, serialised by playwright-core's addInitScript). */
export function installProbe(storageKey: string): void {
  const origin = performance.timeOrigin;
  const epoch = (t: number) => origin + t;
  const record: DocumentRecord = {
    id: Math.random().toString(36).slice(2),
    url: location.href,
    origin,
    fcp: null,
    lcp: null,
    longTasks: [],
    frames: [],
    events: [],
    firstInput: null,
    taps: [],
    headings: [],
    resources: [],
  };
  (window as unknown as { __flow: DocumentRecord }).__flow = record;
  const observe = (type: string, options: Record<string, unknown>, each: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true, ...options });
    } catch {
      // An entry type this browser lacks: its figure stays empty.
    }
  };
  observe('paint', {}, (e) => {
    if (e.name === 'first-contentful-paint') record.fcp = epoch(e.startTime);
  });
  observe('largest-contentful-paint', {}, (e) => {
    if (record.firstInput === null) record.lcp = epoch(e.startTime);
  });
  observe('longtask', {}, (e) => record.longTasks.push({ start: epoch(e.startTime), duration: e.duration }));
  observe('long-animation-frame', {}, (e) => {
    type Script = { invoker: string; sourceURL: string; duration: number };
    const frame = e as PerformanceEntry & { styleAndLayoutStart: number; scripts: Script[] };
    if (frame.duration <= 50) return;
    record.frames.push({
      start: epoch(frame.startTime),
      duration: frame.duration,
      styleAndLayoutMs: frame.styleAndLayoutStart ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0,
      scripts: frame.scripts.map((s) => `${s.invoker} (${s.sourceURL.split('/').pop() || 'inline'}) ${Math.round(s.duration)} ms`),
    });
  });
  observe('event', { durationThreshold: 16 }, (e) => {
    const timing = e as PerformanceEventTiming & { interactionId?: number };
    const processing: [number, number] = [epoch(timing.processingStart), epoch(timing.processingEnd)];
    record.events.push({
      name: e.name,
      start: epoch(e.startTime),
      duration: e.duration,
      interactionId: timing.interactionId ?? 0,
      processing,
    });
  });
  const firstInput = (event: Event) => {
    if (record.firstInput === null) record.firstInput = epoch(event.timeStamp);
  };
  for (const type of ['touchstart', 'pointerdown', 'wheel', 'keydown'])
    addEventListener(type, firstInput, { capture: true, passive: true });
  // A tap: a touch that ends without moving (a scroll gesture moves).
  let touchAt = 0;
  let scrolled = false;
  const touch = { capture: true, passive: true };
  addEventListener(
    'touchstart',
    (e) => {
      touchAt = epoch(e.timeStamp);
      scrolled = false;
    },
    touch,
  );
  addEventListener(
    'touchmove',
    () => {
      scrolled = true;
    },
    touch,
  );
  addEventListener(
    'touchend',
    () => {
      if (!scrolled) record.taps.push(touchAt);
    },
    touch,
  );

  let shown: string | null = null;
  const heading = () => {
    const text = (document.querySelector('main h1') ?? document.querySelector('h1'))?.textContent?.trim() ?? null;
    if (!text || text === shown) return;
    shown = text;
    requestAnimationFrame(() => record.headings.push({ text, at: epoch(performance.now()) }));
  };
  new MutationObserver(heading).observe(document, { childList: true, subtree: true, characterData: true });

  const resources = (): ResourceRecord[] =>
    (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
      .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => ({ url: e.name, bytes: e.transferSize, end: epoch(e.responseEnd) }));
  (window as unknown as { __flowRead: () => DocumentRecord }).__flowRead = () => ({ ...record, resources: resources() });
  addEventListener('pagehide', () => {
    const kept = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as DocumentRecord[];
    kept.push({ ...record, resources: resources() });
    sessionStorage.setItem(storageKey, JSON.stringify(kept));
  });
}
