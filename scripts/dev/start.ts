/**
 * `npm start`: one per checkout; builds what is stale in dist/ (its output shown only on failure), then serves the site
 * with live preview (docs/getting-started.md). Exit 2 on bad usage, 1 when another runs, the build fails or the port is taken.
 */
import { constants } from 'node:os';
import { WRANGLER_STATE } from '../wrangler-state.ts';
import { ensureFreshBuild, runNpmScriptQuietly } from './fresh-build.ts';
import { localStateHolder } from './live/dev-origin.ts';
import { parseStartArgs, type StartArgs, UsageError } from './start-args.ts';

function startArgs(): StartArgs {
  try {
    return parseStartArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`npm start: ${error.message}`);
    process.exit(2);
  }
}

const args = startArgs();
// Told before any build; the dev server claims the state itself once built (dev-origin.ts).
const holder = localStateHolder(WRANGLER_STATE);
if (holder) {
  const who =
    holder.by === 'upload'
      ? 'an upload runs the local Worker of'
      : `another npm start ${holder.origin ? `serves ${holder.origin}` : 'is starting'} from`;
  console.error(`npm start: ${who} this checkout (pid ${holder.pid}): use it, or stop it first (kill ${holder.pid})`);
  process.exit(1);
}
// Exiting on these runs the 'exit' listeners (the state's record is removed), which their default action would skip.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(128 + constants.signals[signal]));

try {
  const started = performance.now();
  const plan = ensureFreshBuild({ purpose: 'npm start', run: runNpmScriptQuietly });
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(plan.kind === 'fresh' ? 'dist/ is up to date with its sources: no build needed.' : `Built in ${seconds} s.`);
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
}

// Loaded after the build: the upload pipeline and Miniflare take a moment to import.
const { startDevServer } = await import('./live/dev-server.ts');
try {
  const server = await startDevServer({ ...args, persistTo: WRANGLER_STATE });
  const edge = args.edgeCache ? ' Answers pass through a stand-in for Workers Cache (Cf-Cache-Status; --no-edge-cache: none).' : '';
  console.log(
    `\nReady on ${server.url.href}: saving a file in ${args.contentDir}/ publishes it and updates the open pages.${edge} Ctrl+C stops.`,
  );
} catch (error) {
  const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  console.error(
    taken
      ? `npm start: port ${args.port} on ${args.host} is in use: stop what holds it, or choose another (npm start -- --port 8795)`
      : `npm start: ${(error as Error).message}`,
  );
  process.exit(1);
}
