/**
 * The origin `npm start` serves on, recorded in its state folder for the upload to sign local draft links for (else
 * PORT or 8787; a wildcard address is named localhost). I/O: that file; a process check.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { DEFAULT_HOST, DEFAULT_PORT } from '../start-args.ts';

const FILE = 'npm-start.json';
const recordSchema = z.object({ origin: z.url(), pid: z.number().int().positive() });

/** The origin a link to a server listening on `host`:`port` names. Pure. */
export function linkOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '[::]' ? DEFAULT_HOST : host;
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

/** Records `origin` as served from `stateDir`; the returned function removes the record. */
export function recordDevOrigin(stateDir: string, origin: string): () => void {
  const file = join(stateDir, FILE);
  writeFileSync(file, `${JSON.stringify({ origin, pid: process.pid })}\n`);
  return () => {
    // Another dev server may have started on the same state since: its record stays.
    if (readRecord(stateDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}

function readRecord(stateDir: string): z.infer<typeof recordSchema> | null {
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
export function runningDevOrigin(stateDir: string): string | null {
  const record = readRecord(stateDir);
  return record && alive(record.pid) ? record.origin : null;
}

/**
 * Where drafts published to the local state in `stateDir` are seen: the origin of the dev server
 * serving it now, else the one `npm start` would serve on with this environment.
 */
export function localSiteOrigin(stateDir: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const running = runningDevOrigin(stateDir);
  if (running !== null) return running;
  const port = Number(env.PORT);
  return linkOrigin(DEFAULT_HOST, /^\d+$/.test(env.PORT ?? '') && port >= 1 && port <= 65535 ? port : DEFAULT_PORT);
}
