/**
 * Every command README.md, docs/ and bench/README.md name runs as written: each `npm start`, `npm test` and
 * `npm run <script>` is a script of package.json, each flag given to it after `--` is one its parser takes, and each
 * `npx node <file>` names a file that reads its flags; no doc runs a .ts file with the system's `node`. Reads files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { START_OPTIONS } from '../../scripts/dev/start-args.ts';
import { UPLOAD_OPTIONS } from '../../scripts/upload-cli.ts';

const DOCS = ['README.md', ...readdirSync('docs').flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])), 'bench/README.md'];

/** One command a doc names: an npm script (`start`, `upload`, …) or, for `npx node`, a file; the flags given to it. */
interface Command {
  where: string;
  script?: string;
  file?: string;
  flags: string[];
}

const flagsOf = (args: string) => [...args.matchAll(/(?:^|[\s[(])(--?[a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
const NPM = /\bnpm (?:(start|test)|run ([\w:-]+))\b(?: -- ([^`]*))?/g;
const NPX_NODE = /\bnpx node ([^\s`]+)([^`]*)/g;

/** The commands in one piece of code (a code span or a line of a code block); a `#` comment ends it. */
function commandsInCode(code: string, where: string): Command[] {
  const text = code.replace(/\s#\s.*$/, '');
  return [
    ...[...text.matchAll(NPM)].map((m) => ({ where, script: m[1] ?? m[2]!, flags: flagsOf(m[3] ?? '') })),
    ...[...text.matchAll(NPX_NODE)].map((m) => ({ where, file: m[1]!, flags: flagsOf(m[2]!) })),
  ];
}

/**
 * The commands of a markdown text: in code spans and code blocks; in a table row that begins with a command (README's
 * npm scripts), the flags of the row's other code spans that begin with `-- ` are given to it too (`-- --preview <name>`).
 */
function commandsIn(markdown: string, file: string): Command[] {
  let fenced = false;
  return markdown.split('\n').flatMap((line, index) => {
    const where = `${file}:${index + 1}`;
    if (/^\s*```[\w-]*\s*$/.test(line)) {
      fenced = !fenced;
      return [];
    }
    if (fenced) return commandsInCode(line, where);
    const spans = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const [first = [], ...others] = spans.map((span) => commandsInCode(span, where));
    const row = /^\|\s*`/.test(line) ? first[0] : undefined;
    if (row)
      row.flags.push(
        ...spans
          .slice(1)
          .filter((span) => span.startsWith('-- '))
          .flatMap(flagsOf),
      );
    const commands = [...first, ...others.flat()];
    return commands;
  });
}

const optionFlags = (options: Record<string, { type: string; short?: string }>) =>
  Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);

/** Whether a source file reads `flag`: a parseArgs options key (`name: {`), a `short: 'x'`, or the flag written out. */
function readsFlag(source: string, flag: string): boolean {
  const name = flag.replace(/^--?/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!flag.startsWith('--')) return new RegExp(`short: ['"]${name}['"]`).test(source);
  return new RegExp(`['"\`]--${name}\\b|[{,\\s]['"]?${name}['"]?: *\\{`).test(source);
}

const inSource = (file: string) => (flag: string) => readsFlag(readFileSync(file, 'utf8'), flag);
const inTable = (flags: string[]) => (flag: string) => flags.includes(flag);

/** `vitest run --help`: the options `npm test -- …` passes on to vitest. */
function vitestFlags(): string[] {
  const help = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--help'], { encoding: 'utf8' }).stdout;
  return flagsOf(help);
}

/** Where each npm script's flags are defined: its parser's options table, or the source that reads them. */
const FLAG_SOURCES: Record<string, () => (flag: string) => boolean> = {
  start: () => inTable(optionFlags(START_OPTIONS)),
  upload: () => inTable(optionFlags(UPLOAD_OPTIONS)),
  test: () => {
    const vitest = vitestFlags();
    return (flag) => vitest.includes(flag) || inSource('scripts/dev/test.ts')(flag);
  },
  new: () => inSource('scripts/new-content.ts'),
  // `--world` and `--faults` hand the rest of the flags to their own runner.
  bench: () => (flag) => ['bench/run-bench.ts', 'bench/world/run.ts', 'bench/faults/run.ts'].some((file) => inSource(file)(flag)),
  'load-test': () => inSource('bench/load-test.ts'),
};

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const commands = DOCS.flatMap((file) => commandsIn(readFileSync(file, 'utf8'), file));

/** What is wrong with each command, as `file:line: problem`. */
function problems(): string[] {
  const takes = new Map<string, (flag: string) => boolean>();
  const takesFlag = (script: string, flag: string) => {
    if (!takes.has(script)) takes.set(script, FLAG_SOURCES[script]?.() ?? (() => false));
    return takes.get(script)!(flag);
  };
  return commands.flatMap(({ where, script, file, flags }) => {
    if (script !== undefined) {
      const command = script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
      if (!(script in scripts)) return [`${where}: ${command}: no such script in package.json`];
      const hint = FLAG_SOURCES[script] ? '' : ' (add its flag source to FLAG_SOURCES)';
      return flags.filter((flag) => !takesFlag(script, flag)).map((flag) => `${where}: ${command} does not take ${flag}${hint}`);
    }
    if (/[<>…[\]]/.test(file!)) return [];
    if (!existsSync(file!)) return [`${where}: npx node ${file}: no such file`];
    return flags.filter((flag) => !inSource(file!)(flag)).map((flag) => `${where}: ${file} does not read ${flag}`);
  });
}

describe('the extraction', () => {
  test('finds npm commands and their flags in code spans, code blocks and the rows of the scripts table', () => {
    const markdown = [
      'Run `npm start -- --port 8795` or `PORT=1 npm start`; `npm test -- -t "CSP"`.',
      '```sh',
      'npm run upload -- --remote --preview pr-42   # not --dry-run',
      'npx node bench/live-preview.ts --rounds 3',
      '```',
      '| `npm run upload` | `-- --remote` to Cloudflare, `-- --preview <name>` (its `--strict` checks), `npx node x.ts` |',
    ].join('\n');
    expect(commandsIn(markdown, 'a.md')).toEqual([
      { where: 'a.md:1', script: 'start', flags: ['--port'] },
      { where: 'a.md:1', script: 'start', flags: [] },
      { where: 'a.md:1', script: 'test', flags: ['-t'] },
      { where: 'a.md:3', script: 'upload', flags: ['--remote', '--preview'] },
      { where: 'a.md:4', file: 'bench/live-preview.ts', flags: ['--rounds'] },
      { where: 'a.md:6', script: 'upload', flags: ['--remote', '--preview'] },
      { where: 'a.md:6', file: 'x.ts', flags: [] },
    ]);
  });

  test("a flag is found in a parser's options table, as a short option, or written out", () => {
    const source =
      "parseArgs({ options: { quick: { type: 'boolean' }, 'dry-run': { type: 'boolean', short: 'n' } } }); argv[0] === '--content'";
    expect(['--quick', '--dry-run', '-n', '--content'].map((flag) => readsFlag(source, flag))).toEqual([true, true, true, true]);
    expect(['--slow', '-q', '--type'].map((flag) => readsFlag(source, flag))).toEqual([false, false, false]);
  });
});

test('the docs name commands at all (the extraction still matches how they are written)', () => {
  expect(commands.filter((c) => c.script === 'upload' && c.flags.includes('--remote')).length).toBeGreaterThan(0);
  expect(commands.filter((c) => c.script === 'start' && c.flags.includes('--port')).length).toBeGreaterThan(0);
});

test('every npm command in the docs is a script of package.json, given only flags it takes', () => {
  expect(problems()).toEqual([]);
});

test('no doc runs a TypeScript file with the system Node (20 refuses .ts): `npx node <file>.ts`, as the README says', () => {
  const bare = DOCS.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(/(?<!npx )(?<![\w/-])node [^\s`]+\.ts\b/g)].length > 0 ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(bare).toEqual([]);
});

test("npm scripts run TypeScript on the project's Node 24, which npm puts first on their PATH; npm installs on Node 20.19", () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };
  expect(pkg.engines.node).toMatch(/^\^20\.19\.0 \|\|/);
  expect(pkg.devDependencies.node).toMatch(/^\^24\./);
  // Each .ts file a script runs (not a .d.ts it writes), it runs with `node`: the dev dependency's, not the system's.
  const runners = Object.values(scripts).flatMap((line) => [...line.matchAll(/(\S+) (?!\S+\.d\.ts)\S+\.ts\b/g)].map((m) => m[1]));
  expect(runners.length).toBeGreaterThan(0);
  expect(new Set(runners)).toEqual(new Set(['node']));
  expect(spawnSync('node_modules/.bin/node', ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^v24\./);
});
