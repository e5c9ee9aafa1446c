/** Renders kept in memory across one test file's uploads: the same content is rendered once. Pure. */
import type { RenderCache } from '../../scripts/content/build/build-entries.ts';
import type { RenderedMarkdown } from '../../scripts/content/markdown/render-markdown.ts';

export function memoryRenderCache(): RenderCache {
  const renders = new Map<string, RenderedMarkdown>();
  return {
    get: async (hash) => renders.get(hash),
    set: async (hash, rendered) => void renders.set(hash, rendered),
  };
}
