/**
 * Turns saves' file events into republishes: debounced (one save is several events) and one at a time, none lost.
 * Pure logic: time from the timer functions given, the work from `run`.
 */

export interface SaveQueueOptions {
  /** Quiet time after the last event before a republish starts. */
  quietMs: number;
  /** The republish, given the paths changed since the last one; it reports its own failures. */
  run(paths: string[]): Promise<void>;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface SaveQueue {
  /** A file event on `path`. */
  saved(path: string): void;
  /** Resolves once no republish runs or waits: every event so far is published (or refused). */
  settled(): Promise<void>;
  /** Drops what waits; a republish already running finishes. */
  close(): void;
}

export function saveQueue({
  quietMs,
  run,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: SaveQueueOptions): SaveQueue {
  let pending = new Set<string>();
  let timer: unknown;
  let running: Promise<void> | undefined;
  /** The quiet time passed while a republish ran: start the next as soon as it ends. */
  let due = false;
  let closed = false;
  let idle: (() => void)[] = [];

  const settle = () => {
    if (timer !== undefined || running || pending.size > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };

  const start = () => {
    timer = undefined;
    if (closed) return;
    if (running) {
      due = true;
      return;
    }
    const paths = [...pending].sort();
    pending = new Set();
    running = run(paths)
      .catch(() => {})
      .finally(() => {
        running = undefined;
        if (due && !closed) {
          due = false;
          start();
        } else settle();
      });
  };

  return {
    saved(path) {
      if (closed) return;
      pending.add(path);
      if (timer !== undefined) clearTimer(timer);
      timer = setTimer(start, quietMs);
    },
    settled() {
      return new Promise((resolve) => {
        idle.push(resolve);
        settle();
      });
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      pending.clear();
      due = false;
      settle();
    },
  };
}
