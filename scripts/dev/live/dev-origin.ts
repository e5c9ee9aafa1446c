/**
 * `npm start`'s record in its state folder (npm-start.json: pid, origin, whether it serves yet), read by the upload to
 * sign local draft links for it and by a second `npm start` to refuse (one per checkout). I/O: that file; process and port checks.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import * as z from 'zod';
import { DEFAULT_HOST, DEFAULT_PORT } from '../start-args.ts';

const recordSchema = z.object({ origin: z.url(), pid: z.number().int().positive(), serving: z.boolean() });
export type DevServerRecord = z.infer<typeof recordSchema>;

/** Where the record of `npm start` serving `stateDir` is. */
export const devRecordPath = (stateDir: string): string => join(stateDir, 'npm-start.json');

/** How long a recorded port may take to accept a connection before it counts as not answering. */
const ANSWER_MS = 2000;

/** The origin a link to a server listening on `host`:`port` names. Pure. */
export function linkOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '[::]' ? DEFAULT_HOST : host;
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

/** Writes this process's record; `exclusive` fails with EEXIST when a record is there. */
export function writeDevRecord(stateDir: string, record: Omit<DevServerRecord, 'pid'>, exclusive = false): void {
  const text = `${JSON.stringify({ ...record, pid: process.pid })}\n`;
  writeFileSync(devRecordPath(stateDir), text, { flag: exclusive ? 'wx' : 'w' });
}

/** Removes the record if it is this process's: another dev server may have taken the state since. */
export function removeOwnDevRecord(stateDir: string): void {
  if (readDevRecord(stateDir)?.pid === process.pid) rmSync(devRecordPath(stateDir), { force: true });
}

/** Records `origin` as served by this process from `stateDir`; the returned function removes the record. */
export function recordDevOrigin(stateDir: string, origin: string): () => void {
  writeDevRecord(stateDir, { origin, serving: true });
  return () => removeOwnDevRecord(stateDir);
}

export function readDevRecord(stateDir: string): DevServerRecord | null {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(readFileSync(devRecordPath(stateDir), 'utf8')));
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

/** Whether something accepts a connection on the origin's host and port. */
function answers(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((done) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port), timeout: ANSWER_MS });
    const end = (answered: boolean) => {
      socket.destroy();
      done(answered);
    };
    socket.once('connect', () => end(true));
    socket.once('error', () => end(false));
    socket.once('timeout', () => end(false));
  });
}

/**
 * The `npm start` recorded in `stateDir` if it is still there: its pid alive and, once it serves, its port answering
 * (a pid alone may be another program's by now). Null for no record or a stale one (a server killed outright).
 */
export async function liveDevRecord(stateDir: string): Promise<DevServerRecord | null> {
  const record = readDevRecord(stateDir);
  if (record === null || !alive(record.pid)) return null;
  return !record.serving || (await answers(record.origin)) ? record : null;
}

/** The `npm start` serving `stateDir` now, for a link that must open: null when none answers. */
export async function runningDevServer(stateDir: string): Promise<DevServerRecord | null> {
  const record = await liveDevRecord(stateDir);
  return record?.serving ? record : null;
}

/**
 * Where drafts published to the local state in `stateDir` are seen: the origin of the dev server
 * serving it now, else the one `npm start` would serve on with this environment.
 */
export function localSiteOrigin(stateDir: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const record = readDevRecord(stateDir);
  if (record && alive(record.pid)) return record.origin;
  const port = Number(env.PORT);
  return linkOrigin(DEFAULT_HOST, /^\d+$/.test(env.PORT ?? '') && port >= 1 && port <= 65535 ? port : DEFAULT_PORT);
}
