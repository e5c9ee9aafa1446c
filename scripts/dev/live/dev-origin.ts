/**
 * Which process runs the local Worker on a state folder (`npm start` or an upload), and the origin `npm start` serves
 * on, for the upload's publish lock and links (a wildcard address is named localhost). I/O: that file; process and port checks.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import * as z from 'zod';
import { DEFAULT_HOST } from '../start-args.ts';

const FILE = 'npm-start.json';
const recordSchema = z.object({
  pid: z.number().int().positive(),
  by: z.enum(['npm start', 'upload']).default('npm start'),
  /** Set once `npm start` listens. */
  origin: z.url().optional(),
});
export type StateHolder = z.infer<typeof recordSchema>;

/** The origin a link to a server listening on `host`:`port` names. Pure. */
export function linkOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '[::]' ? DEFAULT_HOST : host;
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

export interface LocalStateClaim {
  /** `npm start`'s origin, once it listens. */
  record(origin: string): void;
  release(): void;
}

/**
 * Makes this process the one running the Worker on `stateDir` (two workerd on one Durable Object's SQLite are not
 * safe), or returns the live process that is. The record is created exclusively; a dead process's is replaced.
 */
export function claimLocalState(stateDir: string, by: StateHolder['by']): LocalStateClaim | StateHolder {
  const file = join(stateDir, FILE);
  mkdirSync(stateDir, { recursive: true });
  const write = (record: StateHolder, flag: 'wx' | 'w') => writeFileSync(file, `${JSON.stringify(record)}\n`, { flag });
  for (;;) {
    try {
      write({ pid: process.pid, by }, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readRecord(stateDir);
      if (holder && alive(holder.pid)) return holder;
      rmSync(file, { force: true });
    }
  }
  const mine = () => readRecord(stateDir)?.pid === process.pid;
  const release = () => {
    process.off('exit', release);
    if (mine()) rmSync(file, { force: true });
  };
  // However the process ends but SIGKILL (a crash's record is replaced: its pid is dead).
  process.on('exit', release);
  return { record: (origin) => mine() && write({ pid: process.pid, by, origin }, 'w'), release };
}

/** The live process that runs the Worker on `stateDir`, if any: what a second `npm start` or an upload is told. */
export function localStateHolder(stateDir: string): StateHolder | null {
  const record = readRecord(stateDir);
  return record && alive(record.pid) ? record : null;
}

function readRecord(stateDir: string): StateHolder | null {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(readFileSync(join(stateDir, FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The origin of the dev server serving the local state in `stateDir` now, or null when none runs. */
function runningDevOrigin(stateDir: string): string | null {
  const record = readRecord(stateDir);
  return record?.origin && alive(record.pid) ? record.origin : null;
}

/** Whether something accepts a connection on the origin's host and port within 2 s. */
function answers(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((done) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), timeout: 2000 });
    const end = (answered: boolean) => {
      socket.destroy();
      done(answered);
    };
    socket.once('connect', () => end(true));
    socket.once('error', () => end(false));
    socket.once('timeout', () => end(false));
  });
}

/** The origin of the `npm start` serving `stateDir` now, for a link that must open: its pid alive and its port answering. */
export async function runningDevServer(stateDir: string): Promise<string | null> {
  const origin = runningDevOrigin(stateDir);
  return origin !== null && (await answers(origin)) ? origin : null;
}
