/**
 * The dev server's republish: upload-like output, only what is new on save, failed validation keeps the
 * served version, the served text saved back makes no version, the fix publishes, a new slug moves. Miniflare KV.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type KvStore, kvStoreFromBinding } from '../../../../scripts/content/kv/kv-store.ts';
import { readHistory } from '../../../../scripts/content/publish/history.ts';
import { contentPublisher } from '../../../../scripts/dev/live/republish.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';

let runtime: LocalMiniflare;
let store: KvStore;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'republish-'));
  runtime = createMiniflare(
    { modules: true, script: 'export default { fetch() { return new Response("") } }', kvNamespaces: ['CONTENT'] },
    dir,
  );
  store = kvStoreFromBinding((await runtime.mf.getKVNamespace('CONTENT')) as unknown as KVNamespace);
});
afterAll(async () => {
  await runtime?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const guide = (slug: string, body: string) =>
  `---\ntitle: "${slug}"\nslug: ${slug}\ndescription: "About ${slug}"\ntype: guide\n---\n\n${body}\n`;

test('first publish, saves, a bad file and its fix: the lines printed and the state the pages get', async () => {
  const content = join(dir, 'articles');
  mkdirSync(content);
  writeFileSync(join(content, 'guide-a.md'), guide('a', 'First.'));
  writeFileSync(join(content, 'guide-b.md'), guide('b', 'Second.'));
  const log: string[] = [];
  const publisher = await contentPublisher({ contentDir: content, store, log: (line) => log.push(line), diagrams: null, cards: null });
  expect(publisher.state()).toEqual({ version: null, problems: [], moved: {} });

  expect(await publisher.publish()).toEqual({ version: 1, problems: [], moved: {} });
  expect(log).toEqual(expect.arrayContaining(['written   guide-a.md → a', 'written   guide-b.md → b']));
  expect(log.at(-1)).toMatch(/^Published version 1 in \d+ ms\.$/);

  log.length = 0;
  writeFileSync(join(content, 'guide-a.md'), guide('a', 'First, edited.'));
  expect(await publisher.publish(['guide-a.md'])).toEqual({ version: 2, problems: [], moved: {} });
  expect(log[0]).toBe(`guide-a.md changed: publishing ${content}…`);
  expect(log).toContain('written   guide-a.md → a');
  expect(log.some((line) => line.startsWith('unchanged '))).toBe(false);
  expect(log.some((line) => line.startsWith('2 entries: wrote 1, 1 unchanged;'))).toBe(true);

  log.length = 0;
  writeFileSync(join(content, 'guide-b.md'), guide('b', 'x').replace('type: guide', 'type: guide\ndate: 2024-02-30'));
  const refused = await publisher.publish(['guide-b.md']);
  expect(refused.version).toBe(2);
  expect(refused.problems).toHaveLength(1);
  expect(refused.problems[0]).toMatch(/^guide-b\.md:6:7: date: "2024-02-30" is not a real date/);
  expect(log).toContain(refused.problems[0]);
  expect(log).toContain('1 problem(s) found: nothing was written.');
  expect(log.at(-1)).toMatch(/^Not published \(\d+ ms\): the site still serves version 2; the open pages show the problem\.$/);

  // Saved back to the text version 2 serves: a newer mtime (an hour on, not to fall in the same second), no new version.
  log.length = 0;
  writeFileSync(join(content, 'guide-b.md'), guide('b', 'Second.'));
  const later = new Date(Date.now() + 3_600_000);
  utimesSync(join(content, 'guide-b.md'), later, later);
  expect(await publisher.publish(['guide-b.md'])).toEqual({ version: 2, problems: [], moved: {} });
  expect(log.at(-2)).toBe('2 entries: wrote 0, 2 unchanged; 0 samples; the site is unchanged (version 2); deleted 0 stale key(s).');
  expect(log.at(-1)).toMatch(/^Nothing new to publish \(\d+ ms\): version 2 stays\.$/);
  expect((await readHistory(store)).map((r) => `v${r.version} ${r.madeBy}`)).toEqual(['v2 npm start', 'v1 npm start']);

  writeFileSync(join(content, 'guide-b.md'), guide('b-moved', 'Second, moved.'));
  expect(await publisher.publish(['guide-b.md'])).toEqual({ version: 3, problems: [], moved: { '/guide/b': '/guide/b-moved' } });
});
