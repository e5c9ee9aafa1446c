/**
 * One `npm start` per checkout: claims the state folder's record before anything is built, or names the `npm start`
 * already there. The record goes when the process exits, however it ends but SIGKILL. I/O: the record, process events.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { type DevServerRecord, devRecordPath, liveDevRecord, removeOwnDevRecord, writeDevRecord } from './dev-origin.ts';

/** Signals that end `npm start`: exiting on them runs the exit listeners, which the default action would skip. */
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Records this process as the `npm start` of `stateDir`, to serve on `origin`, and returns null; or returns the record
 * of the one that runs there now (pid alive, port answering once it serves). A stale record is taken over.
 */
export async function claimDevState(stateDir: string, origin: string): Promise<DevServerRecord | null> {
  mkdirSync(stateDir, { recursive: true });
  let removedStale = false;
  for (;;) {
    try {
      writeDevRecord(stateDir, { origin, serving: false }, true);
      removeOnExit(stateDir);
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const running = await liveDevRecord(stateDir);
    if (running) return running;
    // Left by a server killed outright (SIGKILL, a crash of the machine), or unreadable: taken over, once.
    if (removedStale) throw new Error(`${devRecordPath(stateDir)} came back stale at once: is another npm start starting?`);
    rmSync(devRecordPath(stateDir), { force: true });
    removedStale = true;
  }
}

function removeOnExit(stateDir: string): void {
  // 'exit' runs on process.exit, the end of the event loop and an uncaught error; Miniflare exits on SIGINT and SIGTERM.
  process.on('exit', () => removeOwnDevRecord(stateDir));
  for (const signal of STOPPING_SIGNALS) process.once(signal, () => process.exit(128 + constants.signals[signal]));
}
