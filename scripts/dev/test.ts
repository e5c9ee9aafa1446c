/**
 * `npm test`: the tools the tests drive, then build, type-check, lint and every test; `npm test -- <files>`: the tools,
 * then only those tests; `npm run check:content`: Chromium, then the content check alone. Each ends with its wall time,
 * the host's busy CPU seconds and its load. I/O: apt-get as root (test-tools.ts), npm scripts, vitest.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { CONTENT_CHECK_TOOLS, ensureTestTools, TEST_TOOLS, ToolsError } from './test-tools.ts';

const SLOWEST_FILES_REPORTER = './scripts/dev/slowest-files-reporter.ts';
const started = performance.now();
const loadAtStart = loadavg()[0]!;

/**
 * The host's busy CPU seconds so far (every process: user, nice, system, interrupts; not idle or I/O wait), from
 * /proc/stat's first line; null elsewhere. The whole host, because Chromium and workerd outlive the children this
 * process waits for, and on a CI machine the suite is all that runs.
 */
function hostBusySeconds(): number | null {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const perSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
    return (user! + nice! + system! + irq! + softirq! + steal!) / perSecond;
  } catch {
    return null;
  }
}
const busyAtStart = hostBusySeconds();

function finish(what: string, status: number): never {
  const seconds = Math.round((performance.now() - started) / 1000);
  const busyAtEnd = hostBusySeconds();
  const cores = availableParallelism();
  const busy =
    busyAtStart === null || busyAtEnd === null
      ? ''
      : `, the host's CPUs busy ${Math.round(busyAtEnd - busyAtStart)} s of ${seconds * cores}`;
  console.log(
    `\n${what}: ${status === 0 ? 'passed' : 'failed'} in ${Math.floor(seconds / 60)} min ${seconds % 60} s of wall time${busy} ` +
      `(${cores} cores); host load ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end (1-minute averages)`,
  );
  process.exit(status);
}

function run(what: string, command: string, args: string[]): void {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) finish(what, status ?? 1);
}

/** `npm run <script>` for each script at once, each one's output printed whole when it ends; fails if any fails. */
async function runScriptsAtOnce(what: string, scripts: string[]): Promise<void> {
  const statuses = await Promise.all(
    scripts.map(
      (script) =>
        new Promise<number>((resolve) => {
          const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (code) => {
            process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'done' : `failed (exit ${code})`}\n${Buffer.concat(output)}`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) finish(what, failed);
}

// Node keeps the compiled code of the modules it loads here: a run starts dozens of Node processes (vitest's workers,
// each upload a test runs, tsc, vite), and each one after the first skips compiling what they share.
process.env.NODE_COMPILE_CACHE ??= resolve('node_modules/.cache/node-compile-cache');

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
  // The checks beside the build, each after what it reads: the Worker's types import the client build's manifests.
  await runScriptsAtOnce(what, ['build:client', 'lint']);
  await runScriptsAtOnce(what, ['build:worker', 'typecheck']);
  run(what, 'vitest', ['run', '--reporter=default', `--reporter=${SLOWEST_FILES_REPORTER}`]);
}
finish(what, 0);
