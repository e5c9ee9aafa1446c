/** Code samples shown inline at upload: the language from the file's extension, the placeholder filled. */
import { describe, expect, test } from 'vitest';
import { embedSamples, sampleLanguage } from '../../../../scripts/content/markdown/embed-samples.ts';
import { renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';

describe('sampleLanguage', () => {
  test.each([
    ['start.bat', 'bat'],
    ['tools/Start.CMD', 'bat'],
    ['setup.ps1', 'powershell'],
    ['settings.json', 'json'],
    ['game.ini', 'ini'],
    ['notes.txt', undefined],
    ['Makefile', undefined],
    ['archive.tar.gz', undefined],
  ])('%s → %s', (path, lang) => {
    expect(sampleLanguage(path)).toBe(lang);
  });
});

describe('embedSamples', () => {
  test('fills every placeholder of a sample, highlighted, and leaves the rest of the page alone', async () => {
    const rendered = await renderMarkdown('Before\n\n```sample\nrun.ps1\n```\n\nAfter\n\n```sample\nrun.ps1\n```');
    const { html, samples, text } = await embedSamples(rendered, new Map([['run.ps1', 'Write-Host "hi"\n']]));
    expect(html.match(/data-sample-state="embedded"/g)).toHaveLength(2);
    expect(html).toContain('<div class="code-block" data-lang="powershell">');
    expect(html).toMatch(/^<p>Before<\/p>/);
    expect(html).toContain('<p>After</p>');
    // A command gets a colour of its own.
    expect(html).toContain('<span style="color:#79B8FF;--shiki-light:#005CC5">Write-Host</span>');
    expect({ samples, text }).toEqual({ samples: rendered.samples, text: rendered.text });
  });

  test('a file of another type is plain text, labelled with its name', async () => {
    const rendered = await renderMarkdown('```sample\nreadme.txt\n```');
    const { html } = await embedSamples(rendered, new Map([['readme.txt', 'Just <words> & more']]));
    expect(html).toContain('<div class="code-block" data-lang="text">');
    expect(html).toContain('<span class="code-block-lang">readme.txt</span>');
    expect(html).toContain('Just &#x3C;words> &#x26; more');
  });

  test('a sample without its file stays a placeholder', async () => {
    const rendered = await renderMarkdown('```sample\nmissing.bat\n```');
    expect((await embedSamples(rendered, new Map())).html).toBe(rendered.html);
  });
});
