/**
 * `npm test`: without arguments, build, type-check, lint, every test, then its wall time and the five slowest files;
 * with arguments, only the matching tests (a unit test file needs no build and no browser). I/O: runs npm scripts and vitest.
 */
import { spawnSync } from 'node:child_process';

const SLOWEST_FILES_REPORTER = './scripts/dev/slowest-files-reporter.ts';
const started = performance.now();

function run(command: string, args: string[]): void {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) finish(status ?? 1);
}

function finish(status: number): never {
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`\nnpm test: ${status === 0 ? 'passed' : 'failed'} in ${Math.floor(seconds / 60)} min ${seconds % 60} s of wall time`);
  process.exit(status);
}

const filters = process.argv.slice(2);
if (filters.length > 0) {
  const { status } = spawnSync('vitest', ['run', ...filters], { stdio: 'inherit' });
  process.exit(status ?? 1);
}
run('npm', ['run', 'build']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);
run('vitest', ['run', '--reporter=default', `--reporter=${SLOWEST_FILES_REPORTER}`]);
finish(0);
