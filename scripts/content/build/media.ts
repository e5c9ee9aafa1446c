/**
 * Checks each file of content/media/ (kind, bytes, 1 MB for rasters, inert SVG) and describes it for KV and the renderer.
 * Pure: names and bytes in, descriptions and problems out.
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { mediaKey } from '../../../contracts/kv-keys.ts';
import { MEDIA_TYPES, type MediaExtension, mediaUrl } from '../../../contracts/media.ts';
import { type ContentProblem, contentProblem } from '../source/problems.ts';

export interface MediaFile {
  /** Path below `media/`, with forward slashes, e.g. `hud-editor.png`. */
  name: string;
  bytes: Uint8Array;
}

export interface BuiltMedia {
  name: string;
  hash: string;
  ext: MediaExtension;
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Raster images above this are refused, not re-encoded: the writer chooses between size and quality. */
export const MAX_RASTER_BYTES = 1024 * 1024;

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

export function buildMedia(files: readonly MediaFile[]): { media: Map<string, BuiltMedia>; problems: ContentProblem[] } {
  const media = new Map<string, BuiltMedia>();
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
    if (ext !== 'svg' && bytes.length > MAX_RASTER_BYTES) {
      problems.push(contentProblem(place, 'media-too-large', megabytes(bytes.length)));
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
    let size: { width?: number; height?: number; type?: string };
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
    media.set(name, { name, hash, ext, key: mediaKey(hash, ext), url: mediaUrl(hash, ext), width: size.width, height: size.height, bytes });
  }
  return { media, problems };
}

/** sha256 of every file's name and hash: changes when any image does (entries that use media re-render). */
export function mediaDigest(media: ReadonlyMap<string, BuiltMedia>): string {
  const hash = createHash('sha256');
  for (const m of [...media.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) hash.update(`${m.name}\0${m.hash}\n`);
  return hash.digest('hex');
}
