/**
 * One synthetic site of the scale bench: published through the real upload into a fresh KV, its article URLs, and what
 * the publish left in KV, per key prefix. I/O: a bench scenario on disk, a workerd runtime while publishing and listing.
 */
import { join } from 'node:path';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import { diskRenderCache } from '../../scripts/content/build/render-cache.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import { formatProblem } from '../../scripts/content/source/problems.ts';
import type { LocalWorker } from '../../tools/local-worker.ts';
import { syntheticArticlePath, syntheticContent } from '../../tools/synthetic-content.ts';
import { createScenario, type Scenario, startRuntime } from '../lib/runtime.ts';
import type { KeyLayout } from './report.ts';

export interface ScaleSite {
  entries: number;
  scenario: Scenario;
  /** The newest news post: the article of the cold and warm measurements. */
  articlePath: string;
  /** Every entry's page, newest news first. */
  pagePaths: string[];
  /** Why the publish failed; the site is then not measured. */
  error?: string;
  /** From the upload's start to its outcome, published or refused. */
  publishMs: number;
  layout: KeyLayout;
}

/** `/news/<slug>` or `/guide/<slug>`, from a synthetic file's front matter. */
function pagePath(source: string): string {
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(source)?.[1];
  return `/${field('type')}/${field('slug')}`;
}

/**
 * A key's prefix: the key less its last segment (`entry/`, `media/remote/`), or the key itself (`manifest`); a search
 * base's term shards and document chunks (`search/<base>/s3`, `/d7`) as two groups of their own.
 */
export const keyPrefix = (key: string): string => {
  const piece = /^search\/[^/]+\/([sd])\d+$/.exec(key);
  if (piece) return `search/*/${piece[1]}`;
  return key.includes('/') ? key.slice(0, key.lastIndexOf('/') + 1) : key;
};

/** Every key of the namespace and its value's bytes, per prefix: read back through the binding, eight at a time. */
async function listLayout(runtime: LocalWorker): Promise<KeyLayout> {
  const keys = await runtime.store.listKeys('');
  const layout: KeyLayout = { manifestBytes: 0, prefixes: {} };
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(
      keys.slice(i, i + 8).map(async (key) => {
        const value = await runtime.kv.get(key, 'arrayBuffer');
        const bytes = value?.byteLength ?? 0;
        if (key === MANIFEST_KEY) layout.manifestBytes = bytes;
        const prefix = keyPrefix(key);
        layout.prefixes[prefix] ??= { count: 0, bytes: 0, sizes: [] };
        const group = layout.prefixes[prefix];
        group.count++;
        group.bytes += bytes;
        group.sizes.push(bytes);
      }),
    );
  }
  return layout;
}

/**
 * `entries` synthetic articles published into a fresh KV (no social cards, no diagrams: the Worker's cost is measured,
 * not satori's), then listed. A refused or failed publish is the site's error, not a throw: its row says so.
 */
export async function publishScaleSite(entries: number, log: (line: string) => void): Promise<ScaleSite> {
  const content = syntheticContent(entries);
  const pagePaths = content.files.map((file) => pagePath(file.source));
  const scenario = createScenario();
  const site: ScaleSite = {
    entries,
    scenario,
    articlePath: syntheticArticlePath(),
    pagePaths,
    publishMs: Number.NaN,
    layout: { manifestBytes: 0, prefixes: {} },
  };
  const runtime = await startRuntime(scenario);
  try {
    const started = performance.now();
    try {
      const outcome = await uploadContent({
        content,
        store: runtime.store,
        renderCache: diskRenderCache(join(scenario.dir, 'render-cache')),
        cards: null,
        diagrams: null,
        log,
      });
      if (!outcome.ok) site.error = outcome.problems.map(formatProblem).join('; ');
    } catch (error) {
      site.error = error instanceof Error ? error.message : String(error);
    }
    site.publishMs = performance.now() - started;
    const seconds = (site.publishMs / 1000).toFixed(1);
    log(site.error ? `publish failed after ${seconds} s: ${site.error}` : `published in ${seconds} s; listing KV`);
    site.layout = await listLayout(runtime);
    return site;
  } finally {
    await runtime.dispose();
  }
}
