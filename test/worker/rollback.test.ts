/**
 * After `--rollback` the site serves the earlier version at the next manifest refresh, with no entry
 * written, and the cache in front of the Worker is purged of what came back. Real upload, workerd and its routes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { entryTag, listTag, MANIFEST_TAG, purgeTagsFor, SEARCH_TAG } from '../../contracts/edge-cache.ts';
import { articlePath } from '../../contracts/routes.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import { takePublishLock } from '../../scripts/content/publish/publish-lock.ts';
import { rollback } from '../../scripts/content/publish/rollback.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../scripts/content/source/load-content.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { parsePage } from '../support/html.ts';
import { runRenderCache } from '../support/run-render-cache.ts';

/** Each upload below renders the same fixture pages: rendered once. */
const renderCache = runRenderCache();

let worker: LocalWorker;
let real: ContentFolder;
beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0', PUBLISH_SECRET: SECRET } });
  real = await loadFixtureSite();
});
afterAll(() => worker?.dispose());

const SECRET = 'rollback-publish-secret';
const T = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();
const OLD_TITLE = 'Using DSX for Dualsense Active Triggers';
const NEW_TITLE = 'DSX and Dualsense Active Triggers, Revised';

async function heading(path: string): Promise<string | undefined> {
  const res = await worker.fetch(path);
  expect(res.status, path).toBe(200);
  return parsePage(await res.text()).root.querySelector('main h1')?.textContent;
}

test('after --rollback the Worker serves the previous version at its next manifest refresh', async () => {
  expect((await uploadContent({ renderCache, content: real, store: worker.store, now: T(0) })).ok).toBe(true);
  const renamed: ContentFolder = {
    files: real.files.map((f) =>
      f.file === 'guide-DSX.md' ? { ...f, source: f.source.replace(`title: "${OLD_TITLE}"`, `title: "${NEW_TITLE}"`) } : f,
    ),
    samples: real.samples,
    media: real.media,
  };
  const v2 = await uploadContent({ renderCache, content: renamed, store: worker.store, now: T(1) });
  if (!v2.ok) throw new Error('content problems');
  const page = articlePath('guide', 'DSX');
  expect(await heading(page)).toBe(NEW_TITLE);
  const guides = await (await worker.fetch('/guide')).text();
  expect(guides).toContain(NEW_TITLE);

  const keys = (await worker.store.listKeys('entry/')).sort();
  const published = real.files.filter((f) => !/^draft: true$/m.test(f.source)).length;
  const lock = () => takePublishLock({ origin: worker.url.href, secret: SECRET, namespace: 'rollback' });
  const lines: string[] = [];
  const back = await rollback({ store: worker.store, now: T(2), lock, log: (line) => lines.push(line) });
  expect(back).toMatchObject({ version: 3, restored: 1, entries: published });
  expect((await worker.store.listKeys('entry/')).sort()).toEqual(keys);
  // The Worker was handed the tags of what came back: the retitled guide, the guide lists, search; and the manifest.
  const live = (await readManifest(worker.store))!;
  expect(back.purged).toEqual([MANIFEST_TAG, ...purgeTagsFor(v2.plan.manifest, live)].sort());
  expect(back.purged).toEqual(expect.arrayContaining([entryTag('guide', 'DSX'), listTag('guide'), SEARCH_TAG]));
  expect(lines.filter((line) => line.startsWith(`purged now: ${back.purged.length} tag(s) (`))).toHaveLength(1);

  expect(await heading(page)).toBe(OLD_TITLE);
  const after = await (await worker.fetch('/guide')).text();
  expect(after).toContain(OLD_TITLE);
  expect(after).not.toContain(NEW_TITLE);
});
