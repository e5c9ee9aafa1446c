/**
 * Where uploads keep rendered markdown between runs (see RenderCache in build-entries.ts):
 * one JSON file per entry hash. A missing or unreadable file is a miss, so deleting the
 * folder is always safe; it only makes the next upload render everything again.
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
