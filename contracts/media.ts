/**
 * Images that belong to the site (content/media/): the kinds accepted, their content types, and
 * the URL the Worker serves each at. The URL names the file's sha256, so it never changes
 * meaning and is cached for a year. Pure.
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
export const MEDIA_FILE_PATTERN = /^([0-9a-f]{64})\.(png|jpg|webp|avif|gif|svg)$/;
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const mediaUrl = (sha256: string, ext: MediaExtension): string => `${MEDIA_PATH_PREFIX}${sha256}.${ext}`;
