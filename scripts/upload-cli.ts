/** The options of `npm run upload` in one table that parseArgs reads and `--help` prints. Pure. */
import { type ParseArgsOptionDescriptor, parseArgs } from 'node:util';
import { previewNameProblem } from '../contracts/site-preview.ts';
import { DEFAULT_KEEP_VERSIONS, keptWording, MIN_KEEP_VERSIONS } from './content/publish/history.ts';

/** An option as parseArgs takes it, with its --help line: `value` is shown after the flag. */
type OptionSpec = ParseArgsOptionDescriptor & { value?: string; help: string };

// Flags default to false; a string option shows its `value` in --help, and may have a default.
const flag = (help: string) => ({ type: 'boolean', default: false, help }) as const;
const text = (value: string, help: string) => ({ type: 'string', value, help }) as const;
const textOr = (value: string, fallback: string, help: string) => ({ type: 'string', value, default: fallback, help }) as const;

export const UPLOAD_OPTIONS = {
  'dry-run': flag('validate, render and plan; write nothing'),
  strict: flag('treat warnings (content removed by sanitising) as errors: nothing is written'),
  remote: flag('publish to the real namespace (needs CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID and PUBLISH_SECRET)'),
  verify: flag('write nothing: check that every key the manifest names exists and parses (local, or with --remote the real namespace)'),
  dir: textOr('<folder>', 'content', 'the content folder to publish (default: content)'),
  config: textOr('<file>', 'wrangler.toml', 'with --remote: the Wrangler file naming the namespace and SITE_URL (default: wrangler.toml)'),
  'persist-to': textOr('<folder>', '.wrangler/state', 'the local state to publish to (default: .wrangler/state, what `npm start` serves)'),
  'client-diagrams': flag("leave mermaid diagrams to the visitor's browser instead of drawing them here with Chromium, Chrome or Edge"),
  'no-image-copies': flag('fetch no image shown from another host: those without a copy in <folder>/media/remote/ stay on their hosts'),
  preview: text('<name>', 'publish a whole-site preview named <name> (e.g. pr-42), not the live site, and print its signed link'),
  'remove-preview': text('<name>', 'remove the preview <name>: its link then says it no longer exists; its keys go with the next clean-up'),
  purge: flag(
    'write nothing: ask the Worker to purge the whole site from the cache in front of it, now and again once KV has settled; prints its purge queue (with --remote: the real site, needs PUBLISH_SECRET)',
  ),
  history: flag('write nothing: list the kept versions (number, time, who, entries added/changed/removed) and previews'),
  rollback: {
    ...flag('make version N live again (default: the one the live version replaced) with one manifest write; no entry is written'),
    value: '[N]',
  },
  keep: textOr(
    '<n>',
    String(DEFAULT_KEEP_VERSIONS),
    `versions kept (default: ${DEFAULT_KEEP_VERSIONS}): ${keptWording('<n>')}; and the newest <n> previews. Their keys survive the clean-up`,
  ),
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
    'Publishes content/*.md to Workers KV: validates every file, renders the markdown, writes what changed, then the',
    'manifest. Exit code 0 on success; 1 when a file is invalid (nothing written), another upload holds the publish lock,',
    'KV fails, the Worker cannot be asked to purge, or --verify finds a problem; 2 on bad usage.',
    'Without --remote it publishes to the local state, through the publish lock of the Worker `npm start` runs, or of one',
    'it runs itself when none does (then it builds dist/ first if stale).',
    'Once the manifest is live (an upload, a rollback), the Worker purges the pages that changed and the manifest from the',
    'cache in front of it, now or as soon as the purge limits allow (a refusal is retried by the Worker, not a failure),',
    'and again once every data centre reads the new manifest. `--purge` purges the whole site: what to run when a message',
    'says the cache may serve pages from before the live version.',
    '',
    'Options:',
    ...flags.map(([flag, help]) => `${flag.padEnd(width)}${help}`),
  ].join('\n');
}

export type ParsedCommand = { ok: true; args: UploadArgs; keep: number; rollbackTo: number | undefined } | { ok: false; error: string };

const refuse = (error: string): ParsedCommand => ({ ok: false, error });

export function parseUploadArgs(argv: string[]): ParsedCommand {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof UPLOAD_OPTIONS; strict: true; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: UPLOAD_OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    // Positionals are allowed for --rollback's version; node's hint about them only confuses here.
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    return refuse(`${message} (npm run upload -- --help lists the options)`);
  }
  const args = parsed.values as UploadArgs;
  const { positionals } = parsed;
  const modes = [args.verify, args.history, args.rollback, args.purge, args.preview !== undefined, args['remove-preview'] !== undefined];
  if (modes.filter(Boolean).length > 1)
    return refuse('choose one of --verify, --history, --rollback, --purge, --preview and --remove-preview');
  for (const flag of ['preview', 'remove-preview'] as const) {
    const name = args[flag];
    const problem = name === undefined ? null : previewNameProblem(name);
    if (problem) return refuse(`--${flag}: ${problem}`);
  }
  if (args['dry-run'] && (args.preview !== undefined || args['remove-preview'] !== undefined))
    return refuse('--dry-run is for live uploads: a preview is itself the way to look before publishing');
  if (args.verify && args['dry-run']) return refuse('--verify writes nothing already; drop --dry-run');
  if (args['dry-run'] && (args.history || args.rollback || args.purge))
    return refuse('--dry-run is for uploads; --history writes nothing, and --rollback and --purge have no dry run');
  const keep = Number(args.keep);
  if (!Number.isInteger(keep) || keep < MIN_KEEP_VERSIONS)
    return refuse(`--keep takes a whole number of versions, at least ${MIN_KEEP_VERSIONS} (the live one and the one before it)`);
  const rollbackTo = positionals.length === 1 && args.rollback ? Number(positionals[0]) : undefined;
  if (positionals.length > (args.rollback ? 1 : 0) || (rollbackTo !== undefined && !(Number.isInteger(rollbackTo) && rollbackTo >= 0)))
    return refuse(`unexpected argument ${positionals.join(' ')} (only --rollback takes one: a version number)`);
  return { ok: true, args, keep, rollbackTo };
}
