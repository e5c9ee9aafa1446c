/** One Lantern replay of Lighthouse read as main-thread tasks: when each ran, how long, what it adds to TBT. Pure. */

/** The parts of a Lantern graph node read here (Lantern does not export its node types). */
export interface LanternNode {
  type: 'cpu' | 'network';
  id: string;
  /** Observed duration in the trace, microseconds. */
  duration: number;
  childEvents: { name: string; dur?: number }[];
}

/** Simulated start and end of each node, ms: `Simulator.allNodeTimings` holds one per replay. */
export type NodeTimings = Map<LanternNode, { startTime: number; endTime: number }>;

export interface ReplayedTask {
  start: number;
  end: number;
  observedMs: number;
  inFirstPaint: boolean;
  /** What the task adds to TBT in this replay, ms. */
  blockingMs: number;
  /** Trace events over 1 ms inside it, first four distinct names. */
  events: string[];
}

/** Lighthouse's long-task threshold. */
const BLOCKING_THRESHOLD_MS = 50;

/**
 * `full` is the replay of the whole page load (Lighthouse's `…Interactive`), `firstPaint` the
 * replay of the graph its FCP estimate uses (`…FirstContentfulPaint`), whose end is that FCP.
 */
export function replayedTasks(full: NodeTimings, firstPaint: NodeTimings): { fcpMs: number; tasks: ReplayedTask[]; tbtMs: number } {
  const fcpMs = Math.max(...[...firstPaint.values()].map((timing) => timing.endTime));
  const inFirstPaint = new Set([...firstPaint.keys()].map((node) => node.id));
  const tasks = [...full]
    .filter(([node]) => node.type === 'cpu')
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, { startTime, endTime }]) => ({
      start: startTime,
      end: endTime,
      observedMs: node.duration / 1000,
      inFirstPaint: inFirstPaint.has(node.id),
      blockingMs: Math.max(0, endTime - Math.max(startTime, fcpMs) - BLOCKING_THRESHOLD_MS),
      events: [...new Set(node.childEvents.filter((event) => (event.dur ?? 0) > 1000).map((event) => event.name))].slice(0, 4),
    }));
  return { fcpMs, tasks, tbtMs: tasks.reduce((sum, task) => sum + task.blockingMs, 0) };
}
