/**
 * Images of media/: sizes, content-hash keys and immutable URLs, refusals naming the file, and images in markdown.
 * Unit (sharp encodes the images of the builds).
 */
import { describe, expect, test } from 'vitest';
import { buildEntries } from '../../../../scripts/content/build/build-entries.ts';
import { buildMedia, MAX_SERVED_AS_IS_BYTES, MAX_SOURCE_BYTES, type MediaFile } from '../../../../scripts/content/build/media.ts';
import { remoteImagePointer } from '../../../../scripts/content/markdown/remote-images.ts';
import { renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';
import { type ContentProblem, formatProblem } from '../../../../scripts/content/source/problems.ts';
import { gradientPng } from '../../../support/images.ts';
import { png } from '../../../support/png.ts';

const text = (s: string) => new TextEncoder().encode(s);
/** Each problem's first line: `file: field: message` (its hint follows on the next). */
const firstLine = (problem: ContentProblem) => formatProblem(problem).split('\n')[0];
const reasons = (files: MediaFile[]) => buildMedia(files).problems.map(firstLine);

describe('buildMedia', () => {
  test('a PNG gets its size, a content-hash key and an immutable URL for its fallback; an SVG is its one file', () => {
    const { media, problems } = buildMedia([
      { name: 'shot.png', bytes: png(640, 400) },
      { name: 'logo.svg', bytes: text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10"/></svg>') },
    ]);
    expect(problems).toEqual([]);
    const shot = media.get('shot.png')!;
    expect([shot.width, shot.height, shot.ext]).toEqual([640, 400, 'png']);
    expect(shot.key).toMatch(/^media\/[0-9a-f]{64}\.png$/);
    expect(shot.url).toBe(`/${shot.key}`);
    // The source is its own fallback at its own width: stored as it is.
    expect(shot.variants.at(-1)).toMatchObject({ format: 'png', width: 640, source: true, key: shot.key });
    const logo = media.get('logo.svg')!;
    expect([logo.width, logo.height]).toEqual([20, 10]);
    expect(logo.variants).toEqual([expect.objectContaining({ format: 'svg', width: 20, source: true, key: logo.key })]);
  });

  test('a source the site re-encodes may be up to 25 MiB; one served as it is (SVG, GIF) 1 MB; larger is refused, naming the file', () => {
    expect(reasons([{ name: 'shot.png', bytes: png(2560, 1440, 5 * 1024 * 1024) }])).toEqual([]);
    expect(reasons([{ name: 'huge.png', bytes: png(9000, 6000, MAX_SOURCE_BYTES) }])).toEqual([
      'media/huge.png: image: is 25.0 MB: an image the site re-encodes may be at most 25.0 MB',
    ]);
    const gif = new Uint8Array(MAX_SERVED_AS_IS_BYTES + 200_000);
    gif.set([...'GIF89a'].map((c) => c.charCodeAt(0)));
    expect(reasons([{ name: 'loop.gif', bytes: gif }])).toEqual([
      'media/loop.gif: image: is 1.2 MB: a GIF or an animation, served as it is, may be at most 1.0 MB',
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

  test('point at the immutable URLs of the variants, with width and height; the first image near the top is fetched first', async () => {
    const { html, imageProblems } = await renderMarkdown(
      'Look:\n\n![The HUD editor](media/shot.png)\n\n![Elsewhere](https://example.com/a.png)\n',
      media,
    );
    expect(imageProblems).toEqual([]);
    const shot = media.get('shot.png')!;
    const urls = (format: string) => shot.variants.filter((v) => v.format === format).map((v) => v.url);
    const [avif400, avif640] = urls('avif');
    const [webp400, webp640] = urls('webp');
    const [png400] = urls('png');
    const sizes = 'sizes="(min-width: 672px) 640px, calc(100vw - 2rem)"';
    expect(html).toContain(
      `<picture><source type="image/avif" srcset="${avif400} 400w, ${avif640} 640w" ${sizes}>` +
        `<source type="image/webp" srcset="${webp400} 400w, ${webp640} 640w" ${sizes}>` +
        `<img src="${shot.url}" alt="The HUD editor" width="640" height="400" decoding="async" fetchpriority="high" ` +
        `srcset="${png400} 400w, ${shot.url} 640w" ${sizes}></picture>`,
    );
    // An image from elsewhere without a kept copy is shown through the Worker, with no size, lazily (not the first).
    const { path } = remoteImagePointer('https://example.com/a.png');
    expect(html).toContain(`<img src="${path}" alt="Elsewhere" loading="lazy" decoding="async">`);
  });

  test('a missing file or missing alt text stops the build, naming file and line', async () => {
    const source = '---\ntitle: T\nslug: t\ndescription: d\ntype: guide\n---\nIntro\n\n![](media/shot.png)\n\n![A thing](media/gone.png)\n';
    const result = await buildEntries({
      files: [{ file: 'guide-t.md', source }],
      samples: [],
      media: [{ name: 'shot.png', bytes: await gradientPng(640, 400) }],
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
    const [a1, b1] = await build(await gradientPng(640, 400));
    const [a2, b2] = await build(await gradientPng(800, 500));
    expect(a2).not.toBe(a1);
    expect(b2).toBe(b1);
  });
});
