/**
 * Images of content/media/ and kept copies of images from other hosts as `<picture>`: AVIF and WebP sources and the
 * fallback's own `srcset` at the widths encoded, `sizes` from the article column; the image a page paints first is
 * fetched early. Runs after sanitising, on files the upload made. Pure: changes the hast tree.
 */
import type { Element, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';
import { CONTENT_COLUMN_REM, MEDIA_TYPES, type MediaExtension, PAGE_GUTTER_REM, REM_PX } from '../../../contracts/media.ts';
import type { MediaRef } from './media-images.ts';

/**
 * The first image of an article is the one it paints first when it sits in one of the body's first three blocks
 * (paragraphs, headings, lists): under the title, that is the first screen of a phone; further down it stays lazy.
 */
export const EAGER_BLOCKS = 3;

/** Offered before the fallback, best first: a browser takes the first `<source>` whose type it reads. */
const SOURCE_FORMATS = ['avif', 'webp'];

export function pictureImages(tree: Root, media: ReadonlyMap<string, MediaRef>): void {
  const byUrl = new Map([...media.values()].map((m) => [m.url, m]));
  let block = -1;
  let first = true;
  visit(tree, 'element', (node, index, parent) => {
    if (parent === tree) block++;
    if (node.tagName !== 'img') return;
    if (first && block < EAGER_BLOCKS) paintsFirst(node);
    first = false;
    const ref = typeof node.properties.src === 'string' ? byUrl.get(node.properties.src) : undefined;
    if (!ref || !parent || index === undefined) return;
    parent.children[index] = withVariants(node, ref);
    return SKIP;
  });
}

/** What the column shows an image `width` CSS px wide at: the whole column at most, the page less its gutters below that. */
export function imageSizes(width: number): string {
  const page = `calc(100vw - ${PAGE_GUTTER_REM}rem)`;
  if (width >= CONTENT_COLUMN_REM * REM_PX)
    return `(min-width: ${CONTENT_COLUMN_REM + PAGE_GUTTER_REM}rem) ${CONTENT_COLUMN_REM}rem, ${page}`;
  return `(min-width: ${width + PAGE_GUTTER_REM * REM_PX}px) ${width}px, ${page}`;
}

/** Not lazy, and asked for before the other images of the page. */
function paintsFirst(img: Element): void {
  delete img.properties.loading;
  img.properties.fetchPriority = 'high';
}

/** The image with a `srcset` of its format's files, in a `<picture>` after a `<source>` per better format; as it is when it has one file. */
function withVariants(img: Element, ref: MediaRef): Element {
  const variants = ref.variants ?? [];
  const fallback = variants.find((v) => v.url === ref.url)?.format;
  if (!fallback || variants.length < 2) return img;
  const srcSet = (format: string) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  // An author's width (a copy of an image from another host) is what the page shows, the column permitting.
  const sizes = imageSizes(Number(img.properties.width) || ref.width);
  img.properties.srcSet = srcSet(fallback);
  img.properties.sizes = sizes;
  const sources = SOURCE_FORMATS.filter((format) => format !== fallback && variants.some((v) => v.format === format)).map(
    (format): Element => ({
      type: 'element',
      tagName: 'source',
      properties: { type: MEDIA_TYPES[format as MediaExtension], srcSet: srcSet(format), sizes },
      children: [],
    }),
  );
  if (sources.length === 0) return img;
  return { type: 'element', tagName: 'picture', properties: {}, children: [...sources, img] };
}
