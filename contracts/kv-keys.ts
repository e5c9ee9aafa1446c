/**
 * The Workers KV key layout: one helper per kind of key, used by the writer (scripts/), the
 * reader (worker/) and the tests. Pure. What each key holds is in kv-values.ts.
 *
 *   manifest          Manifest: the only mutable content key, written last by every upload.
 *   entry/<sha256>    StoredEntry: immutable, content-addressed (renderer version + file + source).
 *   sample/<path>     plain text of a code-sample file from content/samples/.
 *   search/<sha256>   StoredSearchIndex: immutable, content-addressed.
 *   media/<sha256>.<ext>  the bytes of an image from content/media/: immutable, content-addressed;
 *                     also an article's social card, `media/<sha256>.png`, the hash of its inputs.
 *   media/remote/<sha256>  StoredRemoteImage: the URL of an image from another host that the Worker
 *                     fetches for visitors (contracts/media.ts); the hash is the URL's.
 *   lock/upload       the upload lock (scripts/content/upload-lock.ts).
 *   preview/<name>    PreviewRecord (contracts/site-preview.ts): a whole-site preview's manifest.
 */

export const MANIFEST_KEY = 'manifest';
export const LOCK_KEY = 'lock/upload';

/** Prefixes of the immutable keys an upload may clean up once no manifest names them. */
export const CONTENT_KEY_PREFIXES = ['entry/', 'sample/', 'search/', 'media/'] as const;

export const entryKey = (sha256: string): string => `entry/${sha256}`;
export const sampleKey = (path: string): string => `sample/${path}`;
export const searchIndexKey = (sha256: string): string => `search/${sha256}`;
/** `ext` is the file's canonical extension (contracts/media.ts); the Worker serves it at /<key>. */
export const mediaKey = (sha256: string, ext: string): string => `media/${sha256}.${ext}`;
/** The Worker serves the image at /<key> (contracts/media.ts remoteImageUrl). */
export const remoteImageKey = (urlSha256: string): string => `media/remote/${urlSha256}`;

/** `preview/<name>`: a whole-site preview's record (contracts/site-preview.ts); never read by the public site. */
export const PREVIEW_KEY_PREFIX = 'preview/';
export const previewKey = (name: string): string => `${PREVIEW_KEY_PREFIX}${name}`;
