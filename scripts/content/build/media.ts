/**
 * Checks each file of content/media/ (kind, bytes, inert SVG) and describes it and its variants for KV and the renderer.
 * Pure: names and bytes in, descriptions and problems out; encode-media.ts encodes the variants.
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { MEDIA_TYPES, type MediaExtension } from '../../../contracts/media.ts';
import { type ContentProblem, contentProblem } from '../source/problems.ts';
import { isReencoded, type MediaVariant, mediaVariants } from './media-variants.ts';

export interface MediaFile {
  /** Path below `media/`, with forward slashes, e.g. `hud-editor.png`. */
  name: string;
  bytes: Uint8Array;
}

export interface CheckedMedia {
  name: string;
  /** sha256 of the source file. */
  hash: string;
  ext: MediaExtension;
  /** What `<img src>` names: the largest file in the source's own format. */
  key: string;
  url: string;
  /** The source's size as shown (EXIF orientation applied). */
  width: number;
  height: number;
  /** The source file. */
  bytes: Uint8Array;
  /** Every file published for it, the fallback's last (media-variants.ts). */
  variants: MediaVariant[];
}

/** An image with the bytes of each of its variants, by key: what the upload stores. */
export interface BuiltMedia extends CheckedMedia {
  files: { key: string; bytes: Uint8Array }[];
}

/**
 * A source that is re-encoded may be up to 25 MiB (KV's value limit: a source no wider than the widest variant is
 * stored as it is, as the fallback); a phone receives a variant of it (media-variants.ts).
 */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** A file served as it is (SVG, GIF, an animation) is what every visitor downloads. */
export const MAX_SERVED_AS_IS_BYTES = 1024 * 1024;

/** What image-size calls each kind. */
const DETECTED: Record<MediaExtension, string> = { png: 'png', jpg: 'jpg', webp: 'webp', avif: 'avif', gif: 'gif', svg: 'svg' };

/** Active SVG content: each is a way to run script or reach outside the file. */
const UNSAFE_SVG: [RegExp, string][] = [
  [/<script\b/i, 'a <script> element'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (on…=)'],
  [/<foreignObject\b/i, 'a <foreignObject> element'],
  [/\bhref\s*=\s*["']\s*(?!#)/i, 'a link (href) to something outside the file'],
  [/javascript:/i, 'a javascript: URL'],
  [/<!ENTITY/i, 'an XML entity declaration'],
];

/** The kind of image the bytes hold, when it is one the site serves. */
export function detectMediaExtension(bytes: Uint8Array): MediaExtension | null {
  let type: string | undefined;
  try {
    type = imageSize(bytes).type;
  } catch {
    return null;
  }
  return (Object.keys(DETECTED) as MediaExtension[]).find((ext) => DETECTED[ext] === type) ?? null;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function buildMedia(files: readonly MediaFile[]): { media: Map<string, CheckedMedia>; problems: ContentProblem[] } {
  const media = new Map<string, CheckedMedia>();
  const problems: ContentProblem[] = [];
  for (const { name, bytes } of files) {
    const file = `media/${name}`;
    const place = { file, field: 'image' };
    const written = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    const ext = (written === 'jpeg' ? 'jpg' : written) as MediaExtension;
    if (!(ext in MEDIA_TYPES)) {
      problems.push(contentProblem(place, 'media-kind', written));
      continue;
    }
    const reencoded = isReencoded(ext, bytes);
    const limit = reencoded ? MAX_SOURCE_BYTES : MAX_SERVED_AS_IS_BYTES;
    if (bytes.length > limit) {
      const kind = reencoded ? 'an image the site re-encodes' : `${ext === 'svg' ? 'an SVG' : 'a GIF or an animation'}, served as it is,`;
      problems.push(contentProblem(place, 'media-too-large', megabytes(bytes.length), kind, megabytes(limit)));
      continue;
    }
    if (ext === 'svg') {
      const text = new TextDecoder().decode(bytes);
      const unsafe = UNSAFE_SVG.find(([pattern]) => pattern.test(text));
      if (unsafe) {
        problems.push(contentProblem(place, 'media-unsafe-svg', unsafe[1]));
        continue;
      }
    }
    let size: { width?: number; height?: number; type?: string; orientation?: number };
    try {
      size = imageSize(bytes);
    } catch (error) {
      problems.push(contentProblem(place, 'media-unreadable', ext.toUpperCase(), (error as Error).message));
      continue;
    }
    if (size.type !== DETECTED[ext]) {
      problems.push(
        contentProblem(place, 'media-misnamed', written, size.type ? `a ${size.type.toUpperCase()} image` : 'no image the site knows'),
      );
      continue;
    }
    if (!size.width || !size.height) {
      problems.push(contentProblem(place, 'media-no-size'));
      continue;
    }
    const hash = sha256(bytes);
    // EXIF orientations 5 to 8 turn the picture a quarter: browsers and the encoder show it turned.
    const [width, height] = (size.orientation ?? 1) >= 5 ? [size.height, size.width] : [size.width, size.height];
    const variants = mediaVariants(hash, ext, width, height, bytes);
    const fallback = variants[variants.length - 1]!;
    media.set(name, { name, hash, ext, key: fallback.key, url: fallback.url, width, height, bytes, variants });
  }
  return { media, problems };
}

/** sha256 of every file's name and variants: changes when any image or its encoding does (entries that use media re-render). */
export function mediaDigest(media: ReadonlyMap<string, CheckedMedia>): string {
  const hash = createHash('sha256');
  for (const m of [...media.values()].sort((a, b) => (a.name < b.name ? -1 : 1)))
    hash.update(`${m.name}\0${m.hash}\0${m.variants.map((v) => v.key).join(' ')}\n`);
  return hash.digest('hex');
}
