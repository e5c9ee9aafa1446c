/**
 * The test run's render cache: markdown rendered once per run, shared by every test file's uploads, in the
 * folder vitest.config.ts names (TEST_RENDER_CACHE), removed when the run ends. I/O: that folder.
 */
import type { RenderCache } from '../../scripts/content/build/build-entries.ts';
import { diskRenderCache } from '../../scripts/content/build/render-cache.ts';
import type { RenderedMarkdown } from '../../scripts/content/markdown/render-markdown.ts';

/** Renders kept in memory for this file, in front of the run's folder (or alone, outside vitest). */
export function runRenderCache(): RenderCache {
  const folder = process.env.TEST_RENDER_CACHE;
  const disk = folder ? diskRenderCache(folder) : undefined;
  const renders = new Map<string, RenderedMarkdown>();
  return {
    async get(hash) {
      const kept = renders.get(hash) ?? (await disk?.get(hash));
      if (kept) renders.set(hash, kept);
      return kept;
    },
    async set(hash, rendered) {
      renders.set(hash, rendered);
      await disk?.set(hash, rendered);
    },
  };
}
