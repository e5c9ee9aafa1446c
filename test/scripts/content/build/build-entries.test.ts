/**
 * Building entries from a content folder: folder checks, duplicate slugs, samples, drafts, sanitiser and language
 * warnings (errors with strict), and hashes. Unit.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { type BuildResult, buildEntries, type RenderCache, sha256 } from '../../../../scripts/content/build/build-entries.ts';
import type { RenderedMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';
import type { ContentProblem } from '../../../../scripts/content/source/problems.ts';
import { loadFixtureSite } from '../../../support/fixture-site.ts';

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
    expect(result.drafts).toEqual([]);
  });

  test('front matter problems of every file are collected', async () => {
    const found = problems(
      await buildEntries(
        folder([guide('ok.md', 'ok'), { file: 'x.md', source: md('title: X') }, { file: 'y.md', source: 'no front matter' }]),
      ),
    );
    expect(found.map((p) => `${p.file}:${p.field}`).sort()).toEqual(['x.md:description', 'x.md:slug', 'y.md:front matter']);
  });

  test('slugs that differ only in case clash, naming the other file', async () => {
    const found = problems(await buildEntries(folder([guide('guide-dsx.md', 'DSX'), guide('guide-dsx-2.md', 'dsx')])));
    expect(found).toHaveLength(1);
    // Neither is published: the later name ('.' sorts after '-') is the new one.
    expect(found[0]).toMatchObject({ file: 'guide-dsx.md', field: 'slug', line: 3 });
    expect(found[0]!.reason).toContain('guide-dsx-2.md');
    expect(found[0]!.reason).toContain('"DSX"');
  });

  describe('a duplicate slug names both files and blames the new one', () => {
    const signpath = guide('news-signpath.md', '2023-04-29-signpath');
    const dup = guide('news-bad-dup.md', '2023-04-29-signpath');

    test('the file the published manifest lists with that slug keeps it, though it sorts later', async () => {
      const published = new Map([['news-signpath.md', '2023-04-29-signpath']]);
      const found = problems(await buildEntries(folder([dup, signpath]), undefined, { published }));
      expect(found).toEqual([
        {
          file: 'news-bad-dup.md',
          field: 'slug',
          line: 3,
          column: 7,
          code: 'slug-taken',
          reason:
            '"2023-04-29-signpath" is also the slug of news-signpath.md (slugs are compared ignoring case): news-signpath.md is published with it, so news-bad-dup.md is the new one',
          hint: 'Give this file another slug.',
        },
      ]);
    });

    test('when neither is published, the later file name is the new one', async () => {
      const found = problems(await buildEntries(folder([dup, signpath])));
      expect(found).toHaveLength(1);
      expect(found[0]!.file).toBe('news-signpath.md');
      expect(found[0]!.reason).toContain('is also the slug of news-bad-dup.md');
      expect(found[0]!.reason).toContain('neither was published with it, so news-signpath.md, later by name, counts as the new one');
    });

    test('a published file whose slug was changed to a taken one is the new one', async () => {
      const published = new Map([
        ['news-signpath.md', '2023-04-29-signpath'],
        ['news-bad-dup.md', 'another-slug'],
      ]);
      const found = problems(await buildEntries(folder([dup, signpath]), undefined, { published }));
      expect(found.map((p) => p.file)).toEqual(['news-bad-dup.md']);
    });

    test('three files: two are new', async () => {
      const third = guide('news-third.md', '2023-04-29-SIGNPATH');
      const published = new Map([['news-signpath.md', '2023-04-29-signpath']]);
      const found = problems(await buildEntries(folder([dup, signpath, third]), undefined, { published }));
      expect(found.map((p) => p.file).sort()).toEqual(['news-bad-dup.md', 'news-third.md']);
      for (const p of found) expect(p.reason).toContain('is also the slug of news-signpath.md');
    });
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
    expect(found).toEqual([
      expect.objectContaining({ file: 'a.md', field: 'body', code: 'sample-not-found', reason: expect.stringContaining('"missing.bat"') }),
    ]);
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

  test('drafts are built apart from the entries, rendered and checked like them', async () => {
    const result = built(await buildEntries(folder([guide('a.md', 'a'), guide('wip.md', 'wip', '# Soon', '\ndraft: true')])));
    expect(result.entries.map((e) => e.value.file)).toEqual(['a.md']);
    expect(result.drafts.map((e) => e.value.file)).toEqual(['wip.md']);
    expect(result.drafts[0]!.value.html).toContain('<h2 id="soon">');
    // A draft's slug is taken: publishing it later must not clash.
    expect(
      problems(await buildEntries(folder([guide('a.md', 'a'), guide('wip.md', 'a', 'Text', '\ndraft: true')]))).map((p) => p.file),
    ).toEqual(['wip.md']);
  });
});

/** The warnings of a second build whose kept render lacks `field`, as renders kept by older versions do. */
async function warningsWhenAnOlderRenderLacks(field: keyof RenderedMarkdown, body: string) {
  const kept = new Map<string, RenderedMarkdown>();
  const cache: RenderCache = { get: async (hash) => kept.get(hash), set: async (hash, rendered) => void kept.set(hash, rendered) };
  built(await buildEntries(folder([guide('guide-a.md', 'a', body)]), cache));
  for (const [hash, rendered] of kept) {
    const older: Partial<RenderedMarkdown> = { ...rendered };
    delete older[field];
    kept.set(hash, older as RenderedMarkdown);
  }
  return built(await buildEntries(folder([guide('guide-a.md', 'a', body)]), cache)).warnings;
}

describe('what sanitising removes: warnings, or errors with strict', () => {
  const body = [
    'Intro',
    '',
    '<script>alert(1)</script>',
    '',
    'A [link](javascript:alert(1)) and <img src="https://example.com/a.png" onerror="x()">',
    '',
    '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
  ].join('\n');

  test('one warning per removal, at the line of the file (front matter counted), with what and why', async () => {
    const result = built(await buildEntries(folder([guide('guide-a.md', 'a', body)])));
    // The front matter is lines 1-6, the body starts on line 7.
    expect(result.warnings.map((w) => `${w.line}:${w.column} ${w.reason}`)).toEqual([
      '9:1 removed <script>: scripts never run in articles; removed with its content',
      '11:3 removed href="javascript:alert(1)" on <a>: javascript: URLs are not allowed here (only http, https, mailto and relative URLs); the link text stays, without a link',
      '11:35 removed onerror="x()" on <img>: event handler attributes are not allowed (scripts never run in articles)',
      '13:1 removed <iframe src="https://www.youtube.com/embed/abc">: iframes are not allowed (nothing is shown in their place): link to the page instead',
    ]);
    for (const w of result.warnings) expect(w).toMatchObject({ file: 'guide-a.md', field: 'body' });
    expect(result.entries).toHaveLength(1);
  });

  test('strict turns them into problems: nothing builds', async () => {
    const found = problems(await buildEntries(folder([guide('guide-a.md', 'a', body)]), undefined, { strict: true }));
    expect(found).toHaveLength(4);
    expect(found[0]).toMatchObject({
      file: 'guide-a.md',
      field: 'body',
      line: 9,
      reason: expect.stringMatching(/^removed <script>: .*\(--strict\)$/),
    });
  });

  test('no warnings without removals, strict or not', async () => {
    expect(
      built(
        await buildEntries(folder([guide('guide-a.md', 'a', '<a href="https://x.example" target="_blank">x</a>')]), undefined, {
          strict: true,
        }),
      ).warnings,
    ).toEqual([]);
  });

  test('a render kept from before removals were reported is rendered again, so its warnings show', async () => {
    expect(await warningsWhenAnOlderRenderLacks('removed', body)).toHaveLength(4);
  });
});

describe('code blocks in a language the site does not colour: warnings, or errors with strict', () => {
  const body = ['Intro', '', '```pyhton', 'x = 1', '```'].join('\n');

  test('a warning at the line of the file, naming the tag and the languages that are coloured', async () => {
    const result = built(await buildEntries(folder([guide('guide-a.md', 'a', body)])));
    // The front matter is lines 1-6, the body starts on line 7: the fence is on line 9.
    expect(result.warnings).toEqual([
      expect.objectContaining({ file: 'guide-a.md', field: 'body', line: 9, column: 1, reason: expect.stringContaining('"pyhton"') }),
    ]);
    expect(result.warnings[0]!.reason).toMatch(/shown as plain text: use one of bat, powershell, .*, or text for plain text$/);
    expect(result.entries).toHaveLength(1);
  });

  test('strict turns it into a problem: nothing builds', async () => {
    const found = problems(await buildEntries(folder([guide('guide-a.md', 'a', body)]), undefined, { strict: true }));
    expect(found).toEqual([expect.objectContaining({ line: 9, reason: expect.stringMatching(/"pyhton".*\(--strict\)$/) })]);
  });

  test('a render kept from before unknown languages were reported is rendered again, so its warning shows', async () => {
    expect(await warningsWhenAnOlderRenderLacks('unknownLanguages', body)).toHaveLength(1);
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

describe('the fixture site', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildEntries(await loadFixtureSite());
  });

  test('builds without problems, and sanitising removes nothing', () => {
    expect(result.ok ? [] : result.problems).toEqual([]);
    expect(built(result).warnings).toEqual([]);
  });

  test('has 26 entries: 12 news (one scheduled), 12 guides, 2 untyped pages; and 2 drafts', () => {
    const { entries, drafts } = built(result);
    expect(entries).toHaveLength(26);
    expect(entries.filter((e) => e.value.attributes.type === 'news')).toHaveLength(12);
    expect(entries.filter((e) => e.value.attributes.type === 'guide')).toHaveLength(12);
    expect(drafts.map((d) => d.value.file).sort()).toEqual(['guide-wip.md', 'news-secret-plans.md']);
    const untyped = entries.filter((e) => e.value.attributes.type === undefined).map((e) => e.value.attributes.slug);
    expect(untyped.sort()).toEqual(['features', 'sponsor']);
  });

  test('every news entry has a date, nothing else has one; only the scheduled post a time', () => {
    for (const { value } of built(result).entries) {
      if (value.file === 'news-far-launch.md') expect(value.attributes.date).toBe('2099-06-01T12:00:00Z');
      else if (value.attributes.type === 'news') expect(value.attributes.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      else expect(value.attributes.date).toBeUndefined();
    }
  });

  test('slugs include DSX and how-to-get-started', () => {
    const slugs = built(result).entries.map((e) => e.value.attributes.slug);
    expect(slugs).toContain('DSX');
    expect(slugs).toContain('how-to-get-started');
    expect(new Set(slugs.map((s) => s.toLowerCase())).size).toBe(26);
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
    expect(new Set(built(result).entries.map((e) => e.hash)).size).toBe(26);
  });
});
