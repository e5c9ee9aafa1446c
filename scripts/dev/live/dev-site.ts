/**
 * `npm start`'s dev server on a copy of content/ in a temporary folder, for the live-preview test and benchmark.
 * I/O: copies files, starts workerd and an HTTP server, writes into the copy.
 */
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskRenderCache } from '../../content/build/render-cache.ts';
import { type DevServer, startDevServer } from './dev-server.ts';

export interface DevSite {
  server: DevServer;
  /** The copy of content/ that the server watches. */
  contentDir: string;
  /** Absolute URL on the dev server. */
  url(path: string): string;
  /** Writes a content file of the copy (a save). */
  save(file: string, text: string): void;
  /** Deletes a content file of the copy. */
  remove(file: string): void;
  /** Renames a content file of the copy. */
  rename(from: string, to: string): void;
  /** Every line the server printed so far. */
  log: string[];
  dispose(): Promise<void>;
}

export interface DevSiteOptions {
  /** The folder copied (default content/). */
  from?: string;
  /**
   * Draw diagrams and social cards at publish, as `npm start` does (a browser on this machine
   * for diagrams; each kept on disk by what it is drawn from); false draws neither (diagrams are
   * left to the page's browser), which spares a start the drawing.
   */
  draw?: boolean;
}

/**
 * The copy, published and served on a free loopback port. Saves go into the copy, never into content/; its KV,
 * Durable Objects and render cache live in that folder and go with it on dispose.
 */
export async function startDevSite({ from = 'content', draw = false }: DevSiteOptions = {}): Promise<DevSite> {
  const folder = mkdtempSync(join(tmpdir(), 'race-element-dev-site-'));
  const contentDir = join(folder, 'content');
  cpSync(from, contentDir, { recursive: true });
  const log: string[] = [];
  let server: DevServer;
  try {
    server = await startDevServer({
      contentDir,
      port: 0,
      host: '127.0.0.1',
      persistTo: join(folder, 'state'),
      log: (line) => log.push(line),
      renderCache: diskRenderCache(join(folder, 'render-cache')),
      ...(draw ? {} : { diagrams: null, cards: null }),
      // No network for tests and the benchmark: images from other hosts go through the Worker, as with --no-image-copies.
      imageCopies: false,
    });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    server,
    contentDir,
    url: (path) => new URL(path, server.url).href,
    save: (file, text) => writeFileSync(join(contentDir, file), text),
    remove: (file) => rmSync(join(contentDir, file)),
    rename: (from, to) => renameSync(join(contentDir, from), join(contentDir, to)),
    log,
    async dispose() {
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
