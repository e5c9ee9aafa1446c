/**
 * Every repository path that a comment or a doc names exists, every file a doc names alone somewhere, and every relative link of the docs.
 * Reads the tracked files; content/ and the test fixtures are site data and left out.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOTS = ['.ci', '.github', 'bench', 'client', 'contracts', 'docs', 'scripts', 'test', 'tools', 'worker'];
const PATH_PATTERN = new RegExp(`(?<![\\w./@-])(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[^\\s\`'"()\\[\\],;:]*`, 'g');
/** Site data, whose links are the site's URLs: the maintainers' articles and the tests' own site. */
const DATA_FOLDERS = ['content', 'test/fixtures'];
const CODE_FILE = /\.(ts|tsx|mjs|css)$/;
const COMMENT_LINE = /^\s*(\/\/|\/?\*)|\s\/\/\s/;

/** The repository paths named on a line; a name with a placeholder (`<slug>`, `*`, `{a,b}`) is a pattern, not a path. */
function namedPaths(line: string): string[] {
  return [...line.matchAll(PATH_PATTERN)]
    .map((m) => m[0].replace(/#.*$/, '').replace(/[./…]+$/, ''))
    .filter((path) => !/[<>*{}…]/.test(path));
}

/** The relative targets of markdown links (`[text](target)`) on a line, without their anchors. */
function relativeLinks(line: string): string[] {
  return [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !DATA_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && existsSync(file));

function missingIn(file: string): string[] {
  const missing: string[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      if (file.endsWith('.md')) {
        for (const target of relativeLinks(line))
          if (!existsSync(normalize(join(dirname(file), target)))) missing.push(`${where}: ${target}`);
      }
      if (file.endsWith('.md') || (CODE_FILE.test(file) && COMMENT_LINE.test(line))) {
        for (const path of namedPaths(line)) if (!existsSync(path)) missing.push(`${where}: ${path}`);
      }
    });
  return missing;
}

describe('the extraction', () => {
  test('finds paths under the repository roots and skips patterns and URLs', () => {
    expect(namedPaths(' * see worker/http/xsrf.ts and test/worker/…, client/routes/<page>.tsx')).toEqual([
      'worker/http/xsrf.ts',
      'test/worker',
    ]);
    expect(namedPaths('https://example.org/docs/page and ./docs/x.md')).toEqual([]);
    expect(relativeLinks('[a](publishing.md#live) [b](https://x.org/a) [c](#here) [d](../README.md)')).toEqual([
      'publishing.md',
      '../README.md',
    ]);
  });
  test('a missing path is reported with its file and line', () => {
    expect(namedPaths('// the guard (worker/http/no-such-file.ts)').filter((p) => !existsSync(p))).toEqual(['worker/http/no-such-file.ts']);
  });
});

/** Files a doc names by their name alone, in a code span (`republish.ts`, `wrangler.toml`, `.nvmrc`). */
const bareFileNames = (line: string): string[] =>
  [...line.matchAll(/`(\.nvmrc|[\w.-]+\.(?:toml|json|jsonc|ts|tsx|mjs|yml))`/g)].map((m) => m[1]!);

test('every file a doc names by its name alone is a file of that name somewhere in the repository', () => {
  const names = new Set(tracked.map((file) => file.split('/').at(-1)));
  const missing = tracked
    .filter((file) => file.endsWith('.md'))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => bareFileNames(line).flatMap((name) => (names.has(name) ? [] : [`${file}:${index + 1}: ${name}`]))),
    );
  expect(missing).toEqual([]);
  expect(bareFileNames('the queue (`save-queue.ts`), `a/b.ts`, `x.md`, `.nvmrc`')).toEqual(['save-queue.ts', '.nvmrc']);
});

test('every path named in a comment or a doc exists', () => {
  const missing = tracked.filter((file) => file.endsWith('.md') || CODE_FILE.test(file)).flatMap(missingIn);
  expect(missing).toEqual([]);
});
