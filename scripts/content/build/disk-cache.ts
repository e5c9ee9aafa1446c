/**
 * Files keyed by hash that an upload keeps between runs (renders, cards, diagrams).
 * Disk I/O; a missing or unreadable file is a miss, so deleting the folder is always safe.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DiskCache<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
}

export interface DiskCacheFormat<T> {
  /** The files' extension, without the dot. */
  extension: string;
  encode(value: T): string | Uint8Array;
  /** The value, or undefined for a torn or foreign file. */
  decode(bytes: Uint8Array): T | undefined;
}

/** Where uploads keep what they can reuse: inside node_modules, so it is never committed. */
export const CACHE_ROOT = 'node_modules/.cache';

export function diskCache<T>(dir: string, format: DiskCacheFormat<T>): DiskCache<T> {
  const path = (key: string) => join(dir, `${key}.${format.extension}`);
  return {
    async get(key) {
      try {
        // Read at once: an upload reads thousands of these, and the promise API's round trips cost several times as much.
        return format.decode(new Uint8Array(readFileSync(path(key))));
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      await mkdir(dir, { recursive: true });
      // Written whole, then renamed: a run that dies half-way leaves no torn file.
      const partial = `${path(key)}.${process.pid}.tmp`;
      await writeFile(partial, format.encode(value));
      await rename(partial, path(key));
    },
  };
}

/** JSON files; one that does not parse is a miss. */
export function jsonFormat<T>(): DiskCacheFormat<T> {
  return {
    extension: 'json',
    encode: (value) => JSON.stringify(value),
    decode: (bytes) => JSON.parse(new TextDecoder().decode(bytes)) as T,
  };
}
