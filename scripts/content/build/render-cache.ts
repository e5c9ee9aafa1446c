/** Rendered markdown kept between uploads (RenderCache of build-entries.ts): one JSON file per entry hash. */

import type { RenderedMarkdown } from '../markdown/render-markdown.ts';
import type { RenderCache } from './build-entries.ts';
import { CACHE_ROOT, diskCache, jsonFormat } from './disk-cache.ts';

const DEFAULT_RENDER_CACHE_DIR = `${CACHE_ROOT}/race-element-render`;

export function diskRenderCache(dir: string = DEFAULT_RENDER_CACHE_DIR): RenderCache {
  return diskCache<RenderedMarkdown>(dir, jsonFormat());
}
