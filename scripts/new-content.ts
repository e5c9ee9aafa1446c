/**
 * `npm run new -- news|guide "Title" [--description "…"] [--dir <folder>]`: a draft content file, and the next step.
 * Disk I/O: reads the folder and `npm start`'s record, writes the file. Exit 0 when created, 1 when refused, 2 on bad usage.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Explained } from '../contracts/maintainer-errors.ts';
import { writtenSlug } from './content/source/front-matter.ts';
import { localDate, SECTIONS, type Section, scaffold } from './content/source/scaffold.ts';
import { runningDevServer } from './dev/live/dev-origin.ts';

/** wrangler dev's state folder, where `npm start` records its origin (scripts/local-kv.ts names it too, but loads Miniflare). */
const WRANGLER_STATE = '.wrangler/state';

const USAGE_LINE = `Usage: npm run new -- <${SECTIONS.join('|')}> "Title" [--description <text>] [--dir <folder>]`;

const USAGE = `${USAGE_LINE}

Creates content/<section>-<slug>.md as a draft (draft: true): the slug from the title, news dated today,
the description left empty for you to write (the upload refuses the file until it has one). A draft is
published with a preview link only; remove its "draft: true" line to publish it.

Options:
  --description <text>  the one-sentence summary shown in indexes, feeds and search results (default: empty)
  --dir <folder>        the content folder (default: content)
  -h, --help            print this help and exit`;

const OPTIONS = {
  description: { type: 'string' },
  dir: { type: 'string', default: 'content' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The first argument that is not this command's, in its words; node's own parseArgs messages speak of its internals. */
function badArgument(tokens: ReturnType<typeof parseArgs>['tokens']): string | undefined {
  for (const token of tokens ?? []) {
    if (token.kind !== 'option') continue;
    const option = OPTIONS[token.name as keyof typeof OPTIONS];
    if (!option) return `unknown option ${token.rawName}`;
    if (option.type === 'string' && token.value === undefined) return `${token.rawName} needs a value`;
    if (option.type === 'boolean' && token.value !== undefined) return `${token.rawName} takes no value`;
  }
  return undefined;
}

const printRefusal = (error: Explained) => console.error(`new: ${error.message}\n  hint: ${error.hint} [${error.code}]`);

async function main(): Promise<number> {
  const { values, positionals, tokens } = parseArgs({
    args: process.argv.slice(2),
    options: OPTIONS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  const [section, ...words] = positionals;
  const bad = badArgument(tokens);
  if (bad !== undefined || !(SECTIONS as readonly string[]).includes(section ?? '') || words.length === 0) {
    console.error(`new: ${bad ?? `give a section (${SECTIONS.join(' or ')}) and a title`}\n${USAGE_LINE}`);
    return 2;
  }

  const dir = String(values.dir);
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md'));
  const slugs = new Map<string, string>();
  for (const file of files) {
    const slug = writtenSlug(await readFile(join(dir, file), 'utf8'));
    if (slug !== undefined) slugs.set(file, slug);
  }
  const description = typeof values.description === 'string' ? values.description : undefined;
  const made = scaffold(section as Section, words.join(' '), localDate(new Date()), { slugs, files }, description);
  if (!made.ok) {
    printRefusal(made.error);
    return 1;
  }
  const path = join(dir, made.value.file);
  try {
    // `wx`: fails if the file exists, so nothing is ever overwritten, even in a race.
    await writeFile(path, made.value.text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    console.error(`new: ${path} already exists: nothing was written`);
    return 1;
  }
  console.log(`Created ${path} as a draft.`);
  console.log(nextStep(await runningDevServer(WRANGLER_STATE), description === undefined || description.trim() === ''));
  return 0;
}

/** What to do now: fill in the description, watch the draft in `npm start`, publish by removing `draft: true`. */
function nextStep(origin: string | null, noDescription: boolean): string {
  const lines = [noDescription ? 'Next: write its description (line 4), then the text.' : 'Next: write the text.'];
  lines.push(
    origin === null
      ? "Run `npm start` to see it: it publishes content/ again on every save and prints the draft's preview link."
      : `The running \`npm start\` (${origin}) publishes it again on every save and prints the draft's preview link.`,
  );
  lines.push('When it is ready, remove the line "draft: true" to publish it.');
  return lines.join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`new: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
