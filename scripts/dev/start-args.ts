/**
 * `npm start`'s options, pure: the port from `--port N` / `--port=N`, else PORT, else 8787;
 * every other argument is passed on to `wrangler dev` (for example `--ip 0.0.0.0`).
 */
export const DEFAULT_PORT = 8787;

export interface StartArgs {
  port: number;
  wranglerArgs: string[];
}

export class UsageError extends Error {
  override name = 'UsageError';
}

function parsePort(text: string | undefined, from: string): number {
  const port = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new UsageError(`${from} must be a port number from 1 to 65535, got ${text === undefined ? 'nothing' : `'${text}'`}`);
  }
  return port;
}

export function parseStartArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): StartArgs {
  let port: number | undefined;
  const wranglerArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--port') port = parsePort(argv[++i], '--port');
    else if (arg.startsWith('--port=')) port = parsePort(arg.slice('--port='.length), '--port');
    else wranglerArgs.push(arg);
  }
  if (port === undefined && env.PORT !== undefined && env.PORT !== '') port = parsePort(env.PORT, 'PORT');
  return { port: port ?? DEFAULT_PORT, wranglerArgs };
}
