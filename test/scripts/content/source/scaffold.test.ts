/**
 * `npm run new`: the file it makes validates and builds, and the command prints the file and its URL and never
 * overwrites. Unit and child process.
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

const none = { slugs: [], files: [] };
const made = (result: ReturnType<typeof scaffold>) => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('the file', () => {
  test("news: file name, slug, today's date, front matter that validates", () => {
    const news = made(scaffold('news', 'Title of the post', '2026-03-01', none));
    expect(news.file).toBe('news-title-of-the-post.md');
    expect(news.slug).toBe('title-of-the-post');
    const parsed = parseFrontMatter(news.file, news.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.value.attributes).toEqual({
      title: 'Title of the post',
      slug: 'title-of-the-post',
      description: 'Title of the post',
      type: 'news',
      date: '2026-03-01',
    });
    expect(parsed.value.draft).toBe(false);
  });

  test('guide: no date; a description when given; titles YAML would misread stay text', () => {
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
  });

  test('slugs: GitHub style, folded to ASCII letters, digits and dashes', () => {
    expect(titleSlug('Race Element 2.0 Released!')).toBe('race-element-20-released');
    expect(titleSlug('Café: ça marche')).toBe('cafe-ca-marche');
    expect(titleSlug('  Multi   sim -- setup  ')).toBe('multi-sim-setup');
    expect(titleSlug('日本語')).toBe('');
  });

  test('refusals: an existing file, a slug in use (any case), a slug equal to a file name, no slug', () => {
    const taken = { slugs: ['DSX', 'title-of-the-post'], files: ['guide-DSX.md', 'news-title-of-the-post.md', 'features.md'] };
    expect(scaffold('news', 'Title of the post', '2026-03-01', taken)).toEqual({
      ok: false,
      error: 'news-title-of-the-post.md already exists: nothing was written',
    });
    expect(scaffold('guide', 'dsx', '2026-03-01', taken)).toEqual({
      ok: false,
      error: 'the slug "dsx" is already used (as "DSX"): choose another title',
    });
    expect(scaffold('guide', 'Features', '2026-03-01', taken)).toMatchObject({
      ok: false,
      error: expect.stringContaining('equals the name of features.md'),
    });
    expect(scaffold('guide', '!!!', '2026-03-01', taken)).toMatchObject({ ok: false, error: expect.stringContaining('gives no slug') });
    expect(scaffold('guide', '   ', '2026-03-01', taken)).toEqual({ ok: false, error: 'the title is empty' });
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

  test('creates the file, prints it and its URL; the folder still uploads', async () => {
    const { code, stdout } = await newPost('news', 'Title of the post');
    expect(code).toBe(0);
    const path = join(dir, 'news-title-of-the-post.md');
    expect(stdout.split('\n')).toEqual([
      `Created ${path}`,
      'Its URL: http://localhost:8787/news/title-of-the-post',
      'It shows there once published locally: `npm start` publishes content/ as it starts; while it runs, `npm run upload`.',
      '',
    ]);
    expect(readFileSync(path, 'utf8')).toContain(`date: ${localDate(new Date())}\n`);
    const built = await buildEntries(await loadContentFolder(dir));
    expect(built.ok && built.entries.map((e) => e.value.attributes.slug).sort()).toEqual(['DSX', 'title-of-the-post']);
  });

  test('never overwrites: the second run refuses and the file keeps its edits', async () => {
    const path = join(dir, 'news-title-of-the-post.md');
    writeFileSync(path, `${readFileSync(path, 'utf8')}My words.\n`);
    const before = readFileSync(path, 'utf8');
    const { code, stderr } = await newPost('news', 'Title of the post');
    expect(code).toBe(1);
    expect(stderr).toBe('new: news-title-of-the-post.md already exists: nothing was written\n');
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  test('a guide under /guide/; a slug in use is refused; bad usage exits 2', async () => {
    expect((await newPost('guide', 'Using', 'the', 'HUD')).stdout).toContain('Its URL: http://localhost:8787/guide/using-the-hud\n');
    expect(await newPost('guide', 'dsx')).toMatchObject({
      code: 1,
      stderr: 'new: the slug "dsx" is already used (as "DSX"): choose another title\n',
    });
    expect((await newPost('blog', 'Title')).code).toBe(2);
    expect((await newPost('news')).code).toBe(2);
  });
});
