/**
 * `npm start`'s options, pure: the port from `--port N` / `--port=N`, else PORT, else 8787; the
 * address to listen on from `--ip` (as `wrangler dev` named it; localhost by default); the
 * content folder from `--content` (content/ by default). Anything else is refused with the list.
 */
export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = 'localhost';
export const DEFAULT_CONTENT = 'content';

export interface StartArgs {
  port: number;
  host: string;
  contentDir: string;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const START_USAGE =
  'npm start [-- --port N] [--ip ADDRESS] [--content FOLDER]: serves the site on localhost:8787 (PORT=N also sets the port) ' +
  'and publishes FOLDER (default content/) again on every save';

function parsePort(text: string | undefined, from: string): number {
  const port = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || port < 1 || port > 65535) {
    throw new UsageError(`${from} must be a port number from 1 to 65535, got ${text === undefined ? 'nothing' : `'${text}'`}`);
  }
  return port;
}

function value(text: string | undefined, from: string): string {
  if (text === undefined || text === '' || text.startsWith('--')) throw new UsageError(`${from} needs a value`);
  return text;
}

export function parseStartArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): StartArgs {
  let port: number | undefined;
  let host = DEFAULT_HOST;
  let contentDir = DEFAULT_CONTENT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg];
    const next = () => (inline !== undefined ? inline : argv[++i]);
    if (name === '--port') port = parsePort(next(), '--port');
    else if (name === '--ip') host = value(next(), '--ip');
    else if (name === '--content') contentDir = value(next(), '--content');
    else throw new UsageError(`unknown option '${arg}'. Usage: ${START_USAGE}`);
  }
  if (port === undefined && env.PORT !== undefined && env.PORT !== '') port = parsePort(env.PORT, 'PORT');
  return { port: port ?? DEFAULT_PORT, host, contentDir };
}
