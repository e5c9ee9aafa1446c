/**
 * `npm test`: the tools the tests drive, then build, type-check, lint and every test; `npm test -- <files>`: the tools,
 * then only those tests; `npm run check:content`: Chromium, then the content check alone. Each ends with its wall time,
 * CPU seconds and the host's load. I/O: apt-get as root (test-tools.ts), npm scripts, vitest.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { CONTENT_CHECK_TOOLS, ensureTestTools, TEST_TOOLS, ToolsError } from './test-tools.ts';

const SLOWEST_FILES_REPORTER = './scripts/dev/slowest-files-reporter.ts';
const started = performance.now();
const loadAtStart = loadavg()[0]!;

/** CPU seconds (user and system) of the children this process has waited for, from /proc; null elsewhere. */
function childCpuSeconds(): number | null {
  try {
    // Fields 16 and 17 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    const perSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
    return ticks / perSecond;
  } catch {
    return null;
  }
}

function finish(what: string, status: number): never {
  const seconds = Math.round((performance.now() - started) / 1000);
  const cpu = childCpuSeconds();
  console.log(
    `\n${what}: ${status === 0 ? 'passed' : 'failed'} in ${Math.floor(seconds / 60)} min ${seconds % 60} s of wall time` +
      `${cpu === null ? '' : `, ${Math.round(cpu)} CPU seconds`}; host load ${loadAtStart.toFixed(1)} at the start, ` +
      `${loadavg()[0]!.toFixed(1)} at the end (1-minute averages, ${availableParallelism()} cores)`,
  );
  process.exit(status);
}

function run(what: string, command: string, args: string[]): void {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) finish(what, status ?? 1);
}

const args = process.argv.slice(2);
const content = args[0] === '--content';
const what = content ? 'check:content' : 'npm test';
try {
  ensureTestTools({ tools: content ? CONTENT_CHECK_TOOLS : TEST_TOOLS });
} catch (error) {
  if (!(error instanceof ToolsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (content) {
  run(what, 'vitest', ['run', '--project', 'content']);
} else if (args.length > 0) {
  run(what, 'vitest', ['run', ...args]);
} else {
  run(what, 'npm', ['run', 'build']);
  run(what, 'npm', ['run', 'typecheck']);
  run(what, 'npm', ['run', 'lint']);
  run(what, 'vitest', ['run', '--reporter=default', `--reporter=${SLOWEST_FILES_REPORTER}`]);
}
finish(what, 0);
