/** The phone flow's reading of what its probe recorded (bench/phone-flow/flow.ts `figures`), on made-up records. */
import { describe, expect, test } from 'vitest';
import { figures } from '../../../bench/phone-flow/flow.ts';
import type { DocumentRecord } from '../../../bench/phone-flow/probe.ts';
import type { Scenario } from '../../../bench/phone-flow/scenarios.ts';

const T0 = 1_700_000_000_000;
const NAV: Scenario = { name: 'nav tap at 1 s', page: 'article', steps: [{ tap: 'a' }], navigates: true, start: 'load + 1 s' };

function doc(extra: Partial<DocumentRecord>): DocumentRecord {
  return {
    id: 'x',
    url: 'http://site/',
    origin: T0,
    fcp: T0 + 800,
    lcp: T0 + 900,
    longTasks: [],
    frames: [],
    events: [],
    firstInput: null,
    taps: [],
    headings: [{ text: 'Old', at: T0 + 810 }],
    resources: [],
    ...extra,
  };
}

describe('figures', () => {
  test('in place: bytes before the first input, long tasks in its window only, the tap and its next <h1>', () => {
    const page = doc({
      firstInput: T0 + 2000,
      taps: [T0 + 2000],
      resources: [
        { url: 'http://site/', bytes: 20_000, end: T0 + 700 },
        { url: 'http://site/assets/entry-x.js', bytes: 6000, end: T0 + 1100 },
        { url: 'http://site/api/_analog/page-html/guide', bytes: 3000, end: T0 + 2150 },
      ],
      longTasks: [
        { start: T0 + 1500, duration: 120 },
        { start: T0 + 2100, duration: 40 },
        { start: T0 + 7100, duration: 300 },
      ],
      frames: [{ start: T0 + 2095, duration: 60, styleAndLayoutMs: 12, scripts: ['MutationCallback (entry-x.js) 30 ms'] }],
      events: [
        { name: 'pointerdown', start: T0 + 2000, duration: 24, interactionId: 7, processing: [T0 + 2010, T0 + 2012] },
        { name: 'click', start: T0 + 2001, duration: 48, interactionId: 7, processing: [T0 + 2031, T0 + 2040] },
      ],
      headings: [
        { text: 'Old', at: T0 + 810 },
        { text: 'Guides', at: T0 + 2230 },
      ],
    });
    expect(figures([page], NAV)).toEqual({
      fcpMs: 800,
      lcpMs: 900,
      bytesBeforeInput: 26_000,
      jsBytesBeforeInput: 6000,
      bytesTotal: 29_000,
      longTaskMaxMs: 40,
      longTaskTotalMs: 40,
      // The 120 ms task came before the input, within 3 s of the first paint.
      longTaskAfterPaintMaxMs: 120,
      aheadBytesBeforeInput: 0,
      longTasksBeforeInput: [{ afterPaintMs: 700, ms: 120, frame: 'no long animation frame recorded' }],
      longTasksSeen: [{ afterInputMs: 100, ms: 40, frame: 'MutationCallback (entry-x.js) 30 ms; style and layout 12 ms' }],
      inpMs: [48],
      // The click's entry is the longest: 30 ms waiting, 9 ms of handlers, 9 ms to its frame.
      tapParts: [{ delay: 30, handlers: 9, presentation: 9 }],
      tapToHeadingMs: 230,
      reloaded: false,
    });
  });

  test('a full load: the next document shows its <h1> no earlier than its first paint; the lost tap has no INP', () => {
    const first = doc({ firstInput: T0 + 2000, taps: [T0 + 2000], resources: [{ url: 'http://site/', bytes: 50_000, end: T0 + 700 }] });
    const next = doc({
      id: 'y',
      origin: T0 + 2100,
      fcp: T0 + 2900,
      headings: [{ text: 'Guides', at: T0 + 2600 }],
      longTasks: [{ start: T0 + 2700, duration: 90 }],
      resources: [{ url: 'http://site/guide', bytes: 40_000, end: T0 + 2500 }],
    });
    const result = figures([first, next], NAV);
    expect(result.reloaded).toBe(true);
    expect(result.tapToHeadingMs).toBe(900);
    expect(result.inpMs).toEqual([null]);
    expect(result.tapParts).toEqual([null]);
    expect(result.longTaskMaxMs).toBe(90);
    expect(result.longTasksSeen).toEqual([{ afterInputMs: 700, ms: 90, frame: 'no long animation frame recorded' }]);
    expect(result.bytesTotal).toBe(90_000);
  });

  test('a tap under the 16 ms threshold reads as 16; a page that does not navigate has no tap→h1', () => {
    const page = doc({ firstInput: T0 + 2000, taps: [T0 + 2000] });
    const copy: Scenario = { name: 'copy tap', page: 'code', steps: [{ tap: 'b' }], navigates: false, start: 'load + 1 s' };
    const result = figures([page], copy);
    expect(result.inpMs).toEqual([16]);
    expect(result.tapToHeadingMs).toBeNull();
  });

  test("pages fetched ahead: page-HTML answers (the home page's too) that ended before the first input, nothing else", () => {
    const page = doc({
      firstInput: T0 + 3000,
      taps: [T0 + 3000],
      resources: [
        { url: 'http://site/news', bytes: 20_000, end: T0 + 700 },
        { url: 'http://site/api/_analog/page-html/news/a', bytes: 2500, end: T0 + 2100 },
        { url: 'http://site/api/_analog/page-html/news/b', bytes: 2700, end: T0 + 2200 },
        { url: 'http://site/api/_analog/page-html', bytes: 2400, end: T0 + 2300 },
        { url: 'http://site/api/_analog/page-html/news/c', bytes: 2600, end: T0 + 3100 },
      ],
      longTasks: [{ start: T0 + 3900, duration: 70 }],
    });
    const result = figures([page], NAV);
    expect(result.aheadBytesBeforeInput).toBe(7600);
    // 3.1 s after the first paint: outside its window.
    expect(result.longTaskAfterPaintMaxMs).toBe(0);
  });

  test('no first paint seen: no figure for the window after it, not a zero', () => {
    const page = doc({ fcp: null, longTasks: [{ start: T0 + 900, duration: 200 }] });
    expect(figures([page], NAV).longTaskAfterPaintMaxMs).toBeNull();
  });
});
