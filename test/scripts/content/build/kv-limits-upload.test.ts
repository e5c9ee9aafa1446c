/**
 * An upload that breaks a Workers KV size limit is refused by its plan: a store that records every call sees no write,
 * the Worker's publish lock stays at its version, and `npm run upload -- --dry-run` says why. Real KV (Miniflare), the
 * built Worker's lock.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KvLimitError } from '../../../../scripts/content/kv/kv-batches.ts';
import { type KvStore, kvStoreFromBinding } from '../../../../scripts/content/kv/kv-store.ts';
import { takePublishLock } from '../../../../scripts/content/publish/publish-lock.ts';
import { type UploadOptions, uploadContent } from '../../../../scripts/content/publish/upload.ts';
import type { ContentFolder, SourceFile } from '../../../../scripts/content/source/load-content.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';
import { syntheticContent } from '../../../../tools/synthetic-content.ts';
import { runRenderCache } from '../../../support/run-render-cache.ts';
import { runUpload, startPublishLock } from '../../../support/upload-command.ts';

/** A guide whose stored entry (its markdown and its HTML) passes 25 MiB: a 11 MB code block. */
const HUGE: SourceFile = {
  file: 'huge.md',
  source: [
    '---',
    'title: "Huge"',
    'slug: huge',
    'description: "A post too big for one KV value"',
    'type: guide',
    '---',
    '',
    '```',
    'lap delta tyre pressure fuel strategy setup livery stint pit throttle brake\n'.repeat(150_000),
    '```',
    '',
  ].join('\n'),
};
const SMALL = syntheticContent(3, { words: [40, 60] });
const WITH_HUGE: ContentFolder = { ...SMALL, files: [...SMALL.files, HUGE] };
const WRITES = new Set(['put', 'putMany', 'delete', 'deleteMany']);
const renderCache = runRenderCache();

let miniflare: LocalMiniflare;
let lock: Awaited<ReturnType<typeof startPublishLock>>;
let store: KvStore;
/** Every call made on `store`, by method name. */
const calls: string[] = [];

beforeAll(async () => {
  miniflare = createMiniflare({ modules: true, script: 'export default { fetch() { return new Response("") } }', kvNamespaces: ['KV'] });
  lock = await startPublishLock();
  const kv = kvStoreFromBinding((await miniflare.mf.getKVNamespace('KV')) as unknown as KVNamespace);
  const recorded =
    (name: string, call: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      calls.push(name);
      return call(...args);
    };
  store = Object.fromEntries(Object.entries(kv).map(([name, call]) => [name, recorded(name, call)])) as unknown as KvStore;
});
afterAll(async () => {
  await miniflare?.dispose();
  await lock?.close();
});

const upload = (content: ContentFolder, options: Partial<UploadOptions> = {}) =>
  uploadContent({
    content,
    store,
    renderCache,
    cards: null,
    diagrams: null,
    lock: () => takePublishLock({ origin: lock.origin, secret: 'publish-secret', namespace: 'kv-limits' }),
    ...options,
  });

describe('a post whose entry passes 25 MiB', () => {
  test('is refused before any write, the lock released at its version; the next upload publishes on it', async () => {
    const first = await upload(SMALL);
    expect(first.ok && first.plan.manifest.version).toBe(1);

    calls.length = 0;
    const refused = upload(WITH_HUGE);
    await expect(refused).rejects.toThrow(KvLimitError);
    await expect(refused).rejects.toThrow(/^the content does not fit Workers KV's size limits/);
    const message = ((await refused.catch((error: Error) => error)) as Error).message;
    expect(message).toMatch(
      /\n- huge\.md: its stored value is [\d,]+ bytes; Workers KV takes at most 26,214,400 bytes \(25 MiB\) a value\n/,
    );
    expect(message.endsWith('\nNothing was written: the site is unchanged.')).toBe(true);
    // It read what is live to plan against, and wrote nothing.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((name) => WRITES.has(name))).toEqual([]);

    // Taken again (so released), and at version 1: a commit planned on version 1 is accepted as version 2.
    const edited = { ...SMALL, files: SMALL.files.map((f, i) => (i === 0 ? { ...f, source: `${f.source}\nEdited.\n` } : f)) };
    const next = await upload(edited);
    expect(next.ok && next.plan.manifest.version).toBe(2);
  });

  test('a dry run is refused the same way, writing nothing', async () => {
    calls.length = 0;
    await expect(upload(WITH_HUGE, { dryRun: true })).rejects.toThrow(/- huge\.md: its stored value is [\d,]+ bytes/);
    expect(calls.filter((name) => WRITES.has(name))).toEqual([]);
  });

  test('npm run upload -- --dry-run exits 1 naming the file, the limit and that nothing was written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kv-limits-'));
    try {
      const dir = join(folder, 'site');
      const state = join(folder, 'state');
      mkdirSync(dir);
      for (const { file, source } of WITH_HUGE.files) writeFileSync(join(dir, file), source);
      const { code, stderr } = await runUpload([
        '--dry-run',
        '--dir',
        dir,
        '--persist-to',
        state,
        '--client-diagrams',
        '--no-image-copies',
      ]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^upload-content: stopped: the content does not fit Workers KV's size limits/);
      expect(stderr).toContain('- huge.md: its stored value is ');
      expect(stderr).toContain('Nothing was written: the site is unchanged.');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
