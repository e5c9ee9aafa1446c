/**
 * Where uploads keep rendered markdown between runs (see RenderCache in build-entries.ts):
 * one JSON file per entry hash. A missing or unreadable file is a miss, so deleting the
 * folder is always safe; it only makes the next upload render everything again.
 * `rememberedRenders` keeps them in memory too, for `npm start`, which publishes on every save.
 *
 * I/O: the cache folder.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderCache } from './build-entries.ts';
import type { RenderedMarkdown } from './render-markdown.ts';

/** Used by `npm run upload`: inside node_modules, so it never gets committed. */
const DEFAULT_RENDER_CACHE_DIR = 'node_modules/.cache/race-element-render';

export function diskRenderCache(dir: string = DEFAULT_RENDER_CACHE_DIR): RenderCache {
  const path = (hash: string) => join(dir, `${hash}.json`);
  return {
    async get(hash) {
      try {
        return JSON.parse(await readFile(path(hash), 'utf8')) as RenderedMarkdown;
      } catch {
        return undefined;
      }
    },
    async set(hash, rendered) {
      await mkdir(dir, { recursive: true });
      // Written whole, then renamed: a run that dies half-way leaves no torn file.
      const partial = `${path(hash)}.${process.pid}.tmp`;
      await writeFile(partial, JSON.stringify(rendered));
      await rename(partial, path(hash));
    },
  };
}

/**
 * A render cache that keeps in memory what it read or wrote through `under`, for a process that
 * publishes again and again (`npm start`): a save then reads no file for the entries it did not
 * change. Memory grows with the renders seen, a few MB for this site's content.
 */
export function rememberedRenders(under: RenderCache): RenderCache {
  const kept = new Map<string, RenderedMarkdown>();
  return {
    async get(hash) {
      const known = kept.get(hash);
      if (known) return known;
      const read = await under.get(hash);
      if (read) kept.set(hash, read);
      return read;
    },
    async set(hash, rendered) {
      kept.set(hash, rendered);
      await under.set(hash, rendered);
    },
  };
}
