/**
 * The live content folder passes the upload's --strict validation and every page it publishes answers 200;
 * the one test that reads it. workerd.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { entryPath } from '../../contracts/manifest-lookup.ts';
import { visibleManifest } from '../../contracts/scheduled-entries.ts';
import { kvStoreFromBinding } from '../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import { type UploadOutcome, uploadContent } from '../../scripts/content/publish/upload.ts';
import { formatProblem } from '../../scripts/content/source/problems.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';

/** The maintainers' folder, read as `npm run upload` reads it (git gives the last edits). */
const LIVE_CONTENT = resolve('content');

let worker: LocalWorker;
let outcome: UploadOutcome;
beforeAll(async () => {
  worker = await startLocalWorker();
  outcome = await uploadContent({ content: LIVE_CONTENT, store: worker.store, strict: true });
});
afterAll(() => worker?.dispose());

describe('the live content folder', () => {
  test('passes the upload validation with --strict', () => {
    const problems = outcome.ok ? [] : outcome.problems.map(formatProblem);
    expect(problems, `the content folder has ${problems.length} problem(s):\n${problems.join('\n')}\n`).toEqual([]);
  });

  test('every page it publishes answers 200: the indexes, each article and its markdown', async () => {
    expect(outcome.ok, 'the upload was refused: see the validation test').toBe(true);
    const stored = (await readManifest(kvStoreFromBinding(worker.kv)))!;
    const published = visibleManifest(stored, Date.now()).entries.map(entryPath);
    expect(published.length).toBeGreaterThan(0);
    const paths = ['/', '/news', '/guide', '/sitemap.xml', '/news/feed.xml', '/llms.txt', ...published, ...published.map((p) => `${p}.md`)];
    const failures: string[] = [];
    for (const path of paths) {
      const res = await worker.fetch(path, { redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(`${path}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
