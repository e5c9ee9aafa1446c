import { beforeAll, describe, expect, test } from 'vitest';
import { buildEntries, sha256, type BuildResult } from '../../scripts/content/build-entries.ts';
import { loadContentFolder, type ContentFolder } from '../../scripts/content/load-content.ts';
import type { ContentProblem } from '../../scripts/content/problems.ts';

const md = (fm: string, body = 'Text') => `---\n${fm}\n---\n${body}\n`;
/** A valid guide file named `file` with slug `slug`. */
const guide = (file: string, slug: string, body = 'Text', extra = '') => ({
  file,
  source: md(`title: ${slug} title\nslug: ${slug}\ndescription: About ${slug}\ntype: guide${extra}`, body),
});
const folder = (files: ContentFolder['files'], samples: ContentFolder['samples'] = []): ContentFolder => ({ files, samples });

function built(result: BuildResult) {
  if (!result.ok) throw new Error(`expected ok, got: ${JSON.stringify(result.problems)}`);
  return result;
}
function problems(result: BuildResult): ContentProblem[] {
  if (result.ok) throw new Error('expected problems, got a valid build');
  return result.problems;
}

describe('folder checks', () => {
  test('a valid folder builds one entry per file', async () => {
    const result = built(await buildEntries(folder([guide('guide-a.md', 'a'), guide('guide-b.md', 'b', '# Hi')])));
    expect(result.entries.map((e) => e.value.attributes.slug)).toEqual(['a', 'b']);
    const b = result.entries[1]!;
    expect(b.value.file).toBe('guide-b.md');
    expect(b.value.markdown).toBe(guide('guide-b.md', 'b', '# Hi').source);
    expect(b.value.html).toContain('<h2 id="hi">Hi<a class="heading-anchor" href="#hi" aria-label="Link to this section: Hi">#</a></h2>');
    expect(b.value.toc).toEqual([{ depth: 2, id: 'hi', text: 'Hi' }]);
    expect(b.value.hasDiagrams).toBe(false);
    expect(b.sourceHash).toBe(sha256(b.value.markdown));
    expect(b.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.skippedDrafts).toEqual([]);
  });

  test('front matter problems of every file are collected', async () => {
    const found = problems(await buildEntries(folder([guide('ok.md', 'ok'), { file: 'x.md', source: md('title: X') }, { file: 'y.md', source: 'no front matter' }])));
    expect(found.map((p) => `${p.file}:${p.field}`).sort()).toEqual(['x.md:description', 'x.md:slug', 'y.md:front matter']);
  });

  test('slugs that differ only in case clash, naming the other file', async () => {
    const found = problems(await buildEntries(folder([guide('guide-dsx.md', 'DSX'), guide('guide-dsx-2.md', 'dsx')])));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'guide-dsx-2.md', field: 'slug' });
    expect(found[0]!.reason).toContain('guide-dsx.md');
    expect(found[0]!.reason).toContain('"dsx"');
  });

  test("a slug equal to another file's basename clashes", async () => {
    const found = problems(await buildEntries(folder([guide('setup-hider.md', 'hide-setups'), guide('other.md', 'Setup-Hider')])));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'other.md', field: 'slug' });
    expect(found[0]!.reason).toContain('setup-hider.md');
  });

  test("a slug equal to the file's own basename is fine", async () => {
    built(await buildEntries(folder([guide('features.md', 'features')])));
  });

  test('a sample block pointing to a missing sample is a body problem', async () => {
    const body = '```sample\nmissing.bat\n```';
    const found = problems(await buildEntries(folder([guide('a.md', 'a', body)], [{ path: 'present.bat', content: 'echo' }])));
    expect(found).toEqual([{ file: 'a.md', field: 'body', reason: expect.stringContaining('"missing.bat"') }]);
  });

  test('a sample block pointing to a present sample builds, with the sample hashed and shown highlighted', async () => {
    const body = '```sample\ntools/start.bat\n```';
    const result = built(await buildEntries(folder([guide('a.md', 'a', body)], [{ path: 'tools/start.bat', content: '@echo off\n' }])));
    const html = result.entries[0]!.value.html;
    expect(html).toContain('<div class="code-sample" data-sample="tools/start.bat" data-sample-state="embedded">');
    expect(html).toContain('<a href="/api/_analog/samples/tools/start.bat" download="start.bat">tools/start.bat</a>');
    expect(html).toContain('<div class="code-block" data-lang="bat">');
    expect(html).toContain('<span class="code-block-lang">start.bat</span>');
    // `@echo` is a batch keyword: a colour of its own, not the block's foreground.
    expect(html).toMatch(/<span style="color:#F97583;--shiki-light:#D73A49">@echo<\/span>/);
    expect(result.samples).toEqual([{ path: 'tools/start.bat', hash: sha256('@echo off\n'), content: '@echo off\n' }]);
  });

  test('a changed sample changes the hash of the entry showing it, and only that one', async () => {
    const files = [guide('a.md', 'a', '```sample\nstart.bat\n```'), guide('b.md', 'b')];
    const before = built(await buildEntries(folder(files, [{ path: 'start.bat', content: 'echo one' }]))).entries;
    const after = built(await buildEntries(folder(files, [{ path: 'start.bat', content: 'echo two' }]))).entries;
    expect(after[0]!.hash).not.toBe(before[0]!.hash);
    expect(after[0]!.sourceHash).toBe(before[0]!.sourceHash);
    expect(after[0]!.value.html).toContain('two');
    expect(after[1]!.hash).toBe(before[1]!.hash);
  });

  test('drafts are skipped and reported', async () => {
    const result = built(await buildEntries(folder([guide('a.md', 'a'), guide('wip.md', 'wip', 'Text', '\ndraft: true')])));
    expect(result.entries.map((e) => e.value.file)).toEqual(['a.md']);
    expect(result.skippedDrafts).toEqual(['wip.md']);
  });
});

describe('hashes', () => {
  test('stable for the same input', async () => {
    const input = folder([guide('a.md', 'a', 'Body')]);
    const first = built(await buildEntries(input)).entries[0]!;
    const second = built(await buildEntries(input)).entries[0]!;
    expect(second.hash).toBe(first.hash);
    expect(second.sourceHash).toBe(first.sourceHash);
  });

  test('change when the source changes', async () => {
    const before = built(await buildEntries(folder([guide('a.md', 'a', 'Body')]))).entries[0]!;
    const after = built(await buildEntries(folder([guide('a.md', 'a', 'Body, edited')]))).entries[0]!;
    expect(after.hash).not.toBe(before.hash);
    expect(after.sourceHash).not.toBe(before.sourceHash);
  });

  test('change with the file name but not the source hash', async () => {
    const a = built(await buildEntries(folder([guide('a.md', 'same')]))).entries[0]!;
    const b = built(await buildEntries(folder([guide('b.md', 'same')]))).entries[0]!;
    expect(b.hash).not.toBe(a.hash);
    expect(b.sourceHash).toBe(a.sourceHash);
  });
});

describe('the real content folder', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildEntries(await loadContentFolder('content'));
  });

  test('builds without problems', () => {
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  test('has 24 entries: 11 news, 11 guides, 2 untyped pages', () => {
    const { entries } = built(result);
    expect(entries).toHaveLength(24);
    expect(entries.filter((e) => e.value.attributes.type === 'news')).toHaveLength(11);
    expect(entries.filter((e) => e.value.attributes.type === 'guide')).toHaveLength(11);
    const untyped = entries.filter((e) => e.value.attributes.type === undefined).map((e) => e.value.attributes.slug);
    expect(untyped.sort()).toEqual(['features', 'sponsor']);
  });

  test('every news entry has a date, nothing else has one', () => {
    for (const { value } of built(result).entries) {
      if (value.attributes.type === 'news') expect(value.attributes.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      else expect(value.attributes.date).toBeUndefined();
    }
  });

  test('slugs include DSX and how-to-get-started', () => {
    const slugs = built(result).entries.map((e) => e.value.attributes.slug);
    expect(slugs).toContain('DSX');
    expect(slugs).toContain('how-to-get-started');
    expect(new Set(slugs.map((s) => s.toLowerCase())).size).toBe(24);
  });

  test('file names differ from slugs except for three pages', () => {
    const same = built(result)
      .entries.filter((e) => e.value.file === `${e.value.attributes.slug}.md`)
      .map((e) => e.value.attributes.slug);
    expect(same.sort()).toEqual(['features', 'sponsor', 'twitch-chat-bot-commands']);
  });

  test('at least one entry has diagrams and one embeds a sample', () => {
    const { entries, samples } = built(result);
    expect(entries.some((e) => e.value.hasDiagrams && e.value.html.includes('class="diagram"'))).toBe(true);
    const withSample = entries.filter((e) => e.value.html.includes('data-sample-state="embedded"'));
    expect(withSample.map((e) => e.value.file)).toEqual(['guide-starting-race-element-minimized.md']);
    expect(withSample[0]!.value.html).toContain('<div class="code-block" data-lang="bat">');
    expect(samples.map((s) => s.path)).toContain('start-race-element-minimized.bat');
  });

  test('entry hashes are all different', () => {
    expect(new Set(built(result).entries.map((e) => e.hash)).size).toBe(24);
  });
});
