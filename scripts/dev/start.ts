/**
 * `npm start`: builds what is stale in dist/, then serves the site with live preview (docs/getting-started.md).
 * Exit 2 on bad usage, 1 when the build fails or the port is taken. I/O: runs the build and the dev server.
 */
import { ensureFreshBuild } from './fresh-build.ts';
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
try {
  if (ensureFreshBuild({ purpose: 'npm start' }).kind === 'fresh') console.log('dist/ is up to date with its sources: no build needed.');
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(1);
}

// Loaded after the build: the upload pipeline and Miniflare take a moment to import.
const { startDevServer } = await import('./live/dev-server.ts');
let server: Awaited<ReturnType<typeof startDevServer>>;
try {
  server = await startDevServer(args);
} catch (error) {
  const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  console.error(
    taken
      ? `npm start: port ${args.port} on ${args.host} is in use: stop what holds it, or choose another (npm start -- --port 8795)`
      : `npm start: ${(error as Error).message}`,
  );
  process.exit(1);
}
console.log(`\nReady on ${server.url.href}: saving a file in ${args.contentDir}/ publishes it and updates the open pages. Ctrl+C stops.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
