/**
 * `npm test`. Without arguments, the whole check: build, type-check, lint (Biome), every test,
 * then its wall time and the five slowest test files. With arguments (`npm test --
 * test/worker/http/xsrf.test.ts`, or a part of a file name), only the matching tests: vitest's
 * globalSetup rebuilds dist/ first when sources are newer, and a unit test file needs neither a
 * build nor a browser. chromium and wrk are ensured before either, by the `pretest` script. The
 * benchmark's ratio check needs a quiet machine: `npm run bench` runs it, not this.
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
