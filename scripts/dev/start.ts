/**
 * `npm start`: builds the client, publishes content/ to the local KV, then serves the site with
 * `wrangler dev` on the chosen port (`npm start -- --port 8795`, or `PORT=8795 npm start`; 8787
 * by default). Other arguments go to `wrangler dev`. Exit code 2 on a bad port.
 */
import { spawn, spawnSync } from 'node:child_process';
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

for (const script of ['build:client', 'upload']) {
  const { status } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

// `npm run` puts node_modules/.bin on PATH, so this is the project's wrangler on its own Node.
const wrangler = spawn('wrangler', ['dev', '--port', String(args.port), ...args.wranglerArgs], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => wrangler.kill(signal));
wrangler.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
