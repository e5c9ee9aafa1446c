/**
 * Which cache answered each request for every sitemap page, in a seeded shuffle, read from `Server-Timing: html;desc=…`.
 * I/O: HTTP to a running bench runtime.
 */
import { seededRandom } from '../../tools/seeded-random.ts';

export interface CacheShare {
  pages: number;
  requests: number;
  /** Answers by where they came from. */
  isolate: number;
  edge: number;
  rendered: number;
  /** Pages never kept (analytics): rendered every time. */
  uncacheable: number;
}

/** The share of requests React rendered, in [0, 1]. */
export const reactShare = (share: CacheShare): number => (share.rendered + share.uncacheable) / share.requests;

/** The page paths a sitemap lists, on the runtime's own origin. */
async function sitemapPaths(base: URL): Promise<string[]> {
  const xml = await (await fetch(new URL('/sitemap.xml', base))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** Requests every sitemap page `repeat` times in a shuffle seeded by `seed`, counting where each answer came from. */
export async function measureCacheShare(base: URL, repeat = 5, seed = 7): Promise<CacheShare> {
  const pages = await sitemapPaths(base);
  const order = pages.flatMap((path) => Array.from({ length: repeat }, () => path));
  const random = seededRandom(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const share: CacheShare = { pages: pages.length, requests: 0, isolate: 0, edge: 0, rendered: 0, uncacheable: 0 };
  for (const path of order) {
    const response = await fetch(new URL(path, base));
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const desc = /html;desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1];
    share.requests++;
    if (desc === 'hit') share.isolate++;
    else if (desc === 'edge') share.edge++;
    else if (desc === 'miss') share.rendered++;
    else share.uncacheable++;
  }
  return share;
}
