/**
 * Atomic publishing: an upload cut after any number of writes leaves a whole site, two at once never leave a
 * manifest naming missing keys, and verify names each bad key. Real upload, workerd and its publish lock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { entryTag, listTag, MANIFEST_TAG, purgeTagsFor, SEARCH_TAG } from '../../contracts/edge-cache.ts';
import { MANIFEST_KEY, storedSampleKey } from '../../contracts/kv-keys.ts';
import type { Manifest } from '../../contracts/kv-values.ts';
import { articlePath } from '../../contracts/routes.ts';
import { visibleManifest } from '../../contracts/scheduled-entries.ts';
import { type KvStore, withBulkOperations } from '../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import { publishPlan } from '../../scripts/content/publish/publish.ts';
import { UploadConflictError } from '../../scripts/content/publish/publish-error.ts';
import { takePublishLock } from '../../scripts/content/publish/publish-lock.ts';
import { type UploadOutcome, uploadContent } from '../../scripts/content/publish/upload.ts';
import { verifyPublished } from '../../scripts/content/publish/verify.ts';
import type { ContentFolder } from '../../scripts/content/source/load-content.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { parsePage } from '../support/html.ts';
import { runRenderCache } from '../support/run-render-cache.ts';

/** Each upload below renders the same fixture pages: rendered once. */
const renderCache = runRenderCache();

let worker: LocalWorker;
/**
 * Part of the fixture site: the pages the versions below change, a sample, an image, a diagram
 * and the post scheduled for 2099. Each interrupted position uploads and checks the whole site
 * twice, so pages no version touches would only add time.
 */
const SITE_FILES = [
  'guide-DSX.md',
  'news-signpath.md',
  'features.md',
  'sponsor.md',
  'guide-multi-sim.md',
  'guide-starting-race-element-minimized.md',
  'guide-get-started.md',
  'news-far-launch.md',
];
let real: ContentFolder;
beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0', PUBLISH_SECRET: SECRET } });
  const fixture = await loadFixtureSite();
  real = { ...fixture, files: fixture.files.filter((f) => SITE_FILES.includes(f.file)) };
});
afterAll(() => worker?.dispose());

const SECRET = 'test-publish-secret';
let locks = 0;
/** The Worker's publish lock for a namespace of its own: each test's uploads meet no other test's. */
function lockOf(namespace = `ns-${++locks}`) {
  return () => takePublishLock({ origin: worker.url.href, secret: SECRET, namespace });
}

const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const md = (fm: string, body: string) => `---\n${fm}\n---\n${body}\n`;

/** The site with one extra news post: the version before the previous one. */
function versionA(): ContentFolder {
  const extra = {
    file: 'news-extra.md',
    source: md('title: "Extra"\nslug: extra-news\ndescription: "An extra post"\ntype: news\ndate: 2020-01-01', 'Extra text.'),
  };
  return { files: [...real.files, extra], samples: real.samples, media: real.media };
}
/** The live version. */
const versionB = (): ContentFolder => real;
/** The upload that gets interrupted: three edits, one page removed, one added. */
function versionC(): ContentFolder {
  const edited = new Set(['guide-DSX.md', 'news-signpath.md', 'features.md']);
  const files = real.files
    .filter((f) => f.file !== 'sponsor.md')
    .map((f) => (edited.has(f.file) ? { ...f, source: `${f.source}\n\nEdited in version C.\n` } : f));
  files.push({
    file: 'guide-new-page.md',
    source: md('title: "A New Page"\nslug: new-page\ndescription: "Added in version C"\ntype: guide', 'New text.'),
  });
  return { files, samples: real.samples, media: real.media };
}

async function clearKv(): Promise<void> {
  await worker.store.deleteMany(await worker.store.listKeys(''));
}
async function snapshot(): Promise<Map<string, string>> {
  return (await worker.store.getMany(await worker.store.listKeys(''))) as Map<string, string>;
}
async function restore(state: Map<string, string>): Promise<void> {
  await clearKv();
  await worker.store.putMany([...state].map(([key, value]) => ({ key, value })));
}

function succeeded(outcome: UploadOutcome) {
  if (!outcome.ok) throw new Error(`upload failed: ${JSON.stringify(outcome.problems)}`);
  return outcome;
}

async function liveManifest(): Promise<Manifest> {
  return (await readManifest(worker.store))!;
}

/**
 * Every page the live manifest makes public now (not the fixture's post scheduled for 2099), and
 * the index pages, are served whole through the Worker.
 */
async function expectSiteWhole(stored: Manifest): Promise<void> {
  const manifest = visibleManifest(stored, Date.now());
  const paths = ['/', '/news', '/guide', ...manifest.entries.map((e) => articlePath(e.type === 'news' ? 'news' : 'guide', e.slug))];
  await Promise.all(
    paths.map(async (path) => {
      const res = await worker.fetch(path);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html.trimEnd().endsWith('</html>'), path).toBe(true);
      const entry = manifest.entries.find((e) => path.endsWith(`/${e.slug}`));
      if (entry) expect(parsePage(html).root.querySelector('main h1')?.textContent, path).toBe(entry.title);
    }),
  );
  const news = parsePage(await (await worker.fetch('/news')).text());
  expect(news.root.querySelectorAll('main article, main li').length).toBeGreaterThan(0);
}

/**
 * A store that stops working at its k-th mutation (put or delete, 0-based): that call and every
 * call after it throw, as when the machine loses its connection or the process dies.
 */
function failingAfter(inner: KvStore, k: number): { store: KvStore; mutations: () => number; settled: () => Promise<unknown> } {
  let mutations = 0;
  let dead = false;
  // Writes started before the interruption may land after the upload has stopped.
  const started: Promise<void>[] = [];
  const mutate = async (run: () => Promise<void>) => {
    if (dead || mutations++ >= k) {
      dead = true;
      throw new Error(`simulated interruption after ${k} write(s)`);
    }
    const write = run();
    started.push(write);
    await write;
  };
  return {
    mutations: () => mutations,
    settled: () => Promise.allSettled(started),
    // Bulk writes and deletes go key by key, so that k can fall inside a batch.
    store: withBulkOperations({
      get: async (key) => {
        if (dead) throw new Error('simulated interruption');
        return inner.get(key);
      },
      listKeys: async (prefix) => {
        if (dead) throw new Error('simulated interruption');
        return inner.listKeys(prefix);
      },
      put: (key: string, value: string | Uint8Array) => mutate(() => inner.put(key, value)),
      delete: (key: string) => mutate(() => inner.delete(key)),
    }),
  };
}

describe('an upload interrupted after any number of writes', () => {
  let before: Map<string, string>;
  let manifestB: Manifest;
  let manifestC: Manifest;
  /** The entry only version A named: the clean-up must remove it. */
  let onlyInA: string;
  let total: number;
  /** The live version and the one before it (B): A's keys are then stale once C is published. */
  const KEEP_TWO = { keepVersions: 2 };

  beforeAll(async () => {
    await clearKv();
    const a = succeeded(await uploadContent({ renderCache, content: versionA(), store: worker.store, now: T(0) }));
    onlyInA = a.plan.manifest.entries.find((e) => e.slug === 'extra-news')!.key;
    succeeded(await uploadContent({ renderCache, content: versionB(), store: worker.store, now: T(1) }));
    before = await snapshot();
    manifestB = await liveManifest();
    // Count the mutations of a full upload of C: writes, manifest, deletes.
    const counting = failingAfter(worker.store, Number.POSITIVE_INFINITY);
    const full = succeeded(await uploadContent({ renderCache, content: versionC(), store: counting.store, now: T(2), ...KEEP_TWO }));
    total = counting.mutations();
    manifestC = full.plan.manifest;
    expect(full.plan.writes.length).toBeGreaterThanOrEqual(5);
    expect(full.plan.deletes.length).toBeGreaterThanOrEqual(2);
    expect(total).toBe(full.plan.writes.length + 1 + full.plan.deletes.length);
  });

  test('at every position k the site stays whole, and rerunning completes the upload', async () => {
    const positions: string[] = [];
    for (let k = 0; k <= total; k++) {
      await restore(before);
      const { store } = failingAfter(worker.store, k);
      let error: unknown = null;
      try {
        await uploadContent({ renderCache, content: versionC(), store, now: T(2), ...KEEP_TWO });
      } catch (caught) {
        error = caught;
      }
      const live = await liveManifest();
      // Either the previous version, untouched, or the new one: never a mix.
      const which = live.version === manifestB.version ? 'B' : 'C';
      if (which === 'B') expect(live).toEqual(manifestB);
      else expect(live.entries.map((e) => e.slug)).toContain('new-page');
      positions.push(`k=${k}: ${error ? 'interrupted' : 'completed'}, serving ${which}`);

      const verified = await verifyPublished(worker.store);
      expect(verified.problems, `k=${k}`).toEqual([]);
      await expectSiteWhole(live);

      // Rerun: it completes.
      succeeded(await uploadContent({ renderCache, content: versionC(), store: worker.store, now: T(10), ...KEEP_TWO }));
      const after = await liveManifest();
      expect(after.entries.map((e) => e.key)).toEqual(manifestC.entries.map((e) => e.key));
      expect(await worker.store.get(onlyInA), `k=${k}: the clean-up ran`).toBeNull();
      expect((await verifyPublished(worker.store)).ok, `k=${k} rerun`).toBe(true);
    }
    // Every rerun ends in the same store: its pages, served once.
    await expectSiteWhole(await liveManifest());
    // Interrupted before the manifest: B; after it: C.
    expect(positions.filter((p) => p.includes('serving B')).length).toBeGreaterThan(0);
    expect(positions.filter((p) => p.includes('serving C')).length).toBeGreaterThan(0);
    expect(positions.at(-1)).toBe(`k=${total}: completed, serving C`);
  });

  test('a crashed upload leaves its lock held: a rerun before it lapses is refused naming the holder, and writes nothing', async () => {
    await restore(before);
    const lock = lockOf();
    // A crash: the process ends, and with it the release.
    const crashing = async () => ({ ...(await lock()), release: async () => null });
    const { store, settled } = failingAfter(worker.store, 3);
    await expect(uploadContent({ renderCache, content: versionC(), store, lock: crashing, now: T(2), ...KEEP_TWO })).rejects.toThrow(
      /simulated interruption/,
    );
    await settled();
    const keys = (await worker.store.listKeys('')).sort();
    const early = uploadContent({ renderCache, content: versionC(), store: worker.store, lock, now: T(3), ...KEEP_TWO });
    await expect(early).rejects.toThrow(UploadConflictError);
    await expect(early).rejects.toThrow(
      /^another upload holds the publish lock \(\S+ \(pid \d+, \w+\), until [\d-]+T[\d:.]+Z\); the live version is none: nothing was written\./,
    );
    expect((await worker.store.listKeys('')).sort()).toEqual(keys);
  });
});

describe('two uploads at once', () => {
  beforeEach(clearKv);

  /** The store with a random pause before every call, so the two uploads interleave differently each time. */
  function jittery(inner: KvStore, seed: number): KvStore {
    let state = seed;
    const pause = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return new Promise((resolve) => setTimeout(resolve, state % 4));
    };
    return withBulkOperations({
      get: async (key) => {
        await pause();
        return inner.get(key);
      },
      listKeys: async (prefix) => {
        await pause();
        return inner.listKeys(prefix);
      },
      put: async (key, value) => {
        await pause();
        return inner.put(key, value);
      },
      delete: async (key) => {
        await pause();
        return inner.delete(key);
      },
    });
  }

  test('through the publish lock, one after the other or one refused; the manifest is wholly one of them', async () => {
    for (let round = 0; round < 3; round++) {
      await clearKv();
      const lock = lockOf();
      succeeded(await uploadContent({ renderCache, content: versionB(), store: worker.store, lock, now: T(0) }));
      const results = await Promise.allSettled([
        uploadContent({ renderCache, content: versionA(), store: jittery(worker.store, round * 2 + 1), lock, now: T(1) }),
        uploadContent({ renderCache, content: versionC(), store: jittery(worker.store, round * 2 + 2), lock, now: T(1) }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled').map((r) => succeeded((r as PromiseFulfilledResult<UploadOutcome>).value));
      for (const lost of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect(lost.reason, `round ${round}`).toBeInstanceOf(UploadConflictError);
        expect(String(lost.reason.message)).toMatch(/^another upload holds the publish lock /);
      }
      expect(won.length, `round ${round}`).toBeGreaterThan(0);
      // The last to publish, on the version the other published if both did.
      const last = won.sort((a, b) => a.plan.manifest.version - b.plan.manifest.version).at(-1)!;
      expect(last.plan.manifest.version).toBe(won.length + 1);
      expect(await liveManifest()).toEqual(last.plan.manifest);
      expect((await verifyPublished(worker.store)).problems).toEqual([]);
    }
    await expectSiteWhole(await liveManifest());
  });

  test('compare-and-swap: a plan made against an older manifest writes no manifest and deletes nothing', async () => {
    const lock = lockOf();
    succeeded(await uploadContent({ renderCache, content: versionB(), store: worker.store, lock, now: T(0) }));
    const live = await liveManifest();
    // Plan C against B without publishing it, then let another upload publish A meanwhile.
    const planned = succeeded(await uploadContent({ renderCache, content: versionC(), store: worker.store, dryRun: true, now: T(1) }));
    expect(planned.plan.previous?.version).toBe(live.version);
    const lines: string[] = [];
    const a = succeeded(
      await uploadContent({ renderCache, content: versionA(), store: worker.store, lock, now: T(2), log: (l) => lines.push(l) }),
    );
    // Once A's manifest is live, the Worker's purge route takes the tags of what it changed: the extra post, the news
    // lists, search, the post its page now follows (and, A being made without B's git history, every page whose dates differ).
    expect(a.purged).toEqual([MANIFEST_TAG, ...purgeTagsFor(live, a.plan.manifest)].sort());
    expect(a.purged).toEqual(expect.arrayContaining([entryTag('news', 'extra-news'), listTag('news'), SEARCH_TAG]));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^purged now: ${a.purged.length} tag\\(s\\) \\(${a.purged[0]}, `)));
    const published = await worker.store.get(MANIFEST_KEY);
    const keys = (await worker.store.listKeys('')).sort();

    const held = await lock();
    const refused = publishPlan(worker.store, planned.plan, held, () => {});
    await expect(refused).rejects.toThrow(UploadConflictError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `^the publish lock refused version ${live.version + 1}: it read the manifest as v${live.version}, but v${live.version + 1} was published \\d+ s ago and is live; ` +
          'KV does not show it here yet: run the upload again in \\d+ s\\. This upload wrote no manifest',
      ),
    );
    await held.release();
    expect(await worker.store.get(MANIFEST_KEY)).toBe(published);
    // Only C's new immutable entries were added; nothing was deleted.
    const after = (await worker.store.listKeys('')).sort();
    expect(keys.every((k) => after.includes(k))).toBe(true);
    expect((await verifyPublished(worker.store)).ok).toBe(true);
  });
});

describe('--verify', () => {
  beforeAll(async () => {
    await clearKv();
  });

  test('with nothing published it says so', async () => {
    const lines: string[] = [];
    const outcome = await verifyPublished(worker.store, (line) => lines.push(line));
    expect(outcome.ok).toBe(false);
    expect(lines).toEqual(['manifest: missing: nothing is published']);
  });

  test('after an upload: "all N entries verified"', async () => {
    succeeded(await uploadContent({ renderCache, content: versionB(), store: worker.store, now: T(0) }));
    const lines: string[] = [];
    const outcome = await verifyPublished(worker.store, (line) => lines.push(line));
    expect(outcome).toMatchObject({ ok: true, entries: 8, problems: [] });
    // 8 cards and the screenshot's 9 files (AVIF, WebP and PNG at 3 widths).
    expect(lines).toEqual([
      `all 8 entries verified (manifest v1, 1 samples, search index, 17 images and cards, 2 images from other hosts)`,
    ]);
  });

  test('each missing or corrupt key is one line: file/slug/key: reason', async () => {
    const manifest = await liveManifest();
    const dsx = manifest.entries.find((e) => e.slug === 'DSX')!;
    const features = manifest.entries.find((e) => e.slug === 'features')!;
    const signpath = manifest.entries.find((e) => e.file === 'news-signpath.md')!;
    await worker.store.delete(dsx.key);
    await worker.store.put(features.key, '{"attributes": 1');
    const other = manifest.entries.find((e) => e.slug === 'multi-sim')!;
    await worker.store.put(signpath.key, (await worker.store.get(other.key))!);
    const sample = storedSampleKey(manifest.samples[0]!);
    await worker.store.delete(sample);
    const lines: string[] = [];
    const outcome = await verifyPublished(worker.store, (line) => lines.push(line));
    expect(outcome.ok).toBe(false);
    expect(lines.slice(0, -1).sort()).toEqual(
      [
        `guide-DSX.md/DSX/${dsx.key}: missing from KV`,
        `features.md/features/${features.key}: the stored entry is not valid JSON`,
        `news-signpath.md/${signpath.slug}/${signpath.key}: holds slug multi-sim, not ${signpath.slug}`,
        `samples/start-race-element-minimized.bat/${sample}: missing from KV`,
      ].sort(),
    );
    expect(lines.at(-1)).toBe('4 problem(s) in manifest v1');
    // How the Worker answers a manifest naming a missing entry (the error page, not a crash) is
    // in content-faults.test.ts: here the isolate already holds DSX from the tests above.
  });
});
