/**
 * The save queue: one republish per save after the quiet time, exactly one more for events during it, never
 * two at once, settled() waits. Unit, with a hand-driven clock.
 */
import { describe, expect, test } from 'vitest';
import { saveQueue } from '../../../../scripts/dev/live/save-queue.ts';

/** A clock the test moves: timers fire only in advance(). */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  return {
    setTimer: (callback: () => void, ms: number) => {
      timers.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.callback();
      }
    },
    pending: () => timers.size,
  };
}

/** A republish per call that stays running until the test finishes it. */
function controlledRuns() {
  const calls: { paths: string[]; finish: () => void }[] = [];
  let active = 0;
  let most = 0;
  return {
    calls,
    most: () => most,
    run(paths: string[]): Promise<void> {
      active++;
      most = Math.max(most, active);
      return new Promise<void>((resolve) => {
        calls.push({
          paths,
          finish: () => {
            active--;
            resolve();
          },
        });
      });
    },
  };
}

/** A save queue on a hand-driven clock whose republishes finish when the test says. */
function queueWithRuns(quietMs: number) {
  const clock = manualClock();
  const runs = controlledRuns();
  return { clock, runs, queue: saveQueue({ quietMs, run: runs.run, ...clock }) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('saveQueue', () => {
  test('the several events of one save make one republish, once the quiet time has passed since the last', async () => {
    const { clock, runs, queue } = queueWithRuns(40);
    queue.saved('guide-a.md');
    clock.advance(30);
    queue.saved('.guide-a.md.swp');
    clock.advance(30);
    queue.saved('guide-a.md');
    clock.advance(39);
    expect(runs.calls).toHaveLength(0);
    clock.advance(1);
    expect(runs.calls.map((c) => c.paths)).toEqual([['.guide-a.md.swp', 'guide-a.md']]);
  });

  test('saves during a republish wait for it, then make exactly one more with all their paths', async () => {
    const { clock, runs, queue } = queueWithRuns(10);
    queue.saved('a.md');
    clock.advance(10);
    queue.saved('b.md');
    clock.advance(10);
    queue.saved('c.md');
    clock.advance(10);
    queue.saved('b.md');
    clock.advance(10);
    expect(runs.calls).toHaveLength(1);
    runs.calls[0]!.finish();
    await flush();
    expect(runs.calls.map((c) => c.paths)).toEqual([['a.md'], ['b.md', 'c.md']]);
    runs.calls[1]!.finish();
    await flush();
    expect(runs.calls).toHaveLength(2);
    expect(runs.most()).toBe(1);
  });

  test('settled() resolves only when nothing runs or waits', async () => {
    const { clock, runs, queue } = queueWithRuns(10);
    let settled = false;
    await queue.settled();
    queue.saved('a.md');
    void queue.settled().then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    clock.advance(10);
    queue.saved('b.md');
    runs.calls[0]!.finish();
    await flush();
    // b.md's quiet time has not passed yet.
    expect(settled).toBe(false);
    clock.advance(10);
    runs.calls[1]!.finish();
    await flush();
    expect(settled).toBe(true);
  });

  test('a republish that fails does not stop the next one', async () => {
    const clock = manualClock();
    const seen: string[][] = [];
    const queue = saveQueue({
      quietMs: 5,
      run: async (paths) => {
        seen.push(paths);
        if (seen.length === 1) throw new Error('KV went away');
      },
      ...clock,
    });
    queue.saved('a.md');
    clock.advance(5);
    await flush();
    queue.saved('b.md');
    clock.advance(5);
    await queue.settled();
    expect(seen).toEqual([['a.md'], ['b.md']]);
  });

  test('close() drops what waits and lets a running republish finish', async () => {
    const { clock, runs, queue } = queueWithRuns(10);
    queue.saved('a.md');
    clock.advance(10);
    queue.saved('b.md');
    queue.close();
    expect(clock.pending()).toBe(0);
    queue.saved('c.md');
    runs.calls[0]!.finish();
    await queue.settled();
    expect(runs.calls.map((c) => c.paths)).toEqual([['a.md']]);
  });
});
