/** Which files an image is published as: widths, formats, names, and what is served as it is. Unit. */
import { describe, expect, test } from 'vitest';
import { isReencoded, MEDIA_WIDTHS, mediaVariants, variantHash, variantWidths } from '../../../../scripts/content/build/media-variants.ts';
import { png } from '../../../support/png.ts';

const HASH = 'a'.repeat(64);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('variantWidths', () => {
  test("the layout's widths, never wider than the source, the widest at twice the column", () => {
    expect(MEDIA_WIDTHS).toEqual([400, 800, 1408]);
    expect(variantWidths(2560)).toEqual([400, 800, 1408]);
    expect(variantWidths(1408)).toEqual([400, 800, 1408]);
    expect(variantWidths(960)).toEqual([400, 800, 960]);
    expect(variantWidths(400)).toEqual([400]);
    expect(variantWidths(120)).toEqual([120]);
  });

  test('a width within 10% of the top one is left out: a file that would save next to nothing', () => {
    expect(variantWidths(840)).toEqual([400, 840]);
    expect(variantWidths(1500)).toEqual([400, 800, 1408]);
  });
});

describe('mediaVariants', () => {
  test('a PNG: AVIF, WebP, then PNG as the fallback; the source itself where no resize is needed', () => {
    const variants = mediaVariants(HASH, 'png', 960, 600, png(960, 600));
    expect(variants.map((v) => `${v.format} ${v.width}×${v.height}${v.source ? ' source' : ''}`)).toEqual([
      'avif 400×250',
      'avif 800×500',
      'avif 960×600',
      'webp 400×250',
      'webp 800×500',
      'webp 960×600',
      'png 400×250',
      'png 800×500',
      'png 960×600 source',
    ]);
    expect(variants.at(-1)!.key).toBe(`media/${HASH}.png`);
    // Every other file is named by the hash of source, format, width and encoding.
    for (const v of variants.slice(0, -1)) expect(v.key).toBe(`media/${variantHash(HASH, v.format as 'avif', v.width)}.${v.format}`);
    expect(new Set(variants.map((v) => v.url)).size).toBe(variants.length);
  });

  test('a source wider than the widest column is not stored: the fallback is its PNG at 1408 px', () => {
    const variants = mediaVariants(HASH, 'png', 2560, 1440, png(2560, 1440));
    expect(variants.filter((v) => v.source)).toEqual([]);
    expect(variants.at(-1)).toMatchObject({ format: 'png', width: 1408, height: 792 });
  });

  test('a JPEG keeps JPEG as its fallback; a WebP adds only AVIF; an AVIF is offered as it is', () => {
    const formats = (ext: 'jpg' | 'webp' | 'avif') => [
      ...new Set(mediaVariants(HASH, ext, 800, 600, new Uint8Array(64)).map((v) => v.format)),
    ];
    expect(formats('jpg')).toEqual(['avif', 'webp', 'jpg']);
    expect(formats('webp')).toEqual(['avif', 'webp']);
    expect(formats('avif')).toEqual(['avif']);
  });

  test('a name changes with the format, the width and the source', () => {
    const names = new Set([
      variantHash(HASH, 'avif', 400),
      variantHash(HASH, 'webp', 400),
      variantHash(HASH, 'avif', 800),
      variantHash('b'.repeat(64), 'avif', 400),
    ]);
    expect(names.size).toBe(4);
  });
});

describe('isReencoded', () => {
  test('SVG and GIF are served as they are, and so is an animated PNG, WebP or AVIF (re-encoding keeps one frame)', () => {
    expect(isReencoded('svg', new Uint8Array(8))).toBe(false);
    expect(isReencoded('gif', new Uint8Array(8))).toBe(false);
    expect(isReencoded('png', png(10, 10))).toBe(true);

    const apng = new Uint8Array([...png(10, 10), ...[0, 0, 0, 8], ...ascii('acTL'), ...new Uint8Array(12), ...ascii('IDAT')]);
    expect(isReencoded('png', apng)).toBe(false);

    const webp = (flags: number) => new Uint8Array([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8X'), 10, 0, 0, 0, flags, 0, 0, 0]);
    expect(isReencoded('webp', webp(0x02))).toBe(false);
    expect(isReencoded('webp', webp(0x10))).toBe(true);

    const avif = (brand: string) => new Uint8Array([0, 0, 0, 28, ...ascii('ftyp'), ...ascii(brand), 0, 0, 0, 0, ...ascii('mif1miaf')]);
    expect(isReencoded('avif', avif('avis'))).toBe(false);
    expect(isReencoded('avif', avif('avif'))).toBe(true);
  });
});
