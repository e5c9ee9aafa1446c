/**
 * `npm test`: without arguments, build, type-check, lint, every test, the ratio check last and alone; else matching tests.
 * I/O: runs npm scripts and vitest.
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
