/**
 * The options of `npm run upload` in one table: node:util parseArgs reads the command line from
 * it and `--help` prints it, so an option cannot exist without being listed.
 *
 * Pure: argv in, parsed options or a usage error out; the help text is a constant.
 */
import { parseArgs } from 'node:util';

interface OptionSpec {
  type: 'boolean' | 'string';
  short?: string;
  /** Shown after the flag in --help, for string options. */
  value?: string;
  default?: string | boolean;
  help: string;
}

export const UPLOAD_OPTIONS = {
  'dry-run': { type: 'boolean', default: false, help: 'validate, render and plan; write nothing' },
  strict: { type: 'boolean', default: false, help: 'treat warnings (content removed by sanitising) as errors: nothing is written' },
  remote: { type: 'boolean', default: false, help: 'publish to the real namespace (needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)' },
  local: { type: 'boolean', default: false, help: 'publish to the local state that `npm start` serves (the default)' },
  verify: { type: 'boolean', default: false, help: 'write nothing: check that every key the manifest names exists and parses (local, or with --remote the real namespace)' },
  dir: { type: 'string', value: '<folder>', default: 'content', help: 'the content folder to publish (default: content)' },
  config: { type: 'string', value: '<file>', default: 'wrangler.toml', help: 'the Wrangler configuration naming the KV namespace (default: wrangler.toml)' },
  'persist-to': { type: 'string', value: '<folder>', help: 'where the local state lives (default: .wrangler/state, as `wrangler dev`)' },
  'no-render-cache': { type: 'boolean', default: false, help: 'render every file again, ignoring renders kept from earlier runs' },
  'preview-days': { type: 'string', value: '<days>', default: '7', help: 'how long the preview link printed for each draft works (default: 7; remote links need PREVIEW_SECRET)' },
  help: { type: 'boolean', short: 'h', default: false, help: 'print this help and exit' },
} as const satisfies Record<string, OptionSpec>;

type Spec = typeof UPLOAD_OPTIONS;
export type UploadArgs = {
  [K in keyof Spec]: Spec[K]['type'] extends 'boolean' ? boolean : Spec[K] extends { default: string } ? string : string | undefined;
};

export function usage(): string {
  const flags = Object.entries(UPLOAD_OPTIONS).map(([name, spec]: [string, OptionSpec]) => {
    const short = spec.short ? `-${spec.short}, ` : '';
    return [`  ${short}--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.help] as const;
  });
  const width = Math.max(...flags.map(([flag]) => flag.length)) + 2;
  return [
    'Usage: npm run upload -- [options]',
    '',
    'Publishes content/*.md to Workers KV: validates every file, renders the markdown, writes what',
    'changed, then the manifest. Exit code 0 on success; 1 when a file is invalid (nothing written),',
    'another upload holds the lock, or --verify finds a problem; 2 on bad usage.',
    '',
    'Options:',
    ...flags.map(([flag, help]) => `${flag.padEnd(width)}${help}`),
  ].join('\n');
}

export type ParsedCommand = { ok: true; args: UploadArgs } | { ok: false; error: string };

export function parseUploadArgs(argv: string[]): ParsedCommand {
  let values;
  try {
    values = parseArgs({ args: argv, options: UPLOAD_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return { ok: false, error: `${(error as Error).message} (npm run upload -- --help lists the options)` };
  }
  const args = values as UploadArgs;
  if (args.remote && args.local) return { ok: false, error: 'choose --local or --remote, not both' };
  if (args.verify && args['dry-run']) return { ok: false, error: '--verify writes nothing already; drop --dry-run' };
  const days = Number(args['preview-days']);
  if (!(days > 0 && days <= 365)) return { ok: false, error: `--preview-days must be a number of days from 1 to 365, got "${args['preview-days']}"` };
  return { ok: true, args };
}
