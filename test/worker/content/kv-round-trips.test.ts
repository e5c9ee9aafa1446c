/**
 * A request that misses every cache costs one KV round trip, whatever its kind: the manifest carries what pages need
 * (contracts/manifest-values.ts); a carried value that does not parse is passed over for its key. workerd, each request
 * on an isolate of its own.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../contracts/kv-values.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { KvProbe } from '../../../tools/binding-probes.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const NEWS = '/news/2023-04-29-signpath';
const GUIDE = '/guide/how-to-get-started';
/** One of each kind of request that reads content, with the words its answer holds. */
const REQUESTS: Record<string, { path: string; holds: string }> = {
  'article page': { path: NEWS, holds: 'SignPath' },
  'guide page': { path: GUIDE, holds: 'Get Started' },
  'page data': { path: `/api/_analog/pages${GUIDE}`, holds: 'Get Started' },
  'page HTML': { path: `/api/_analog/page-html${NEWS}`, holds: 'SignPath' },
  'markdown source': { path: `${GUIDE}.md`, holds: 'Race Element ships' },
  'unknown article': { path: '/news/no-such-post', holds: 'No Content Found' },
  home: { path: '/', holds: 'Race Element' },
  'news index': { path: '/news', holds: 'Digitally Signed App' },
  'guide index': { path: '/guide', holds: 'Get Started' },
  feed: { path: '/news/feed.xml', holds: 'Digitally Signed App' },
  sitemap: { path: '/sitemap.xml', holds: '/news/2023-04-29-signpath' },
  'llms.txt': { path: '/llms.txt', holds: 'Get Started' },
  'search page': { path: '/search?q=signed', holds: 'Digitally Signed App' },
  'search API': { path: '/api/_analog/search?q=signed', holds: 'Digitally Signed App' },
};

let runtime: LocalWorker & { kvProbe: KvProbe };

beforeAll(async () => {
  const site = await loadFixtureSite();
  const files = site.files.filter((f) => ['guide-get-started.md', 'news-signpath.md', 'features.md'].includes(f.file));
  // One cold isolate for each request kind, and two for the values passed over.
  runtime = await startLocalWorker({ probeKv: true, coldIsolates: Object.keys(REQUESTS).length + 2 });
  const content = { ...site, files };
  const outcome = await uploadContent({ content, store: runtime.store, renderCache: runRenderCache(), diagrams: null, cards: null });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});
afterAll(() => runtime?.dispose());

/** The request on an isolate of its own (no isolate memo, no page cached): its status, text and KV round trips. */
async function cold(path: string) {
  const roundsBefore = runtime.kvProbe.rounds();
  const res = await runtime.fetchCold(path);
  const text = await res.text();
  return { status: res.status, text, rounds: runtime.kvProbe.rounds() - roundsBefore };
}

test('every kind of request, on a cold isolate, is answered after one KV round trip (a search: three)', async () => {
  const trips: Record<string, number> = {};
  for (const [kind, { path, holds }] of Object.entries(REQUESTS)) {
    const answer = await cold(path);
    expect(answer.text, kind).toContain(holds);
    trips[kind] = answer.rounds;
  }
  // A search reads the pieces its query needs after the manifest: its terms' shards, then its hits' chunks.
  const rounds = (kind: string) => (kind.startsWith('search') ? 3 : 1);
  expect(trips).toEqual(Object.fromEntries(Object.keys(REQUESTS).map((kind) => [kind, rounds(kind)])));
});

test('a value the manifest carries that does not parse is passed over: the page reads its key, a second round trip', async () => {
  const stored = (await runtime.kv.get(MANIFEST_KEY))!;
  const manifest = JSON.parse(stored) as Manifest;
  const named = manifest.entries.find((e) => e.slug === '2023-04-29-signpath')!;
  expect(manifest.values?.[named.key]).toBe(await runtime.kv.get(named.key));
  const damaged = { ...manifest, values: { ...manifest.values, [named.key]: '{"html": 1}', [manifest.search!]: 'not an index' } };
  await runtime.kv.put(MANIFEST_KEY, JSON.stringify(damaged));
  try {
    const page = await cold(NEWS);
    expect(page.status).toBe(200);
    expect(page.text).toContain('SignPath');
    expect(page.rounds).toBe(2);
    const search = await cold('/api/_analog/search?q=signed');
    expect(search.text).toContain('Digitally Signed App');
    expect(search.rounds).toBe(4);
  } finally {
    await runtime.kv.put(MANIFEST_KEY, stored);
  }
});
