/** replayedTasks (bench/starlight/lantern-replay.ts): pure, no runtime. */
import { describe, expect, test } from 'vitest';
import { type LanternNode, type NodeTimings, replayedTasks } from '../../../bench/starlight/lantern-replay.ts';

const node = (id: string, type: LanternNode['type'], observedMs: number, events: [string, number][] = []): LanternNode => ({
  id,
  type,
  duration: observedMs * 1000,
  childEvents: events.map(([name, ms]) => ({ name, dur: ms * 1000 })),
});

const commit = node('commit', 'cpu', 40, [['DocumentLoader::CommitNavigation', 39]]);
const layout = node('layout', 'cpu', 30, [
  ['Layout', 25],
  ['UpdateLayoutTree', 4],
  ['Layout', 2],
  ['RunMicrotasks', 0.5],
]);
const paint = node('paint', 'cpu', 12, [['Paint', 10]]);
const html = node('html', 'network', 0);

describe('replayedTasks', () => {
  test('counts what each task runs past the simulated FCP beyond 50 ms, and marks the first-paint ones', () => {
    const firstPaint: NodeTimings = new Map([
      [html, { startTime: 0, endTime: 600 }],
      [layout, { startTime: 600, endTime: 720 }],
      [paint, { startTime: 720, endTime: 800 }],
    ]);
    const full: NodeTimings = new Map([
      [paint, { startTime: 880, endTime: 960 }],
      [html, { startTime: 0, endTime: 600 }],
      [commit, { startTime: 600, endTime: 760 }],
      [layout, { startTime: 760, endTime: 880 }],
    ]);
    const { fcpMs, tasks, tbtMs } = replayedTasks(full, firstPaint);
    expect(fcpMs).toBe(800);
    // Network nodes are not tasks; tasks come in replay order.
    expect(tasks.map((task) => task.start)).toEqual([600, 760, 880]);
    // The commit ends before FCP; the layout runs 80 ms past it (30 counted); the paint 80 ms (30).
    expect(tasks.map((task) => task.blockingMs)).toEqual([0, 30, 30]);
    expect(tasks.map((task) => task.inFirstPaint)).toEqual([false, true, true]);
    expect(tbtMs).toBe(60);
    // Each name once, only events over 1 ms.
    expect(tasks[1]).toMatchObject({ observedMs: 30, events: ['Layout', 'UpdateLayoutTree'] });
  });
});
