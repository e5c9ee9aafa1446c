/** What visitors see when KV holds nothing, or something unreadable (a malformed manifest: malformed-manifest.test.ts). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entryKey, MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../contracts/kv-values.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';

let worker: LocalWorker;
beforeAll(async () => {
  // Each test rewrites the manifest: no isolate memo between requests.
  worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0' } });
});
afterAll(() => worker?.dispose());

const manifestWith = (key: string): Manifest => ({
  version: 1,
  publishedAt: '2026-01-01T00:00:00.000Z',
  renderer: 'test',
  samples: [],
  search: null,
  drafts: [],
  entries: [
    {
      slug: 'broken',
      type: 'guide',
      title: 'Broken',
      description: 'd',
      date: null,
      file: 'broken.md',
      key,
      sourceHash: 'x',
      updated: '2026-01-01T00:00:00.000Z',
    },
  ],
});

describe('content faults', () => {
  test('before anything is published the site answers 503 inside the layout, not a crash', async () => {
    const res = await worker.fetch('/news');
    expect(res.status).toBe(503);
    const doc = parsePage(await res.text());
    expect(doc.root.querySelector('main h1')?.textContent).toBe('Nothing published yet');
    expect(doc.root.querySelector('nav.site-nav')).not.toBeNull();
  });

  test('an entry whose stored value is unreadable answers 500 "There was an error" and the cause', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestWith(entryKey('bad'))));
    await worker.kv.put(entryKey('bad'), '{"attributes": 42');
    const res = await worker.fetch('/guide/broken');
    expect(res.status).toBe(500);
    const doc = parsePage(await res.text());
    expect(doc.root.querySelector('main h1')?.textContent).toBe('There was an error');
    expect(doc.root.querySelector('main .page-intro')?.textContent).toMatch(/not valid JSON/);
  });

  test('an entry of the wrong shape names the field', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestWith(entryKey('shape'))));
    await worker.kv.put(entryKey('shape'), JSON.stringify({ attributes: { title: 'x' } }));
    const res = await worker.fetch('/guide/broken');
    expect(res.status).toBe(500);
    expect(parsePage(await res.text()).text).toMatch(/malformed at attributes\.slug/);
  });

  test('a manifest naming a missing entry answers the error page', async () => {
    await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifestWith(entryKey('gone'))));
    const res = await worker.fetch('/guide/broken');
    expect(res.status).toBe(500);
    expect(parsePage(await res.text()).text).toMatch(/missing from KV/);
  });
});
