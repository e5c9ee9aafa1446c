/**
 * The samples route: a sample as the manifest the request reads names it (after a publish, a rollback, or from a
 * manifest older than content keys), shared and tagged `samples`; 400, 404, 503. workerd, KV probed, the real upload.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CACHE_TAG_HEADER, EDGE_CACHE_CONTROL_HEADER, SAMPLES_TAG, SITE_TAG } from '../../../contracts/edge-cache.ts';
import { MANIFEST_KEY, sampleKey } from '../../../contracts/kv-keys.ts';
import { sampleApiPath } from '../../../contracts/routes.ts';
import { sha256 } from '../../../scripts/content/build/build-entries.ts';
import { readManifest } from '../../../scripts/content/kv/stored-records.ts';
import { rollback } from '../../../scripts/content/publish/rollback.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import type { KvProbe } from '../../../tools/binding-probes.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';

const PATH = 'tools/start minimized.bat';
const site = (sample: string): ContentFolder => ({
  files: [
    {
      file: 'guide-start.md',
      source: `---\ntitle: Starting\nslug: starting\ndescription: How to start\ntype: guide\n---\nRun it:\n\n\`\`\`sample\n${PATH}\n\`\`\`\n`,
    },
  ],
  samples: [{ path: PATH, content: sample }],
});

let worker: LocalWorker & { kvProbe: KvProbe };
beforeAll(async () => {
  // The manifest is asked on every request, as a data centre's reader does once its memo has run out.
  worker = await startLocalWorker({ assetsDir: null, probeKv: true, bindings: { MANIFEST_TTL_SECONDS: '0' } });
});
afterAll(() => worker?.dispose());

async function publish(sample: string): Promise<void> {
  const outcome = await uploadContent({ content: site(sample), store: worker.store, cards: null, diagrams: null, log: () => {} });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
}

test('200 with the text the live manifest names, shared and tagged samples; a new text right after the next publish', async () => {
  await publish('start /min one.exe\n');
  const first = await worker.fetch(sampleApiPath(PATH));
  expect(first.status).toBe(200);
  expect(await first.text()).toBe('start /min one.exe\n');
  expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(first.headers.get('cache-control')).toBe('no-cache');
  expect(first.headers.get(EDGE_CACHE_CONTROL_HEADER)).toMatch(/^max-age=/);
  expect(first.headers.get(CACHE_TAG_HEADER)?.split(',').sort()).toEqual([SAMPLES_TAG, SITE_TAG].sort());

  await publish('start /min two.exe\n');
  const next = await worker.fetch(sampleApiPath(PATH));
  expect(await next.text()).toBe('start /min two.exe\n');
  // Each text under its own key: the older one was not written over, and waits for the clean-up.
  expect(await worker.store.get(sampleKey(sha256('start /min one.exe\n')))).toBe('start /min one.exe\n');
  expect(await worker.store.get(sampleKey(sha256('start /min two.exe\n')))).toBe('start /min two.exe\n');
});

test('a rollback makes the samples of the version it restores live with it', async () => {
  // The test above published the text "one" as version 1, then "two" as version 2.
  await rollback({ store: worker.store });
  expect(await (await worker.fetch(sampleApiPath(PATH))).text()).toBe('start /min one.exe\n');
});

test('404 for a path the manifest does not list, 400 for a bad path, neither kept by a cache', async () => {
  for (const [path, status] of [
    [sampleApiPath('nope.bat'), 404],
    [`${sampleApiPath('tools')}//x.bat`, 400],
    [`${sampleApiPath('tools')}/%E0%A4%A.bat`, 400],
  ] as const) {
    const res = await worker.fetch(path);
    expect(res.status, path).toBe(status);
    expect(res.headers.get(EDGE_CACHE_CONTROL_HEADER), path).toBeNull();
    expect(res.headers.get('cache-control'), path).toBe('no-store');
  }
});

test('a manifest from before samples were named by content (a rollback to one) is served from its `sample/<path>`', async () => {
  const live = (await readManifest(worker.store))!;
  const legacy = { ...live, version: live.version + 1, samples: live.samples.map(({ path, hash }) => ({ path, hash })) };
  await worker.store.put(`sample/${PATH}`, 'the text of that time');
  await worker.store.put(MANIFEST_KEY, JSON.stringify(legacy));
  expect(await (await worker.fetch(sampleApiPath(PATH))).text()).toBe('the text of that time');
});

test("503 with Retry-After when KV fails to give the sample's text, not kept", async () => {
  worker.kvProbe.faults.kv = 'throw';
  worker.kvProbe.faults.only = 'sample/';
  try {
    const res = await worker.fetch(sampleApiPath(PATH));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ error: 'Samples are unavailable right now.' });
  } finally {
    worker.kvProbe.faults.kv = 'ok';
    delete worker.kvProbe.faults.only;
  }
});
