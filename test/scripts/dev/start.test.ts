/** `npm start` (scripts/dev/start.ts) on bad usage: exit code 2 and the usage, before any build. */
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

test('an option npm start does not know, or a bad port, stops it with exit code 2 and says why', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/dev/start.ts', ...args], { encoding: 'utf8', env: { ...process.env, PORT: '' } });
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
