/**
 * A request that misses every cache reads the root and the pieces its page shows (contracts/site-index.ts), a few round
 * trips in sequence, whatever the site's size. workerd, each request on an isolate of its own.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { KvProbe } from '../../../tools/binding-probes.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const NEWS = '/news/2023-04-29-signpath';
const GUIDE = '/guide/how-to-get-started';
/** One of each kind of request that reads content, with the words its answer holds. */
/** The root, then what the page shows: an article its shard (through its directory) and piece; a list its directory and the chunks in view. */
const ARTICLE = ['manifest', 'index/', 'index/', 'entry/'];
const LIST = ['manifest', 'list/', 'list/'];
/** One of each kind of request that reads content, the words its answer holds, and the keys it reads in order, by prefix. */
const REQUESTS: Record<string, { path: string; holds: string; reads: string[] }> = {
  'article page': { path: NEWS, holds: 'SignPath', reads: ARTICLE },
  'guide page': { path: GUIDE, holds: 'Get Started', reads: ARTICLE },
  'page data': { path: `/api/_analog/pages${GUIDE}`, holds: 'Get Started', reads: ARTICLE },
  'page HTML': { path: `/api/_analog/page-html${NEWS}`, holds: 'SignPath', reads: ARTICLE },
  'markdown source': { path: `${GUIDE}.md`, holds: 'Race Element ships', reads: ARTICLE },
  // Suggestions come from the whole list while the site is small.
  'unknown article': { path: '/news/no-such-post', holds: 'No Content Found', reads: ['manifest', 'index/', 'index/', 'list/', 'list/'] },
  home: { path: '/', holds: 'Race Element', reads: LIST },
  'news index': { path: '/news', holds: 'Digitally Signed App', reads: LIST },
  'guide index': { path: '/guide', holds: 'Get Started', reads: LIST },
  feed: { path: '/news/feed.xml', holds: 'Digitally Signed App', reads: LIST },
  sitemap: { path: '/sitemap.xml', holds: '/news/2023-04-29-signpath', reads: LIST },
  'llms.txt': { path: '/llms.txt', holds: 'Get Started', reads: LIST },
  'search page': { path: '/search?q=signed', holds: 'Digitally Signed App', reads: ['manifest', 'search/'] },
  'search API': { path: '/api/_analog/search?q=signed', holds: 'Digitally Signed App', reads: ['manifest', 'search/'] },
};

let runtime: LocalWorker & { kvProbe: KvProbe };

beforeAll(async () => {
  const site = await loadFixtureSite();
  const files = site.files.filter((f) => ['guide-get-started.md', 'news-signpath.md', 'features.md'].includes(f.file));
  // One cold isolate for each request kind.
  runtime = await startLocalWorker({ probeKv: true, coldIsolates: Object.keys(REQUESTS).length });
  const content = { ...site, files };
  const outcome = await uploadContent({ content, store: runtime.store, renderCache: runRenderCache(), diagrams: null, cards: null });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});
afterAll(() => runtime?.dispose());

/** The request on an isolate of its own (no isolate memo, no page cached): its status, text and the keys it read. */
async function cold(path: string) {
  const readsBefore = runtime.kvProbe.readLog().length;
  const res = await runtime.fetchCold(path);
  const text = await res.text();
  const prefix = (key: string) => (key.includes('/') ? key.slice(0, key.indexOf('/') + 1) : key);
  return {
    status: res.status,
    text,
    reads: runtime.kvProbe
      .readLog()
      .slice(readsBefore)
      .map((r) => prefix(r.key)),
  };
}

test('every kind of request, on a cold isolate, reads the root and then only the pieces it shows', async () => {
  const reads: Record<string, string[]> = {};
  for (const [kind, { path, holds }] of Object.entries(REQUESTS)) {
    const answer = await cold(path);
    expect(answer.status, kind).toBe(kind === 'unknown article' ? 404 : 200);
    expect(answer.text, kind).toContain(holds);
    // A search reads its root, then its terms' shards, then its hits' chunks: all under search/.
    reads[kind] = answer.reads.filter((read, i) => !(read === 'search/' && answer.reads[i - 1] === 'search/'));
  }
  expect(reads).toEqual(Object.fromEntries(Object.entries(REQUESTS).map(([kind, { reads }]) => [kind, reads])));
});
