/**
 * `npm start`'s options: --port (else PORT, else 8787), --ip (localhost), --content (content/), --no-edge-cache; others
 * refused. Pure.
 */
import { parseArgs } from 'node:util';

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = 'localhost';
export const DEFAULT_CONTENT = 'content';

export interface StartArgs {
  port: number;
  host: string;
  contentDir: string;
  /** The stand-in for Workers Cache in front of the Worker (tools/edge-cache/); --no-edge-cache: none. */
  edgeCache: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const START_USAGE =
  'npm start [-- --port N] [--ip ADDRESS] [--content FOLDER] [--no-edge-cache]: serves the site on localhost:8787 (PORT=N also ' +
  'sets the port) behind a local stand-in for Workers Cache (none with --no-edge-cache) and publishes FOLDER (default content/) ' +
  'again on every save';

const parsePortError = (text: string | undefined, from: string) =>
  `${from} must be a port number from 1 to 65535, got ${text === undefined ? 'nothing' : `'${text}'`}`;

function parsePort(text: string, from: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) throw new UsageError(parsePortError(text, from));
  return port;
}

export const START_OPTIONS = {
  port: { type: 'string' },
  ip: { type: 'string' },
  content: { type: 'string' },
  'no-edge-cache': { type: 'boolean' },
} as const;

/** node:util parseArgs, its errors said as npm start's usage errors. */
function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: START_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const option = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
    if (option === '--no-edge-cache') throw new UsageError('--no-edge-cache takes no value');
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== '--port') throw new UsageError(`${option} needs a value`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new UsageError(parsePortError(undefined, '--port'));
    throw new UsageError(`unknown option '${option || argv.join(' ')}'. Usage: ${START_USAGE}`);
  }
}

export function parseStartArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): StartArgs {
  const { port, ip, content, 'no-edge-cache': noEdgeCache } = parse(argv);
  if (ip === '' || content === '') throw new UsageError(`--${ip === '' ? 'ip' : 'content'} needs a value`);
  const portText = port ?? (env.PORT === '' ? undefined : env.PORT);
  return {
    port: portText === undefined ? DEFAULT_PORT : parsePort(portText, port === undefined ? 'PORT' : '--port'),
    host: ip ?? DEFAULT_HOST,
    contentDir: content ?? DEFAULT_CONTENT,
    edgeCache: !noEdgeCache,
  };
}
