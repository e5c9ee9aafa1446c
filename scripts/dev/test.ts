/**
 * `npm test`. Without arguments, the whole check: build, type-check, lint (Biome), every test, then the
 * benchmark ratio check last and alone (it compares throughputs, so nothing else may run beside
 * it). With arguments (`npm test -- test/worker/http/xsrf.test.ts`, or a part of a file name), only
 * the matching tests: vitest's globalSetup rebuilds dist/ first when sources are newer.
 * chromium and wrk are ensured before either, by the `pretest` script.
 */
import { spawnSync } from 'node:child_process';

function run(command: string, args: string[]): void {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

const filters = process.argv.slice(2);
if (filters.length > 0) {
  run('vitest', ['run', ...filters]);
} else {
  run('npm', ['run', 'build']);
  run('npm', ['run', 'typecheck']);
  run('npm', ['run', 'lint']);
  run('vitest', ['run', '--exclude', 'test/bench/ratio.test.ts']);
  run('vitest', ['run', 'test/bench/ratio.test.ts']);
}
