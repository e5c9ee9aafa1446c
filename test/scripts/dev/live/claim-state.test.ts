/**
 * One `npm start` per checkout (scripts/dev/live/claim-state.ts): the record is claimed, refused while its server runs,
 * taken over when stale, and gone however the claiming process ends but SIGKILL. Child Node processes, a loopback port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DevServerRecord, devRecordPath, readDevRecord } from '../../../../scripts/dev/live/dev-origin.ts';

const CLAIM = resolve('scripts/dev/live/claim-state.ts');
let state: string;
let listener: Server;
/** Where the listener answers, and where nothing does any more (a port listened on, then closed). */
let listening: string;
let closedOrigin: string;

const listen = async (server: Server) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
};

beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'claim-state-'));
  listener = createServer((socket) => socket.destroy());
  listening = await listen(listener);
  const closed = createServer();
  closedOrigin = await listen(closed);
  await new Promise((done) => closed.close(done));
});
afterAll(() => {
  listener.close();
  rmSync(state, { recursive: true, force: true });
});

interface Claimer {
  child: ChildProcess;
  /** What claimDevState answered: null when it claimed, else the running server's record. */
  answer: DevServerRecord | null;
  exited: Promise<unknown>;
}

/** A Node process that claims `state`; having claimed it, it stays until a signal, or throws on a line of stdin. */
async function claimer(): Promise<Claimer> {
  const script = `import { claimDevState } from ${JSON.stringify(CLAIM)};
    const running = await claimDevState(${JSON.stringify(state)}, ${JSON.stringify(closedOrigin)});
    console.log(JSON.stringify(running));
    if (running === null) process.stdin.on('data', () => { throw new Error('an uncaught error'); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((done) => child.once('exit', done));
  const line = await new Promise<string>((answered, failed) => {
    createInterface({ input: child.stdout! }).once('line', answered);
    void exited.then(() => failed(new Error(`the claimer exited first: ${stderr}`)));
  });
  return { child, answer: JSON.parse(line) as DevServerRecord | null, exited };
}

const writeRecord = (record: DevServerRecord) => writeFileSync(devRecordPath(state), JSON.stringify(record));

test.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('a claim is recorded, and its record goes on %s', async (signal) => {
  const { child, answer, exited } = await claimer();
  expect(answer).toBeNull();
  expect(readDevRecord(state)).toEqual({ origin: closedOrigin, pid: child.pid, serving: false });
  child.kill(signal);
  await exited;
  expect(existsSync(devRecordPath(state))).toBe(false);
});

test('its record goes on an uncaught error too; SIGKILL leaves it, and the next claim takes it over', async () => {
  const failing = await claimer();
  failing.child.stdin!.write('throw\n');
  await failing.exited;
  expect(existsSync(devRecordPath(state))).toBe(false);

  const killed = await claimer();
  killed.child.kill('SIGKILL');
  await killed.exited;
  expect(readDevRecord(state)?.pid).toBe(killed.child.pid);
  const next = await claimer();
  expect(next.answer).toBeNull();
  expect(readDevRecord(state)?.pid).toBe(next.child.pid);
  next.child.kill('SIGTERM');
  await next.exited;
});

test('a record whose process lives is refused while it starts, and while it serves on a port that answers', async () => {
  // This test's own process stands for the running npm start.
  const serving = { origin: listening, pid: process.pid, serving: true };
  writeRecord(serving);
  const refused = await claimer();
  expect(refused.answer).toEqual(serving);
  await refused.exited;
  const starting = { origin: closedOrigin, pid: process.pid, serving: false };
  writeRecord(starting);
  const waits = await claimer();
  expect(waits.answer).toEqual(starting);
  await waits.exited;
  expect(readDevRecord(state)).toEqual(starting);
});

test('a record whose port no longer answers, or that cannot be read, is stale: taken over', async () => {
  for (const stale of [JSON.stringify({ origin: closedOrigin, pid: process.pid, serving: true }), '{"origin":']) {
    writeFileSync(devRecordPath(state), stale);
    const { child, answer, exited } = await claimer();
    expect(answer).toBeNull();
    expect(readDevRecord(state)?.pid).toBe(child.pid);
    child.kill('SIGINT');
    await exited;
  }
});
