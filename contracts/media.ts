/**
 * Images of the site (content/media/) and images from other hosts: accepted kinds, content types, the URLs the Worker
 * serves them at. Pure.
 */

/** Canonical extension → content type. `.jpeg` files are stored as `jpg`. */
export const MEDIA_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;
export type MediaExtension = keyof typeof MEDIA_TYPES;

/** Where the Worker serves media: `/media/<sha256>.<ext>`, the same as the KV key. */
export const MEDIA_PATH_PREFIX = '/media/';
/** A media file's name: its sha256 and canonical extension. */
export const MEDIA_FILE_PATTERN = /^([0-9a-f]{64})\.(png|jpg|webp|avif|gif|svg)$/;
/** The URL names the file's hash, so it never changes meaning: cached a year as immutable. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const mediaUrl = (sha256: string, ext: MediaExtension): string => `${MEDIA_PATH_PREFIX}${sha256}.${ext}`;

/**
 * The article column images are shown in (client/styles.css): at most `--w` wide, inside `main`'s padding of 1rem a
 * side. Images are encoded for it and pages tell the browser its width (`sizes`).
 */
export const CONTENT_COLUMN_REM = 44;
export const PAGE_GUTTER_REM = 2;
/** CSS pixels in a rem, unless the reader set a larger font. */
export const REM_PX = 16;

/**
 * An image an article shows from another host, without a kept copy (content/media/remote/): the
 * page names `/media/remote/<sha256 of its URL>` and the Worker fetches the image from its host
 * (worker/content/remote-image-route.ts), so a visitor's browser asks no other host. Only URLs
 * an upload listed (contracts/kv-keys.ts remoteImageKey) are fetched.
 */
export const REMOTE_IMAGE_PATH_PREFIX = '/media/remote/';
/** A remote image's name: the sha256 of its URL. */
export const REMOTE_IMAGE_NAME_PATTERN = /^[0-9a-f]{64}$/;
export const remoteImageUrl = (urlSha256: string): string => `${REMOTE_IMAGE_PATH_PREFIX}${urlSha256}`;
/** Its host may change the image: a day fresh, a week served stale while it is fetched again. */
export const REMOTE_IMAGE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
/** The upload's copy step stops at the same size (scripts/content/build/copy-remote-images.ts). */
export const REMOTE_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
