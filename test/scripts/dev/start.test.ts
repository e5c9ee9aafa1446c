/** `npm start` (scripts/dev/start.ts) before any build: bad usage exits 2 with the usage; a second one in a checkout exits 1. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

const START = resolve('scripts/dev/start.ts');

test('an option npm start does not know, or a bad port, stops it with exit code 2 and says why', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [START, ...args], { encoding: 'utf8', env: { ...process.env, PORT: '' } });
  const unknown = run('--log-level', 'warn');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain(
    "npm start: unknown option '--log-level'. Usage: npm start [-- --port N] [--ip ADDRESS] [--content FOLDER]",
  );
  expect(unknown.stdout).not.toContain('Rebuilding');
  const port = run('--port', '0');
  expect(port.status).toBe(2);
  expect(port.stderr).toContain("npm start: --port must be a port number from 1 to 65535, got '0'");
});

test('a second npm start in a checkout refuses in one line naming the first one’s address and pid, and leaves its record', async () => {
  // A checkout of the test's own, whose running npm start is this process, serving on a port that answers.
  const checkout = mkdtempSync(join(tmpdir(), 'second-start-'));
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const record = join(checkout, '.wrangler/state/npm-start.json');
    mkdirSync(join(checkout, '.wrangler/state'), { recursive: true });
    const first = JSON.stringify({ pid: process.pid, by: 'npm start', origin });
    writeFileSync(record, first);
    const second = spawnSync(process.execPath, [START, '--port', '8796'], {
      cwd: checkout,
      encoding: 'utf8',
      env: { ...process.env, PORT: '' },
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toBe(
      `npm start: another npm start serves ${origin} from this checkout (pid ${process.pid}): use it, or stop it first (kill ${process.pid})\n`,
    );
    expect(second.stdout).toBe('');
    expect(readFileSync(record, 'utf8')).toBe(first);
  } finally {
    server.close();
    rmSync(checkout, { recursive: true, force: true });
  }
});
