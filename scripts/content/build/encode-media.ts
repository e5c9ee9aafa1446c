/**
 * Encodes the variants of each image (media-variants.ts) with sharp, keeping each file on disk under its name, so an
 * image already encoded once, by any upload or `npm start`, is never encoded again. I/O: sharp, the disk cache.
 */
import sharp from 'sharp';
import { type ContentProblem, contentProblem } from '../source/problems.ts';
import { CACHE_ROOT, type DiskCache, diskCache } from './disk-cache.ts';
import type { BuiltMedia, CheckedMedia } from './media.ts';
import { ENCODINGS, type EncodedFormat, type MediaVariant } from './media-variants.ts';

const DEFAULT_MEDIA_CACHE_DIR = `${CACHE_ROOT}/race-element-render/media`;

/** Encoded files by their KV key's name (`<sha256>.<ext>`); an empty file is a miss. */
export function diskMediaCache(dir: string = DEFAULT_MEDIA_CACHE_DIR): DiskCache<Uint8Array> {
  return diskCache<Uint8Array>(dir, {
    extension: 'bin',
    encode: (bytes) => bytes,
    decode: (bytes) => (bytes.length > 0 ? bytes : undefined),
  });
}

export interface EncodedMedia {
  media: BuiltMedia[];
  /** An image sharp cannot read, naming its file. */
  problems: ContentProblem[];
  /** Files encoded by this call; the others came from the cache or are sources as they are. */
  encoded: number;
}

export async function encodeMedia(checked: Iterable<CheckedMedia>, cache: DiskCache<Uint8Array> = diskMediaCache()): Promise<EncodedMedia> {
  const outcome: EncodedMedia = { media: [], problems: [], encoded: 0 };
  // One image at a time: sharp spreads each over the cores, and a 25 MiB source decoded is large.
  for (const image of checked) {
    try {
      const files: BuiltMedia['files'] = [];
      let decoded: sharp.Sharp | undefined;
      for (const variant of image.variants) {
        const name = variant.key.slice(variant.key.lastIndexOf('/') + 1);
        let bytes = variant.source ? image.bytes : await cache.get(name);
        if (!bytes) {
          decoded ??= sharp(image.bytes).rotate();
          bytes = await encode(decoded, variant);
          // A file the cache could not keep (a full disk) is only encoded again next time.
          await cache.set(name, bytes).catch(() => {});
          outcome.encoded++;
        }
        files.push({ key: variant.key, bytes });
      }
      outcome.media.push({ ...image, files });
    } catch (error) {
      const place = { file: `media/${image.name}`, field: 'image' };
      outcome.problems.push(contentProblem(place, 'media-unreadable', image.ext.toUpperCase(), (error as Error).message));
    }
  }
  return outcome;
}

const SHARP_FORMAT = { avif: 'avif', webp: 'webp', jpg: 'jpeg', png: 'png' } as const;

async function encode(decoded: sharp.Sharp, { format, width }: MediaVariant): Promise<Uint8Array> {
  const encoded = format as EncodedFormat;
  const buffer = await decoded.clone().resize({ width }).toFormat(SHARP_FORMAT[encoded], ENCODINGS[encoded]).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
