/** The upload's progress lines on a clock the test moves: a line waits for both its items and its time, then a summary. Unit. */
import { expect, test } from 'vitest';
import { isProgressLine, measureName, stageProgress, withProgress } from '../../../scripts/content/progress.ts';

function clocked() {
  let now = 0;
  return {
    now: () => now,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

test('10,000 items over 40 s: a line every 2 s once a hundredth more is done, never one per item; then the summary', () => {
  const lines: string[] = [];
  const clock = clocked();
  const progress = stageProgress((line) => lines.push(line), 'render', 10_000, 'entry', { now: clock.now });
  for (let i = 0; i < 10_000; i++) {
    clock.tick(4);
    progress.advance(1, i % 10 === 0 ? 0 : 1);
  }
  progress.end();
  expect(lines).toHaveLength(20);
  expect(lines[0]).toBe('[render] 500/10,000 entries, 250/s');
  expect(lines[18]).toBe('[render] 9,500/10,000 entries, 250/s');
  expect(lines.at(-1)).toBe('[render] 10,000 entries in 40.0 s, 250/s, 9,000 from the cache');
  expect(lines.every(isProgressLine)).toBe(true);
});

test('a fast stage prints its summary alone; a slow trickle waits for its hundredth; an empty stage prints nothing', () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const clock = clocked();
  const fast = stageProgress(log, 'cards', 28, 'card', { now: clock.now });
  for (let i = 0; i < 28; i++) fast.advance(1, 1);
  clock.tick(500);
  fast.end();
  expect(lines).toEqual(['[cards] 28 cards in 0.5 s, 56/s, 28 from the cache']);

  lines.length = 0;
  const slow = stageProgress(log, 'KV writes', 1000, 'value', { now: clock.now });
  clock.tick(10_000);
  for (let i = 0; i < 9; i++) slow.advance();
  expect(lines).toEqual([]);
  slow.advance();
  expect(lines).toEqual(['[KV writes] 10/1,000 values, 1/s']);

  lines.length = 0;
  stageProgress(log, 'image copies', 0, 'image', { now: clock.now }).end();
  expect(lines).toEqual([]);
});

test('withProgress counts what the work reports and leaves a performance measure for the benchmark', async () => {
  const lines: string[] = [];
  performance.clearMeasures(measureName('KV writes'));
  await withProgress(
    (line) => lines.push(line),
    'KV writes',
    3,
    'value',
    async (advance) => {
      advance(2);
      advance(1);
    },
  );
  expect(lines).toEqual([expect.stringMatching(/^\[KV writes\] 3 values in \d+\.\d s, [\d,–]+\/s$/)]);
  expect(performance.getEntriesByName(measureName('KV writes'))).toHaveLength(1);
});
