/** Images as <picture> with srcset and sizes, the first one near the top fetched first, and what authors may not write. Unit. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CONTENT_COLUMN_REM, PAGE_GUTTER_REM } from '../../../../contracts/media.ts';
import { buildMedia } from '../../../../scripts/content/build/media.ts';
import { imageSizes } from '../../../../scripts/content/markdown/picture-images.ts';
import { remoteCopyBase, remoteCopyName } from '../../../../scripts/content/markdown/remote-images.ts';
import { renderMarkdown } from '../../../../scripts/content/markdown/render-markdown.ts';
import { png } from '../../../support/png.ts';

const svg = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><rect width="300" height="60"/></svg>',
);
const THUMB = 'https://img.example.com/thumbs/0.png';
const { media } = buildMedia([
  { name: 'hud.png', bytes: png(2560, 1440) },
  { name: 'logo.svg', bytes: svg },
  { name: remoteCopyName(remoteCopyBase(THUMB)!, 'png'), bytes: png(480, 360) },
]);
const hud = media.get('hud.png')!;
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1}.\n\n`).join('');
const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];

describe('pictureImages', () => {
  test('a screenshot gets AVIF and WebP sources and a PNG fallback, at 400, 800 and 1408 px, all with the same sizes', async () => {
    const { html } = await renderMarkdown(`${paragraphs(5)}![The HUD](media/hud.png)\n`, media);
    const [avif, webp] = tags(html, 'source');
    const urls = (format: string) => hud.variants.filter((v) => v.format === format).map((v) => `${v.url} ${v.width}w`);
    const sizes = 'sizes="(min-width: 46rem) 44rem, calc(100vw - 2rem)"';
    expect(avif).toBe(`<source type="image/avif" srcset="${urls('avif').join(', ')}" ${sizes}>`);
    expect(webp).toBe(`<source type="image/webp" srcset="${urls('webp').join(', ')}" ${sizes}>`);
    expect(tags(html, 'img')).toEqual([
      `<img src="${hud.url}" alt="The HUD" width="2560" height="1440" loading="lazy" decoding="async" srcset="${urls('png').join(', ')}" ${sizes}>`,
    ]);
    expect(hud.url).toBe(hud.variants.find((v) => v.format === 'png' && v.width === 1408)!.url);
    expect(html).toContain('<p><picture><source type="image/avif"');
  });

  test('the first image in the first three blocks is not lazy and fetched with high priority; later ones stay lazy', async () => {
    const near = (await renderMarkdown(`${paragraphs(2)}![A](media/hud.png)\n\n![B](media/hud.png)\n`, media)).html;
    const [first, second] = tags(near, 'img');
    expect(first).toContain('fetchpriority="high"');
    expect(first).not.toContain('loading=');
    expect(second).toContain('loading="lazy"');
    expect(second).not.toContain('fetchpriority');
    const far = tags((await renderMarkdown(`${paragraphs(3)}![A](media/hud.png)\n`, media)).html, 'img');
    expect(far[0]).toContain('loading="lazy"');
    expect(far[0]).not.toContain('fetchpriority');
  });

  test('an SVG stays one <img>, as it is; a copy from another host shown at an author’s width gets sizes for that width', async () => {
    const { html } = await renderMarkdown(
      `${paragraphs(3)}![Logo](media/logo.svg)\n\n<img src="${THUMB}" width="240" alt="Video">\n`,
      media,
    );
    expect(tags(html, 'img')[0]).toBe(
      `<img src="${media.get('logo.svg')!.url}" alt="Logo" width="300" height="60" loading="lazy" decoding="async">`,
    );
    expect(html.match(/<picture>/g)).toHaveLength(1);
    const [avif] = tags(html, 'source');
    expect(avif).toContain(' 400w, ');
    expect(avif).toContain('sizes="(min-width: 272px) 240px, calc(100vw - 2rem)"');
    expect(tags(html, 'img')[1]).toContain('width="240" alt="Video" loading="lazy" decoding="async" height="180"');
  });

  test('an author’s own <picture> and srcset are removed: they could make browsers ask other hosts', async () => {
    const { html, removed } = await renderMarkdown(
      '<picture><source srcset="https://tracker.example/a.png" type="image/png"><img src="media/x.png" srcset="https://tracker.example/b.png 2x" alt="x"></picture>\n',
      media,
    );
    // A <source> outside a <picture> or <video> shows nothing.
    expect(html).not.toMatch(/<picture|srcset|tracker/);
    expect(removed.map((r) => r.what)).toEqual([
      '<picture>',
      'srcset="https://tracker.example/a.png" on <source>',
      'srcset="https://tracker.example/b.png 2x" on <img>',
    ]);
  });
});

describe('imageSizes', () => {
  test("reads the article column as client/styles.css draws it: --w wide at most, in main's padding of 1rem a side", () => {
    const css = readFileSync(new URL('../../../../client/styles.css', import.meta.url), 'utf8');
    expect(css).toContain(`--w: ${CONTENT_COLUMN_REM}rem;`);
    expect(css).toMatch(new RegExp(`\\nmain \\{\\n  padding: \\S+ ${PAGE_GUTTER_REM / 2}rem \\S+;`));
  });

  test('the column for an image at least as wide as it, the image’s own width for a narrower one; the page less its gutters below', () => {
    expect(imageSizes(2560)).toBe('(min-width: 46rem) 44rem, calc(100vw - 2rem)');
    expect(imageSizes(704)).toBe('(min-width: 46rem) 44rem, calc(100vw - 2rem)');
    expect(imageSizes(300)).toBe('(min-width: 332px) 300px, calc(100vw - 2rem)');
  });
});
