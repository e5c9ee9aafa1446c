/**
 * Markdown rendering: GitHub-flavoured markdown, sanitising raw HTML, images, videos, links and heading ids. Unit.
 */
import { describe, expect, test } from 'vitest';
import { remoteImagePointer } from '../../../../scripts/content/markdown/remote-images.ts';
import { renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\`\n`;
const html = async (markdown: string) => (await renderMarkdown(markdown)).html;
/** The opening tag of the first element whose markup contains `marker`. */
const tagWith = (out: string, marker: string) => out.match(new RegExp(`<[a-z]+[^>]*${marker}[^>]*>`))?.[0] ?? '';

describe('GitHub-flavoured markdown', () => {
  test('tables', async () => {
    const out = await html('| Car | Class |\n|-----|-------|\n| M4 | GT3 |\n');
    // Wrapped in a region that scrolls by itself (scrollable-tables.ts).
    expect(out).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Table: Car, Class"><table>');
    expect(out).toMatch(/<th>Car<\/th>/);
    expect(out).toMatch(/<td>GT3<\/td>/);
  });

  test('a bare https URL becomes a link', async () => {
    expect(await html('See https://race.elementfuture.com/news for more.')).toContain(
      '<a href="https://race.elementfuture.com/news">https://race.elementfuture.com/news</a>',
    );
  });

  test('strikethrough', async () => {
    expect(await html('~~old~~ new')).toContain('<del>old</del>');
  });

  test('task lists', async () => {
    const out = await html('- [x] done\n- [ ] todo\n');
    expect(out).toMatch(/<input type="checkbox" checked disabled> done/);
    expect(out).toMatch(/<input type="checkbox" disabled> todo/);
  });
});

describe('sanitising raw HTML', () => {
  test('script elements are removed with their text', async () => {
    const out = await html('Before\n\n<script>alert(1)</script>\n\nAfter');
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain('alert(1)');
    expect(out).toContain('After');
  });

  test('event handler attributes are removed', async () => {
    const out = await html('<p onclick="steal()">Click</p>\n\n<img src="https://example.com/a.png" onerror="steal()">');
    expect(out).not.toMatch(/onclick|onerror|steal/);
    expect(out).toContain('Click');
  });

  test('javascript: links lose their href', async () => {
    const out = await html('<a href="javascript:alert(1)">raw</a> [md](javascript:alert(2)) <a href="JaVaScRiPt:alert(3)">mixed</a>');
    expect(out).not.toMatch(/javascript:/i);
    expect(out).toContain('<a>raw</a>');
    expect(out).toContain('<a>md</a>');
    expect(out).toContain('<a>mixed</a>');
  });

  test('style elements are removed with their text', async () => {
    const out = await html('<style>body { display: none }</style>\n\nVisible');
    expect(out).not.toMatch(/<style/i);
    expect(out).not.toContain('display: none');
    expect(out).toContain('Visible');
  });

  test('iframes are removed', async () => {
    const out = await html('<iframe src="https://evil.example"></iframe>\n\nText');
    expect(out).not.toMatch(/<iframe/i);
    expect(out).not.toContain('evil.example');
  });

  test('iframes are removed whatever their host, YouTube included', async () => {
    const out = await html(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>\n\n<iframe src="https://www.youtube.com/embed/abc"></iframe>\n\nText',
    );
    expect(out).not.toMatch(/<iframe|youtube/i);
  });

  test('data: URLs are dropped from links, images, videos and sources', async () => {
    const out = await html(
      [
        '<a href="data:text/html,<script>alert(1)</script>">raw</a> [md](data:text/html;base64,PHNjcmlwdD4=)',
        '',
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg"> ![png](data:image/png;base64,AAAA)',
        '',
        '<video src="data:video/mp4,AAAA" poster="data:image/png,AA" controls><source src="data:video/mp4,AA" type="video/mp4"></video>',
      ].join('\n'),
    );
    expect(out).not.toMatch(/data:/i);
    expect(out).toContain('<a>raw</a>');
    expect(out).toContain('<a>md</a>');
    expect(out).toMatch(/<img alt="svg"/);
    expect(out).toMatch(/<video controls><source type="video\/mp4"><\/video>/);
  });

  test('obfuscated javascript: and other script protocols lose their URL', async () => {
    const out = await html(
      '<a href="  javascript:alert(1)">space</a><a href="java&#x09;script:alert(1)">tab</a><a href="&#106;avascript:alert(1)">entity</a>' +
        '<a href="vbscript:msgbox(1)">vb</a><video controls poster="javascript:alert(1)"></video>',
    );
    expect(out).not.toMatch(/script:|alert|msgbox/i);
    for (const text of ['space', 'tab', 'entity', 'vb']) expect(out).toContain(`<a>${text}</a>`);
  });

  test('style attributes, event handlers on any element, and SVG are removed', async () => {
    const out = await html(
      '<div style="background:url(javascript:alert(1))">styled</div>\n\n<details open ontoggle=alert(1)>x</details>\n\n<svg onload="alert(1)"><circle/></svg>',
    );
    expect(out).not.toMatch(/style=|ontoggle|onload|<svg|alert/i);
    expect(out).toContain('<div>styled</div>');
    expect(out).toContain('<details open>x</details>');
  });

  test('object, embed, form, meta, base, link and template are removed', async () => {
    const out = await html(
      [
        '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x">',
        '<form action="https://evil.example"><button formaction="javascript:alert(1)">b</button></form>',
        '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><link rel=stylesheet href="https://evil.example/x.css">',
        '<template><script>alert(1)</script></template>',
      ].join('\n\n'),
    );
    expect(out).not.toMatch(/<(object|embed|form|button|meta|base|link|template|script)\b/i);
    expect(out).not.toMatch(/evil\.example|alert/);
  });

  test('mutation-XSS shapes come out inert', async () => {
    const out = await html(
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>\n\n<noscript><p title="</noscript><img src=x onerror=alert(2)>">',
    );
    expect(out).not.toMatch(/<(math|style|noscript|mglyph)\b/i);
    // What is left of the second one is an attribute value, not markup.
    expect(out).not.toMatch(/<img[^>]*onerror/i);
  });

  test("ids and names are prefixed so content cannot clobber the page's globals", async () => {
    const out = await html('<a id="x" name="cookie">clobber</a><img name="getElementById">');
    expect(out).toContain('id="user-content-x"');
    expect(out).toContain('name="user-content-cookie"');
    expect(out).toContain('name="user-content-getElementById"');
  });

  // Below the first three blocks: the first image above them is fetched first (picture-images.ts).
  const further = 'One.\n\nTwo.\n\nThree.\n\n';

  test('images survive and are lazy-loaded (one from another host is shown through the Worker)', async () => {
    const { path } = remoteImagePointer('https://example.com/hud.png');
    const img = tagWith(await html(`${further}<img src="https://example.com/hud.png" alt="The HUD">`), path);
    expect(img).toMatch(/^<img /);
    expect(img).toContain(`src="${path}"`);
    expect(img).toContain('alt="The HUD"');
    expect(img).toContain('loading="lazy"');
  });

  test('markdown images are lazy-loaded too', async () => {
    const { path } = remoteImagePointer('https://example.com/setup.png');
    expect(tagWith(await html(`${further}![Setup](https://example.com/setup.png)`), path)).toContain('loading="lazy"');
  });

  test('videos with controls survive', async () => {
    const video = tagWith(await html('<video controls src="https://example.com/clip.mp4"></video>'), 'clip.mp4');
    expect(video).toMatch(/^<video /);
    expect(video).toMatch(/\bcontrols\b/);
    expect(video).toContain('src="https://example.com/clip.mp4"');
  });

  test('links opening a new tab keep target and get rel="noopener noreferrer"', async () => {
    const link = tagWith(await html('<a href="https://discord.gg/x" target="_blank">Discord</a>'), 'discord');
    expect(link).toContain('href="https://discord.gg/x"');
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener noreferrer"');
  });

  test('an author-chosen rel cannot weaken a new-tab link', async () => {
    const link = tagWith(await html('<a href="https://example.com" target="_blank" rel="opener">x</a>'), 'example.com');
    expect(link).toContain('rel="noopener noreferrer"');
  });
});

describe('headings', () => {
  test('GitHub-style ids', async () => {
    expect(await html('## Hello World!')).toContain('id="hello-world"');
  });

  test('duplicate headings get unique ids', async () => {
    const { html: out, toc } = await renderMarkdown('## Setup\n\ntext\n\n## Setup\n\n## Setup');
    expect(toc.map((t) => t.id)).toEqual(['setup', 'setup-1', 'setup-2']);
    expect(out).toContain('id="setup-1"');
  });

  test('headings move one level down; h6 stays h6', async () => {
    const out = await html('# Title\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Deep');
    expect(out).toMatch(/<h2 id="title">Title<a [^>]*>#<\/a><\/h2>/);
    expect(out).not.toContain('<h1');
    expect(out).toMatch(/<h5 id="four">Four<a [^>]*>#<\/a><\/h5>/);
    expect(out).toMatch(/<h6 id="five">Five<a [^>]*>#<\/a><\/h6>/);
    expect(out).toMatch(/<h6 id="deep">Deep<a [^>]*>#<\/a><\/h6>/);
  });

  test('no heading goes more than one level deeper than the one before it', async () => {
    const { toc } = await renderMarkdown('## Call to action\n\n# Section\n\n#### Detail\n\n# Next\n\n### Sub');
    expect(toc.map((t) => [t.id, t.depth])).toEqual([
      ['call-to-action', 2],
      ['section', 2],
      ['detail', 3],
      ['next', 2],
      ['sub', 3],
    ]);
    expect(await html('###### Deep first')).toMatch(/^<h2 id="deep-first">/);
  });

  test('every heading ends in a "#" link to itself, named for screen readers', async () => {
    const out = await html('# Install the `app`\n\ntext\n\n## Step 1');
    expect(out).toContain(
      '<h2 id="install-the-app">Install the <code>app</code><a class="heading-anchor" href="#install-the-app" aria-label="Link to this section: Install the app">#</a></h2>',
    );
    expect(out).toContain(
      '<h3 id="step-1">Step 1<a class="heading-anchor" href="#step-1" aria-label="Link to this section: Step 1">#</a></h3>',
    );
  });

  test('the anchors\' "#" stays out of the table of contents and the article text', async () => {
    const { toc, text, readingMinutes } = await renderMarkdown('# One\n\nWords here.\n\n## Two\n\n## Two');
    expect(toc.map((t) => t.text)).toEqual(['One', 'Two', 'Two']);
    expect(toc.map((t) => t.id)).toEqual(['one', 'two', 'two-1']);
    expect(text).toBe('One · Words here. · Two · Two');
    expect(readingMinutes).toBe(1);
  });

  test('an article without words yet (a new draft: only a comment) has no reading time, not "1 min read"', async () => {
    expect((await renderMarkdown('<!-- The guide in markdown. -->\n')).readingMinutes).toBe(0);
  });

  test('the article text keeps headings, paragraphs, list items and cells apart, and leaves code out', async () => {
    const { text } = await renderMarkdown(
      '## Using DSX\n\nIf you race **with** a pad:\n\n- one\n- two\n  - nested\n\n```\ncode here\n```\n\n| a | b |\n|---|---|\n| c | d |\n\n> quoted\n',
    );
    expect(text).toBe('Using DSX · If you race with a pad: · one · two · nested · a · b · c · d · quoted');
  });

  test('a hyphenated word in a heading is kept whole, in the text it is not', async () => {
    const { html: out, toc } = await renderMarkdown('# The command-line switch\n\nA command-line here.');
    expect(out).toContain(
      '<h2 id="the-command-line-switch">The <span class="keep-word">command-line</span> switch<a class="heading-anchor"',
    );
    expect(out).toContain('<p>A command-line here.</p>');
    expect(toc[0]?.text).toBe('The command-line switch');
  });

  test('the table of contents lists {depth, id, text} in document order', async () => {
    const { toc } = await renderMarkdown('# Install\n\n## Download the `zip`\n\nBody\n\n# Use it\n');
    expect(toc).toEqual([
      { depth: 2, id: 'install', text: 'Install' },
      { depth: 3, id: 'download-the-zip', text: 'Download the zip' },
      { depth: 2, id: 'use-it', text: 'Use it' },
    ]);
  });

  // An empty id is invalid HTML and gives the table of contents a link to `#`: the code's own
  // fallback ('section') only applies when the text is empty, not when it slugs to nothing.
  test('a heading of punctuation only still gets a non-empty id', async () => {
    const { html: out, toc } = await renderMarkdown('## !!!\n\n## ???');
    expect(out).not.toContain('id=""');
    for (const item of toc) expect(item.id).toMatch(/^[a-z0-9]/);
  });
});

describe('code blocks', () => {
  test('known languages are highlighted by shiki with inline colours', async () => {
    const out = await html(fence('json', '{ "hud": true }'));
    expect(out).toContain('class="shiki');
    expect(out).toMatch(/<span style="[^"]*color:#[0-9A-Fa-f]{6}/);
    expect(out).toContain('data-lang="json"');
  });

  test('language names are matched ignoring case', async () => {
    expect(await html(fence('JSON', '{}'))).toContain('data-lang="json"');
  });

  test('an unknown language renders as plain text', async () => {
    const out = await html(fence('klingon', "Qapla'"));
    expect(out).toContain('data-lang="text"');
    expect(out).toContain('class="shiki');
    expect(out).toContain("Qapla'");
  });

  test('a block tagged with a language the site does not colour is reported with its place', async () => {
    const markdown = ['Intro', '', fence('json', '{}'), '', fence('klingon', "Qapla'"), fence('Pyhton', 'x = 1')].join('\n');
    const { unknownLanguages } = await renderMarkdown(markdown);
    const lines = markdown.split('\n');
    expect(unknownLanguages).toEqual([
      { lang: 'klingon', line: lines.indexOf('```klingon') + 1, column: 1 },
      { lang: 'pyhton', line: lines.indexOf('```Pyhton') + 1, column: 1 },
    ]);
  });

  test('no tag, plain text on purpose, mermaid, samples and aliases are not reported', async () => {
    const tags = ['', 'text', 'txt', 'plaintext', 'batch', 'sh', 'ts', 'yml', 'mermaid', 'sample'];
    const { unknownLanguages } = await renderMarkdown(tags.map((tag) => fence(tag, 'graph TD\n  A --> B')).join('\n'));
    expect(unknownLanguages).toEqual([]);
  });

  test('a block without a language renders as plain text', async () => {
    const out = await html(fence('', 'just text'));
    expect(out).toContain('data-lang="text"');
    expect(out).toContain('just text');
  });

  test('every code block has a copy button', async () => {
    const out = await html([fence('json', '{}'), fence('klingon', 'x'), fence('', 'y')].join('\n'));
    const buttons = out.match(/<button[^>]*class="copy-button"[^>]*>Copy<\/button>/g) ?? [];
    expect(buttons).toHaveLength(3);
  });

  test('HTML inside code is escaped', async () => {
    for (const lang of ['html', 'klingon', '']) {
      const out = await html(fence(lang, '<script>alert("x")</script> & more'));
      expect(out).not.toMatch(/<script|<\/script/i);
      // Highlighted HTML splits `<` and `script` into separate spans; the text is what counts.
      const text = out.replace(/<[^>]*>/g, '');
      expect(text).toContain('&#x3C;script>alert("x")&#x3C;/script> &#x26; more');
    }
  });

  test('mermaid blocks become diagrams holding the escaped source', async () => {
    const { html: out, hasDiagrams } = await renderMarkdown(fence('mermaid', 'graph TD\n  A["<b>Sim</b>"] --> B'));
    expect(hasDiagrams).toBe(true);
    const figure = out.match(/<figure class="diagram"[\s\S]*?<\/figure>/)?.[0] ?? '';
    expect(figure).toContain('graph TD\n  A["&#x3C;b>Sim&#x3C;/b>"] --> B');
    expect(figure).not.toContain('<b>');
    expect(figure).toContain('<pre class="diagram-source" tabindex="0">');
    expect(out).not.toContain('copy-button');
  });

  test('a page without mermaid has no diagrams', async () => {
    const { hasDiagrams, html: out } = await renderMarkdown(`# Title\n\n${fence('json', '{}')}`);
    expect(hasDiagrams).toBe(false);
    expect(out).not.toContain('class="diagram"');
  });

  test('sample blocks become a placeholder linking to the sample', async () => {
    const { html: out, samples } = await renderMarkdown(`Intro\n\n${fence('sample', 'scripts/start minimized.bat')}`);
    expect(samples).toEqual(['scripts/start minimized.bat']);
    expect(out).toContain('data-sample="scripts/start minimized.bat"');
    expect(out).toContain('href="/api/_analog/samples/scripts/start%20minimized.bat"');
    expect(out).not.toContain('copy-button');
  });

  test('every sample block is reported', async () => {
    const { samples } = await renderMarkdown(`${fence('sample', 'a.bat')}\n${fence('sample', 'b.ps1')}`);
    expect(samples).toEqual(['a.bat', 'b.ps1']);
  });

  test('a page without samples reports none', async () => {
    expect((await renderMarkdown('Text')).samples).toEqual([]);
  });
});

describe('what sanitising removed is reported, with its place in the markdown', () => {
  const removed = async (markdown: string) =>
    (await renderMarkdown(markdown)).removed.map((r) => `${r.line}:${r.column} ${r.what}: ${r.why}`);

  test('elements: those stripped with their content, and those whose content is kept', async () => {
    expect(await removed('<style>p { color: red }</style>\n\n<svg onload="alert(1)"><circle/></svg>')).toEqual([
      "1:1 <style>: style elements are not allowed (the site's stylesheet styles articles); removed with its content",
      '3:1 <svg onload="alert(1)">: <svg> is not an allowed element; its content is kept (allowed: scripts/content/markdown/sanitize-schema.ts)',
      '3:24 <circle>: <circle> is not an allowed element; its content is kept (allowed: scripts/content/markdown/sanitize-schema.ts)',
    ]);
  });

  test('attributes: style, disallowed classes, an obfuscated javascript: URL shown escaped', async () => {
    expect(
      await removed(
        '<span style="color:red" class="note">x</span> <a href="java&#x09;script:alert(1)">y</a>\n\n![i](data:image/png;base64,AAAA)',
      ),
    ).toEqual([
      '1:1 style="color:red" on <span>: style attributes are not allowed (the site\'s stylesheet styles articles)',
      '1:1 class="note" on <span>: the attribute class is not allowed on this element',
      '1:47 href="java\\tscript:alert(1)" on <a>: javascript: URLs are not allowed here (only http, https, mailto and relative URLs); the link text stays, without a link',
      '3:1 src="data:image/png;base64,AAAA" on <img>: data: URLs are not allowed here (only http, https and relative URLs); the element stays, without it',
    ]);
  });

  test('not reported: comments, ids given a prefix, allowed markup, what the pipeline adds', async () => {
    const out = await renderMarkdown(
      '<!-- a note -->\n\n<h3 id="x">Hi</h3>\n\n<a href="https://example.com" target="_blank">ok</a> <img src="/a.png" alt="a">\n\n- [x] done\n\n```js\nlet a = 1;\n```\n',
    );
    expect(out.removed).toEqual([]);
  });
});
