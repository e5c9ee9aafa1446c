/**
 * Images of media/: sizes, content-hash keys and immutable URLs, refusals naming the file, and images in markdown.
 * Unit.
 */
import { describe, expect, test } from 'vitest';
import { buildEntries } from '../../../../scripts/content/build/build-entries.ts';
import { buildMedia, MAX_RASTER_BYTES, type MediaFile } from '../../../../scripts/content/build/media.ts';
import { remoteImagePointer } from '../../../../scripts/content/markdown/remote-images.ts';
import { renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';
import { type ContentProblem, formatProblem } from '../../../../scripts/content/source/problems.ts';
import { png } from '../../../support/png.ts';

const text = (s: string) => new TextEncoder().encode(s);
/** Each problem's first line: `file: field: message` (its hint follows on the next). */
const firstLine = (problem: ContentProblem) => formatProblem(problem).split('\n')[0];
const reasons = (files: MediaFile[]) => buildMedia(files).problems.map(firstLine);

describe('buildMedia', () => {
  test('a PNG gets its size, a content-hash key and an immutable URL', () => {
    const { media, problems } = buildMedia([
      { name: 'shot.png', bytes: png(640, 400) },
      { name: 'logo.svg', bytes: text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10"/></svg>') },
    ]);
    expect(problems).toEqual([]);
    const shot = media.get('shot.png')!;
    expect([shot.width, shot.height, shot.ext]).toEqual([640, 400, 'png']);
    expect(shot.key).toMatch(/^media\/[0-9a-f]{64}\.png$/);
    expect(shot.url).toBe(`/${shot.key}`);
    expect([media.get('logo.svg')!.width, media.get('logo.svg')!.height]).toEqual([20, 10]);
  });

  test('a raster image over 1 MB is refused, saying so; the same size in SVG is not a raster', () => {
    expect(reasons([{ name: 'big.png', bytes: png(4000, 3000, MAX_RASTER_BYTES + 200_000) }])).toEqual([
      'media/big.png: image: is 1.2 MB: raster images may be at most 1 MB (refused, not re-encoded)',
    ]);
  });

  test('an unknown kind, a misnamed file and an active SVG are refused, naming the file', () => {
    expect(reasons([{ name: 'notes.txt', bytes: text('hi') }])).toEqual([
      'media/notes.txt: image: ".txt" is not an image kind the site serves (allowed: png, jpg, jpeg, webp, avif, gif, svg)',
    ]);
    expect(reasons([{ name: 'photo.jpeg', bytes: png(2, 2) }])).toEqual(['media/photo.jpeg: image: is named .jpeg but holds a PNG image']);
    expect(reasons([{ name: 'x.svg', bytes: text('<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>') }])).toEqual([
      'media/x.svg: image: holds a <script> element',
    ]);
    expect(reasons([{ name: 'y.svg', bytes: text('<svg viewBox="0 0 1 1" onload="alert(1)"></svg>') }])[0]).toMatch(/event handler/);
    expect(reasons([{ name: 'z.svg', bytes: text('<svg viewBox="0 0 1 1"><a href="https://e.com"><rect/></a></svg>') }])[0]).toMatch(
      /a link \(href\)/,
    );
  });
});

describe('images in markdown', () => {
  const media = buildMedia([{ name: 'shot.png', bytes: png(640, 400) }]).media;

  test('point at the immutable URL with width, height, lazy loading and async decoding', async () => {
    const { html, imageProblems } = await renderMarkdown(
      'Look:\n\n![The HUD editor](media/shot.png)\n\n![Elsewhere](https://example.com/a.png)\n',
      media,
    );
    expect(imageProblems).toEqual([]);
    const url = media.get('shot.png')!.url;
    expect(html).toContain(`<img src="${url}" alt="The HUD editor" width="640" height="400" loading="lazy" decoding="async">`);
    // An image from elsewhere without a kept copy is shown through the Worker, with no size (the
    // pipeline makes every image lazy).
    const { path } = remoteImagePointer('https://example.com/a.png');
    expect(html).toContain(`<img src="${path}" alt="Elsewhere" loading="lazy" decoding="async">`);
  });

  test('a missing file or missing alt text stops the build, naming file and line', async () => {
    const source = '---\ntitle: T\nslug: t\ndescription: d\ntype: guide\n---\nIntro\n\n![](media/shot.png)\n\n![A thing](media/gone.png)\n';
    const result = await buildEntries({
      files: [{ file: 'guide-t.md', source }],
      samples: [],
      media: [{ name: 'shot.png', bytes: png(640, 400) }],
    });
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'guide-t.md:9:1: body: image media/shot.png has no alt text\n' +
        '  hint: Write what the image shows between the brackets: ![what it shows](media/…). [image-alt-missing]',
      'guide-t.md:11:1: body: image media/gone.png not found in content/media/\n' +
        '  hint: Add the file to content/media/, or correct its name (names are case-sensitive). [image-not-found]',
    ]);
  });

  test('an entry that uses media gets a new hash when an image changes; others keep theirs', async () => {
    const uses = { file: 'guide-a.md', source: '---\ntitle: A\nslug: a\ndescription: d\ntype: guide\n---\n![Shot](media/shot.png)\n' };
    const plain = { file: 'guide-b.md', source: '---\ntitle: B\nslug: b\ndescription: d\ntype: guide\n---\nNo images.\n' };
    const build = async (bytes: Uint8Array) => {
      const result = await buildEntries({ files: [uses, plain], samples: [], media: [{ name: 'shot.png', bytes }] });
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      return result.entries.map((e) => e.hash);
    };
    const [a1, b1] = await build(png(640, 400));
    const [a2, b2] = await build(png(800, 500));
    expect(a2).not.toBe(a1);
    expect(b2).toBe(b1);
  });
});
