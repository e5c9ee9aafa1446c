/**
 * The Workers KV key layout, one helper per kind of key, for the writer, the reader and the tests. Pure.
 * What each key holds: kv-values.ts and docs/publishing.md (The KV key layout).
 */

/** The key of the published version, written last by every upload. */
export const MANIFEST_KEY = 'manifest';

/** Prefixes of the keys an upload may clean up: immutable ones, once no kept manifest names them. */
export const CONTENT_KEY_PREFIXES = ['entry/', 'sample/', 'search/', 'media/', 'index/', 'list/'] as const;

/** An entry's piece by the hash of its value (contracts/site-index.ts): immutable, like the search index's and media keys. */
export const entryKey = (sha256: string): string => `entry/${sha256}`;
/** The pieces of the site index by the hash of their value: index shards, and list directories and chunks. */
export const indexShardKey = (sha256: string): string => `index/${sha256}`;
export const listKey = (sha256: string): string => `list/${sha256}`;
/** The length of the hashes naming the site index's pieces: 128 bits, since the root and every shard row repeat them. */
export const PIECE_HASH_LENGTH = 32;
/** A code sample's text by the sha256 the manifest lists it with: immutable, written before the manifest naming it. */
export const sampleKey = (sha256: string): string => `sample/${sha256}`;
/**
 * Where a manifest's sample is stored: its `key`. A manifest published before samples were named by content has none:
 * its text is under `sample/<path>`, last written by the last upload of that time (each overwrote it in place).
 */
export const storedSampleKey = (sample: { path: string; key?: string | undefined }): string => sample.key ?? `sample/${sample.path}`;
export const searchIndexKey = (sha256: string): string => `search/${sha256}`;
/**
 * An image of content/media/, or an article's social card (`png`, the hash of its inputs). `ext` is the canonical
 * extension (contracts/media.ts); the Worker serves it at /<key>.
 */
export const mediaKey = (sha256: string, ext: string): string => `media/${sha256}.${ext}`;
/** The URL of an image on another host, by the URL's hash; the Worker serves the image at /<key> (media.ts). */
export const remoteImageKey = (urlSha256: string): string => `media/remote/${urlSha256}`;
/** The key of a social card (a media key): its URL without the leading slash. */
export const cardKey = (card: { url: string }): string => card.url.slice(1);

/** `preview/<name>`: a whole-site preview's record (contracts/site-preview.ts); never read by the public site. */
export const PREVIEW_KEY_PREFIX = 'preview/';
export const previewKey = (name: string): string => `${PREVIEW_KEY_PREFIX}${name}`;

/** `history/<version>`: a publish's record (scripts/content/publish/history.ts), zero-padded so that keys list in version order. */
export const HISTORY_KEY_PREFIX = 'history/';
export const historyKey = (version: number): string => `${HISTORY_KEY_PREFIX}${String(version).padStart(10, '0')}`;
