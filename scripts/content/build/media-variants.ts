/**
 * The files an image of content/media/ is published as: AVIF and WebP at the widths the article column shows, and its
 * own format as the fallback, each named by the hash of the source and of its encoding. Pure.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mediaKey } from '../../../contracts/kv-keys.ts';
import { CONTENT_COLUMN_REM, type MediaExtension, mediaUrl, REM_PX } from '../../../contracts/media.ts';

/** A phone's column, a tablet's (or a phone's at 2×), and the widest column at 2× for high-density screens. */
export const MEDIA_WIDTHS = [400, 800, 2 * CONTENT_COLUMN_REM * REM_PX] as const;

/**
 * sharp's options per format: its defaults but for AVIF's effort (2 of 9: about 6× faster than the default 4 for a
 * 1408 px screenshot, and no larger) and mozjpeg's tables for JPEG.
 */
export const ENCODINGS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80 },
  jpg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;
export type EncodedFormat = keyof typeof ENCODINGS;

/** Formats in the order a browser should prefer them: a page offers those before the source's own as `<source>`s. */
const PREFERENCE: EncodedFormat[] = ['avif', 'webp', 'jpg', 'png'];

/** A new sharp may encode differently: its version is part of every variant's name, so an upgrade re-encodes. */
const SHARP_VERSION: string = createRequire(import.meta.url)('sharp/package.json').version;

export interface MediaVariant {
  format: MediaExtension;
  width: number;
  height: number;
  key: string;
  url: string;
  /** True for the source file itself (its own format at its own width): stored as it is, never encoded. */
  source: boolean;
}

/**
 * Whether the site re-encodes an image of this kind: not SVG (vector), not GIF (how writers ship animations, which
 * sharp's AVIF cannot keep), not an animated PNG, WebP or AVIF (re-encoding would keep only the first frame).
 */
export function isReencoded(ext: MediaExtension, bytes: Uint8Array): ext is EncodedFormat {
  if (ext === 'svg' || ext === 'gif') return false;
  return !isAnimated(ext, bytes);
}

function isAnimated(ext: EncodedFormat, bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  // The animation chunk comes before the first image data (APNG).
  if (ext === 'png') {
    const head = ascii(0, Math.min(bytes.length, 4096));
    const actl = head.indexOf('acTL');
    return actl >= 0 && (head.indexOf('IDAT') < 0 || actl < head.indexOf('IDAT'));
  }
  // An extended WebP header with its animation flag.
  if (ext === 'webp') return ascii(12, 16) === 'VP8X' && ((bytes[20] ?? 0) & 0x02) !== 0;
  // An image sequence is branded `avis`.
  if (ext === 'avif') return ascii(8, 12) === 'avis' || ascii(16, 48).includes('avis');
  return false;
}

/** Widths for a source `width` px wide: the layout's, never wider than the source, the largest no wider than the widest column. */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, Math.max(...MEDIA_WIDTHS));
  // A width within 10% of the top one would cost a file and save next to nothing.
  return [...MEDIA_WIDTHS.filter((w) => w < top * 0.9), top];
}

/** Every file of an image: its variants, the fallback (the source's format) last; the source as it is when not re-encoded. */
export function mediaVariants(hash: string, ext: MediaExtension, width: number, height: number, bytes: Uint8Array): MediaVariant[] {
  if (!isReencoded(ext, bytes)) return [{ format: ext, width, height, key: mediaKey(hash, ext), url: mediaUrl(hash, ext), source: true }];
  const formats = [...PREFERENCE.slice(0, PREFERENCE.indexOf(ext)).filter((f) => f === 'avif' || f === 'webp'), ext];
  return formats.flatMap((format) =>
    variantWidths(width).map((w) => {
      const source = format === ext && w === width;
      const name = source ? hash : variantHash(hash, format, w);
      return {
        format,
        width: w,
        height: Math.max(1, Math.round((height * w) / width)),
        key: mediaKey(name, format),
        url: mediaUrl(name, format),
        source,
      };
    }),
  );
}

/** The name of `hash`'s source encoded as `format` at `width`: the settings and sharp's version are part of it. */
export const variantHash = (hash: string, format: EncodedFormat, width: number): string =>
  createHash('sha256')
    .update(JSON.stringify([hash, format, width, ENCODINGS[format], SHARP_VERSION]))
    .digest('hex');
