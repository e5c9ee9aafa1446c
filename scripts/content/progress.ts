/**
 * How far an upload's long stages are (rendering, cards, image copies, KV writes): lines through the upload's log, a
 * performance measure per stage (what bench/publish-scale.ts reads). I/O: the given log, the process's performance timeline.
 */

/** Counts one stage's items; a line now and then, a summary at the end. */
export interface StageProgress {
  /** `n` more items done, `cached` of them taken from a cache. */
  advance(n?: number, cached?: number): void;
  /** The summary line: count, time, rate, cache hits. None for a stage with no items. */
  end(): void;
}

export interface ProgressOptions {
  /** Items between two lines at least (default: a hundredth of the total, so never a line per item). */
  everyItems?: number;
  /** Milliseconds between two lines at least (default 2,000); a line waits for both. */
  everyMs?: number;
  now?: () => number;
}

/** Every progress line starts with its stage in brackets, `[render] `: what `npm start` prints as it comes. */
export const isProgressLine = (line: string): boolean => /^\[[A-Za-z ]+\] /.test(line);

/** The name of the performance measure a stage leaves (`upload render`, `upload KV writes`). */
export const measureName = (stage: string): string => `upload ${stage}`;

const count = (n: number) => n.toLocaleString('en');
/** `unit` is singular: `entry` → `entries`, `card` → `cards`. */
const counted = (n: number, unit: string) => `${count(n)} ${n === 1 ? unit : unit.replace(/y$/, 'ie')}${n === 1 ? '' : 's'}`;
const rate = (n: number, ms: number) => `${ms > 0 ? count(Math.round((n * 1000) / ms)) : '–'}/s`;

/** `[render] 2,400/10,000 entries, 240/s`, then `[render] 10,000 entries in 41.2 s, 243/s, 9,990 from the cache`. */
export function stageProgress(
  log: (line: string) => void,
  stage: string,
  total: number,
  unit: string,
  { everyItems = Math.max(1, Math.ceil(total / 100)), everyMs = 2000, now = () => performance.now() }: ProgressOptions = {},
): StageProgress {
  const started = now();
  let done = 0;
  let cached = 0;
  let lastLine = { at: started, done: 0 };
  let ended = false;
  return {
    advance(n = 1, hits = 0) {
      done += n;
      cached += hits;
      const at = now();
      if (done >= total || done - lastLine.done < everyItems || at - lastLine.at < everyMs) return;
      log(`[${stage}] ${count(done)}/${counted(total, unit)}, ${rate(done - lastLine.done, at - lastLine.at)}`);
      lastLine = { at, done };
    },
    end() {
      if (ended) return;
      ended = true;
      const ms = now() - started;
      performance.measure(measureName(stage), { start: started, duration: ms });
      if (done === 0) return;
      const hits = cached > 0 ? `, ${count(cached)} from the cache` : '';
      log(`[${stage}] ${counted(done, unit)} in ${(ms / 1000).toFixed(1)} s, ${rate(done, ms)}${hits}`);
    },
  };
}

/** `work`, told as it goes how many more items are done; then the summary. */
export async function withProgress<T>(
  log: (line: string) => void,
  stage: string,
  total: number,
  unit: string,
  work: (advance: (n: number) => void) => Promise<T>,
): Promise<T> {
  const progress = stageProgress(log, stage, total, unit);
  const result = await work((n) => progress.advance(n));
  progress.end();
  return result;
}

/** A step without items (reading KV, the plan): only its performance measure, for the benchmark. */
export async function measured<T>(stage: string, step: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await step();
  } finally {
    performance.measure(measureName(stage), { start, duration: performance.now() - start });
  }
}
