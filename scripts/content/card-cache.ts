/**
 * Where uploads keep drawn social cards between runs (see CardCache in build-cards.ts): one PNG
 * per card key, beside the render cache. A card's key is the hash of everything it is drawn
 * from, so a file found under it is right; a missing or unreadable one is a miss, and deleting
 * the folder is always safe: the next upload only draws every card again. Disk I/O.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CardCache } from './build-cards.ts';

/** Used by `npm run upload` and by uploads that name no cache: inside node_modules, never committed. */
export const DEFAULT_CARD_CACHE_DIR = 'node_modules/.cache/race-element-render/cards';

/** PNG files start with these 8 bytes: a torn or foreign file is not handed out as a card. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function diskCardCache(dir: string = DEFAULT_CARD_CACHE_DIR): CardCache {
  const path = (hash: string) => join(dir, `${hash}.png`);
  return {
    async get(hash) {
      try {
        const bytes = new Uint8Array(await readFile(path(hash)));
        return PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) ? bytes : undefined;
      } catch {
        return undefined;
      }
    },
    async set(hash, png) {
      await mkdir(dir, { recursive: true });
      // Written whole, then renamed: a run that dies half-way leaves no torn file.
      const partial = `${path(hash)}.${process.pid}.tmp`;
      await writeFile(partial, png);
      await rename(partial, path(hash));
    },
  };
}
