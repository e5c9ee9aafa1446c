/**
 * The sites the phone flow compares, each behind the same gzip proxy: this site, Starlight and VitePress from the same
 * content (content/ and the screenshot guide), warmed before the first round. I/O: builds peers, starts workerd, servers
 * and proxies.
 */
import { startGzipProxy } from '../lib/gzip-proxy.ts';
import { startRuntime } from '../lib/runtime.ts';
import { publishSite } from '../lib/site-run.ts';
import { startStaticOrigin } from '../lib/static-origin.ts';
import { buildStarlightSite } from '../starlight/site.ts';
import { type SiteTargets, STARLIGHT, THIS_SITE, VITEPRESS } from './scenarios.ts';
import { contentWithScreenshot } from './screenshot-article.ts';
import { buildVitePressSite } from './vitepress-site.ts';

export const SITE_NAMES = ['this site', 'Starlight', 'VitePress'] as const;
export type SiteName = (typeof SITE_NAMES)[number];

export interface RunningSite {
  name: SiteName;
  url: URL;
  targets: SiteTargets;
}

export async function startSites(
  names: readonly SiteName[],
  log: (line: string) => void,
): Promise<{ sites: RunningSite[]; close(): Promise<void> }> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    const content = await contentWithScreenshot('content');
    closers.push(async () => content.remove());
    log(`content: content/ and the screenshot guide (a ${(content.png.length / 1e6).toFixed(1)} MB PNG) in ${content.dir}`);
    const sites: RunningSite[] = [];
    for (const name of names) {
      if (name === 'this site') {
        // Through the real upload, which re-encodes the screenshot as it does any file in content/media/.
        const site = await publishSite({ content: content.dir, articlePath: THIS_SITE.paths.article });
        closers.push(async () => site.scenario.remove());
        const runtime = await startRuntime(site.scenario);
        closers.push(() => runtime.dispose());
        const proxy = await startGzipProxy(runtime.url);
        closers.push(() => proxy.close());
        sites.push({ name, url: proxy.url, targets: THIS_SITE });
      } else {
        const dist = name === 'Starlight' ? buildStarlightSite(content.dir, log) : buildVitePressSite(content.dir, log);
        const origin = await startStaticOrigin(dist);
        closers.push(() => origin.close());
        const proxy = await startGzipProxy(origin.url);
        closers.push(() => proxy.close());
        sites.push({ name, url: proxy.url, targets: name === 'Starlight' ? STARLIGHT : VITEPRESS });
      }
    }
    for (const site of sites)
      for (const path of Object.values(site.targets.paths)) {
        const response = await fetch(new URL(path, site.url));
        if (!response.ok) throw new Error(`${site.name}: ${path} answered ${response.status}`);
        await response.arrayBuffer();
      }
    return { sites, close };
  } catch (error) {
    await close();
    throw error;
  }
}
