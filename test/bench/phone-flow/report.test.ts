/** The phone flow's verdicts on the first-paint targets (bench/phone-flow/report.ts), on made-up rows. */
import { describe, expect, test } from 'vitest';
import type { FlowFigures } from '../../../bench/phone-flow/flow.ts';
import { afterPaintVerdict, type FlowRow, firstPaintTapVerdict } from '../../../bench/phone-flow/report.ts';

function run(extra: Partial<FlowFigures>): FlowFigures {
  return {
    fcpMs: 800,
    lcpMs: 900,
    bytesBeforeInput: 20_000,
    jsBytesBeforeInput: 5000,
    bytesTotal: 30_000,
    longTaskMaxMs: 0,
    longTaskTotalMs: 0,
    longTaskAfterPaintMaxMs: 30,
    aheadBytesBeforeInput: 0,
    longTasksSeen: [],
    longTasksBeforeInput: [],
    inpMs: [40],
    tapParts: [null],
    tapToHeadingMs: 300,
    reloaded: false,
    ...extra,
  };
}

const row = (page: FlowRow['page'], runs: FlowFigures[], failures: string[] = []): FlowRow => ({
  site: 'this site',
  page,
  scenario: 'nav tap at first paint',
  path: `/${page}`,
  runs,
  failures,
});

describe('no long task in the 3 s after the first paint', () => {
  test('met when every run measured one of 50 ms or less; each run printed', () => {
    const lines = afterPaintVerdict([row('article', [run({}), run({ longTaskAfterPaintMaxMs: 50 })])]);
    expect(lines[0]).toBe('no long task over 50 ms in the first 3 s after the first paint, in every run: met (longest 50 ms)');
    expect(lines[1]).toBe('  longest task in the 3 s after the first paint, article, nav tap at first paint, per run (ms): 30, 50');
  });

  test('not met by one run over 50 ms', () => {
    expect(afterPaintVerdict([row('guide', [run({}), run({ longTaskAfterPaintMaxMs: 51 })])])[0]).toMatch(/NOT met, 1 of 2 runs/);
  });

  test('fails on a run without the figure, a failed run, or no run at all', () => {
    expect(afterPaintVerdict([row('guide', [run({ longTaskAfterPaintMaxMs: null })])])[0]).toMatch(/fails: no figure for 1 of 1 runs/);
    expect(afterPaintVerdict([row('guide', [run({})], ['timeout'])])[0]).toMatch(/fails: no figure for 1 of 2 runs/);
    expect(afterPaintVerdict([])[0]).toMatch(/fails: no figure \(no run\)/);
  });
});

describe('INP of the navigation tap at first paint', () => {
  test('met when every run answered within 100 ms; each run printed', () => {
    const parts = { delay: 70, handlers: 5, presentation: 25 };
    const lines = firstPaintTapVerdict([row('article', [run({ inpMs: [100], tapParts: [parts] }), run({ inpMs: [16] })])]);
    expect(lines[0]).toBe('INP of the navigation tap at first paint at most 100 ms, in every run: met (worst 100 ms)');
    expect(lines[1]).toBe('  INP of the tap at first paint, article, per run (ms): 100, 16');
    expect(lines[2]).toBe('  its parts, article, per run (ms, waiting for the main thread / handlers / to the next frame): 70/5/25, none');
  });

  test('not met by one run over 100 ms', () => {
    expect(firstPaintTapVerdict([row('article', [run({ inpMs: [104] }), run({})])])[0]).toMatch(
      /NOT met, 1 of 2 runs over \(worst 104 ms\)/,
    );
  });

  test('fails on a lost interaction, a failed run, or no first-paint scenario', () => {
    expect(firstPaintTapVerdict([row('article', [run({ inpMs: [null] })])])[0]).toMatch(/fails: no figure for 1 of 1 runs/);
    expect(firstPaintTapVerdict([row('article', [], ['no paint'])])[0]).toMatch(/fails: no figure for 1 of 1 runs/);
    expect(firstPaintTapVerdict([{ ...row('article', [run({})]), scenario: 'nav tap at 1 s' }])[0]).toMatch(/fails: no figure \(no run\)/);
  });
});
