/**
 * A manifest in KV that does not parse or validate: the entrypoint's answer is kept by no cache, a reader serves its
 * last good manifest stale, and one without answers a whole 503 page naming the key and the fix. workerd, real KV.
 */
import { readFileSync } from 'node:fs';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../contracts/kv-values.ts';
import { cacheTier } from '../../../tools/edge-cache/edge-cache.ts';
import {
  createMiniflare,
  type LocalMiniflare,
  type MiniflareOptions,
  siteWorkerOptions,
  WORKER_BUNDLE,
} from '../../../tools/local-worker.ts';
import { MANIFEST_SOURCE_URL } from '../../../worker/content/manifest-response.ts';
import { parsePage } from '../../support/html.ts';

const GOOD: Manifest = {
  version: 1,
  publishedAt: '2026-01-01T00:00:00.000Z',
  renderer: 'test',
  samples: [],
  search: null,
  drafts: [],
  entries: [
    {
      slug: 'kept',
      type: 'guide',
      title: 'The last good guide',
      description: 'd',
      date: null,
      file: 'kept.md',
      key: 'entry/kept',
      sourceHash: 'x',
      updated: null,
    },
  ],
};
const BROKEN = {
  'not JSON': { text: '{"version": 2,', wrong: /The manifest \(KV key `manifest`\) is not valid JSON/ },
  'failing the schema': {
    text: JSON.stringify({ ...GOOD, version: 2, entries: [{ ...GOOD.entries[0], slug: 7 }] }),
    wrong: /The manifest \(KV key `manifest`\) is malformed at entries\.0\.slug: Invalid input: expected string, received number/,
  },
};
const FIX = /`npm run upload -- --remote`.*`npm run upload -- --remote --rollback`/;

let worker: LocalMiniflare;
let kv: KVNamespace;
/** The ManifestSource entrypoint itself, as Workers Cache asks it. */
let manifestSource: URL;
const page = (path: string) => worker.mf.dispatchFetch(new URL(path, 'http://localhost:8787')) as unknown as Promise<Response>;

beforeAll(async () => {
  const { assets: _, bindings, ...site } = siteWorkerOptions();
  worker = createMiniflare({
    ...site,
    // The manifest is asked on every request: each test rewrites it.
    bindings: { ...bindings, MANIFEST_TTL_SECONDS: '0' },
    modules: [{ type: 'ESModule', path: WORKER_BUNDLE, contents: readFileSync(WORKER_BUNDLE, 'utf8') }],
    unsafeDirectSockets: [{ entrypoint: 'ManifestSource' }],
  } as MiniflareOptions);
  await worker.mf.ready;
  manifestSource = await worker.mf.unsafeGetDirectURL(undefined, 'ManifestSource');
  kv = (await worker.mf.getKVNamespace('CONTENT')) as unknown as KVNamespace;
});
afterAll(() => worker?.dispose());

describe.each(Object.entries(BROKEN))('a manifest %s', (_, { text, wrong }) => {
  test('the entrypoint answers 503 that no cache keeps, naming the key, what is wrong and the commands that fix it', async () => {
    await kv.put(MANIFEST_KEY, text);
    const res = await fetch(new URL('/manifest', manifestSource));
    expect(res.status).toBe(503);
    expect(res.headers.get('cloudflare-cdn-cache-control')).toBe('no-store');
    expect(res.headers.get('cache-tag')).toBeNull();
    const reason = await res.text();
    expect(reason).toMatch(wrong);
    expect(reason).toMatch(FIX);
  });
});

// First, while this isolate has read no good manifest.
test('a reader with no manifest held answers every content page a whole 503 page naming the key and the command', async () => {
  await kv.put(MANIFEST_KEY, BROKEN['failing the schema'].text);
  for (const path of ['/', '/guide', '/guide/kept']) {
    const res = await page(path);
    expect(res.status, path).toBe(503);
    expect(res.headers.get('retry-after'), path).toBe('30');
    expect(res.headers.get('cloudflare-cdn-cache-control'), path).toBeNull();
    const html = await res.text();
    expect(html.trimEnd().endsWith('</html>'), path).toBe(true);
    const doc = parsePage(html);
    expect(doc.root.querySelector('main h1')?.textContent, path).toBe('Temporarily unavailable');
    expect(doc.root.querySelector('footer'), path).not.toBeNull();
    expect(doc.text, path).toMatch(BROKEN['failing the schema'].wrong);
    expect(doc.text, path).toMatch(FIX);
  }
});

test('a reader holding the last good manifest serves it, marked for no cache to keep', async () => {
  await kv.put(MANIFEST_KEY, JSON.stringify(GOOD));
  const good = await page('/guide');
  expect(good.status).toBe(200);
  expect(good.headers.get('cloudflare-cdn-cache-control')).not.toBeNull();
  expect(await good.text()).toContain('The last good guide');
  for (const { text } of Object.values(BROKEN)) {
    await kv.put(MANIFEST_KEY, text);
    const stale = await page('/guide');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect(stale.headers.get('cloudflare-cdn-cache-control')).toBeNull();
    expect(stale.headers.get('cache-tag')).toBeNull();
    expect(await stale.text()).toContain('The last good guide');
  }
});

test('through the edge stand-in a broken manifest is not kept: once KV holds a good one, the next request gets it with no purge', async () => {
  const tier = cacheTier({ upstream: (request) => fetch(new URL(new URL(request.url).pathname, manifestSource)), now: Date.now });
  const ask = () => tier.fetch(new Request(MANIFEST_SOURCE_URL));
  for (const { text } of Object.values(BROKEN)) {
    await kv.put(MANIFEST_KEY, text);
    const broken = await ask();
    expect(broken.status).toBe(503);
    expect(broken.headers.get('cf-cache-status')).not.toBe('HIT');
    await broken.text();
  }
  const fixed = { ...GOOD, version: 3 };
  await kv.put(MANIFEST_KEY, JSON.stringify(fixed));
  const first = await ask();
  expect(first.status).toBe(200);
  expect(JSON.parse(await first.text())).toEqual(fixed);
  const again = await ask();
  expect(again.headers.get('cf-cache-status')).toBe('HIT');
  expect(JSON.parse(await again.text())).toEqual(fixed);
});
