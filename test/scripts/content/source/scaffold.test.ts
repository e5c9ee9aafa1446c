/**
 * `npm run new`: the draft it makes is read as one whose description is still to write, a filled-in one builds, and
 * the command prints the next step, never overwrites and answers bad arguments with its usage line. Unit and child process.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildEntries } from '../../../../scripts/content/build/build-entries.ts';
import { parseFrontMatter } from '../../../../scripts/content/source/front-matter.ts';
import { loadContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { localDate, scaffold, titleSlug } from '../../../../scripts/content/source/scaffold.ts';

const none = { slugs: new Map<string, string>(), files: [] };
const made = (result: ReturnType<typeof scaffold>) => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const refusal = (result: ReturnType<typeof scaffold>) => (result.ok ? 'made' : `${result.error.code}: ${result.error.message}`);

describe('the file', () => {
  test("news: file name, slug, today's date, a draft whose description is the one thing left to write", () => {
    const news = made(scaffold('news', 'Title of the post', '2026-03-01', none));
    expect(news.file).toBe('news-title-of-the-post.md');
    expect(news.slug).toBe('title-of-the-post');
    expect(news.text).toMatch(
      /^---\ntitle: "Title of the post"\nslug: title-of-the-post\ndescription: ""\ntype: news\ndate: 2026-03-01\ndraft: true\n---\n/,
    );
    const parsed = parseFrontMatter(news.file, news.text);
    expect(parsed.ok ? [] : parsed.problems.map((p) => `${p.line}:${p.column}: ${p.field}: ${p.code}`)).toEqual([
      '4:14: description: description-empty',
    ]);
  });

  test('guide: no date; a description when given, then it validates as a draft; titles YAML would misread stay text', () => {
    const guide = made(scaffold('guide', 'Setup: "fast" & #1 — it\'s here', '2026-03-01', none, 'How to go fast'));
    expect(guide.file).toBe('guide-setup-fast-1-its-here.md');
    const parsed = parseFrontMatter(guide.file, guide.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.value.attributes).toEqual({
      title: 'Setup: "fast" & #1 — it\'s here',
      slug: 'setup-fast-1-its-here',
      description: 'How to go fast',
      type: 'guide',
    });
    expect(parsed.value.draft).toBe(true);
  });

  test('slugs: GitHub style, letters transliterated to ASCII, digits and dashes', () => {
    expect(titleSlug('Race Element 2.0 Released!')).toBe('race-element-20-released');
    expect(titleSlug('Café: ça marche')).toBe('cafe-ca-marche');
    expect(titleSlug('Ünïcode Título: ñ & ß')).toBe('unicode-titulo-n-ss');
    expect(titleSlug('Æsir Øresund Œuvre Þing Đak Łódź')).toBe('aesir-oresund-oeuvre-thing-dak-lodz');
    expect(titleSlug('  Multi   sim -- setup  ')).toBe('multi-sim-setup');
    expect(titleSlug('日本語')).toBe('');
  });

  test('refusals: an existing file, a slug in use (any case) naming its file, a slug equal to a file name, no slug', () => {
    const taken = {
      slugs: new Map([
        ['guide-DSX.md', 'DSX'],
        ['news-title-of-the-post.md', 'title-of-the-post'],
      ]),
      files: ['guide-DSX.md', 'news-title-of-the-post.md', 'features.md'],
    };
    expect(refusal(scaffold('news', 'Title of the post', '2026-03-01', taken))).toBe(
      'new-file-exists: news-title-of-the-post.md already exists: nothing was written',
    );
    expect(refusal(scaffold('guide', 'dsx', '2026-03-01', taken))).toBe(
      'new-slug-taken: the slug "dsx" is already used by guide-DSX.md (as "DSX")',
    );
    expect(refusal(scaffold('guide', 'Features', '2026-03-01', taken))).toMatch(
      /^new-slug-is-file-name: .*equals the name of features\.md/,
    );
    expect(refusal(scaffold('guide', '!!!', '2026-03-01', taken))).toMatch(/^new-title-no-slug: .*gives no slug/);
    expect(refusal(scaffold('guide', '   ', '2026-03-01', taken))).toBe('new-title-empty: the title is empty');
  });

  test('today is the local calendar day', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('npm run new', () => {
  const run = promisify(execFile);
  let dir: string;
  const newPost = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['scripts/new-content.ts', ...args, '--dir', dir]);
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  beforeAll(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'new-content-test-')), 'content');
    mkdirSync(dir);
    writeFileSync(join(dir, 'guide-DSX.md'), '---\ntitle: DSX\nslug: DSX\ndescription: d\ntype: guide\n---\nText\n');
  });
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  test('creates a draft, prints the next step; with its description written the folder builds', async () => {
    const { code, stdout } = await newPost('news', 'Title of the post');
    expect(code).toBe(0);
    const path = join(dir, 'news-title-of-the-post.md');
    const [created, ...next] = stdout.trimEnd().split('\n');
    expect(created).toBe(`Created ${path} as a draft.`);
    expect(next[0]).toBe('Next: write its description (line 4), then the text.');
    // Whether a dev server runs in this checkout is not the test's to decide: either line names `npm start`.
    expect(next[1]).toMatch(/^(Run `npm start` to see it|The running `npm start` \(http:\/\/\S+\))/);
    expect(next[2]).toBe('When it is ready, remove the line "draft: true" to publish it.');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`date: ${localDate(new Date())}\n`);
    expect(text).toContain('draft: true\n');
    writeFileSync(path, text.replace('description: ""', 'description: What happened'));
    const built = await buildEntries(await loadContentFolder(dir));
    expect(built.ok && built.entries.map((e) => e.value.attributes.slug)).toEqual(['DSX']);
    expect(built.ok && built.drafts.map((e) => e.value.attributes.slug)).toEqual(['title-of-the-post']);
  });

  test('never overwrites: the second run refuses and the file keeps its edits', async () => {
    const path = join(dir, 'news-title-of-the-post.md');
    writeFileSync(path, `${readFileSync(path, 'utf8')}My words.\n`);
    const before = readFileSync(path, 'utf8');
    const { code, stderr } = await newPost('news', 'Title of the post');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^new: news-title-of-the-post\.md already exists: nothing was written\n {2}hint: .* \[new-file-exists\]\n$/);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  test('a slug in use is refused naming its file; bad arguments get the usage line and exit 2', async () => {
    expect(await newPost('guide', 'dsx')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^new: the slug "dsx" is already used by guide-DSX\.md \(as "DSX"\)\n/),
    });
    const usage = 'Usage: npm run new -- <news|guide> "Title" [--description <text>] [--dir <folder>]\n';
    expect(await newPost('blog', 'Title')).toEqual({
      code: 2,
      stdout: '',
      stderr: `new: give a section (news or guide) and a title\n${usage}`,
    });
    expect(await newPost('news')).toMatchObject({ code: 2, stderr: `new: give a section (news or guide) and a title\n${usage}` });
    expect(await newPost('guide', 'T', '--colour', 'red')).toEqual({
      code: 2,
      stdout: '',
      stderr: `new: unknown option --colour\n${usage}`,
    });
  });
});
