/**
 * `npm run new -- news|guide "Title" [--description "…"] [--dir <folder>]`: a content file whose front matter validates.
 * Disk I/O: reads the folder, writes the file. Exit 0 when created, 1 when refused, 2 on bad usage.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseFrontMatter } from './content/source/front-matter.ts';
import { localDate, SECTIONS, type Section, scaffold } from './content/source/scaffold.ts';

/** Where `npm start` serves the site (its `wrangler dev --port 8787`). */
const LOCAL_ORIGIN = 'http://localhost:8787';

const USAGE = `Usage: npm run new -- <${SECTIONS.join('|')}> "Title" [options]

Creates content/<section>-<slug>.md with valid front matter: the slug from the title, news dated today.

Options:
  --description <text>  the summary shown in indexes, feeds and search results (default: the title)
  --dir <folder>        the content folder (default: content)
  -h, --help            print this help and exit`;

async function main(): Promise<number> {
  const options = {
    description: { type: 'string' },
    dir: { type: 'string', default: 'content' },
    help: { type: 'boolean', short: 'h', default: false },
  } as const;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`new: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [section, ...words] = positionals;
  if (!(SECTIONS as readonly string[]).includes(section ?? '') || words.length === 0) {
    console.error(`new: give a section (${SECTIONS.join(' or ')}) and a title\n\n${USAGE}`);
    return 2;
  }

  const dir = values.dir;
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md'));
  const slugs: string[] = [];
  for (const file of files) {
    const result = parseFrontMatter(file, await readFile(join(dir, file), 'utf8'));
    if (result.ok) slugs.push(result.value.attributes.slug);
  }
  const made = scaffold(section as Section, words.join(' '), localDate(new Date()), { slugs, files }, values.description);
  if (!made.ok) {
    console.error(`new: ${made.error}`);
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
  console.log(`Created ${path}`);
  console.log(`Its URL: ${LOCAL_ORIGIN}/${section}/${made.value.slug}`);
  console.log('It shows there once published locally: `npm start` publishes content/ as it starts; while it runs, `npm run upload`.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`new: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
