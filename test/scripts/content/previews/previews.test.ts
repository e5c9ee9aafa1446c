/**
 * Whole-site previews on the upload's side, locally and with --remote: never touching the live site, kept
 * through clean-ups, expired ones cleaned, listed by --history. Miniflare KV and the contract server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_KEY, previewKey, sampleKey } from '../../../../contracts/kv-keys.ts';
import { LOCAL_PREVIEW_SECRET } from '../../../../contracts/preview-token.ts';
import { sha256 } from '../../../../scripts/content/build/build-entries.ts';
import { type KvStore, kvStoreFromBinding } from '../../../../scripts/content/kv/kv-store.ts';
import { formatPreviews, readPreviews } from '../../../../scripts/content/previews/previews.ts';
import { namedKeys } from '../../../../scripts/content/publish/named-keys.ts';
import { machineUser } from '../../../../scripts/content/publish/publish-lock.ts';
import { uploadContent } from '../../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';
import { type CloudflareKvApi, startKvApi } from '../../../support/cloudflare-kv-api.ts';
import { LIVE_SITE, PREVIEW_SITE } from '../../../support/preview-fixture.ts';
import { type CommandOutcome, runRemoteUpload, startPublishLock } from '../../../support/upload-command.ts';

const T = (day: number) => new Date(Date.UTC(2026, 2, day)).toISOString();
const LINK = { origin: 'http://localhost:8787', secret: LOCAL_PREVIEW_SECRET, days: 7 };

/** `site` with a line added to every file: new entries, shared with no other version. */
const variant = (site: ContentFolder, mark: string): ContentFolder => ({
  ...site,
  files: site.files.map((f) => ({ ...f, source: `${f.source}\n${mark}\n` })),
});

let miniflare: LocalMiniflare;
beforeAll(() => {
  miniflare = createMiniflare({
    modules: true,
    script: 'export default { fetch() { return new Response("") } }',
    kvNamespaces: ['LOCAL', 'SAMPLES'],
  });
});
afterAll(() => miniflare?.dispose());

async function upload(store: KvStore, content: ContentFolder, now: string, options: { name?: string; keep?: number; days?: number } = {}) {
  const lines: string[] = [];
  const outcome = await uploadContent({
    content,
    store,
    now,
    cards: null,
    diagrams: null,
    log: (line) => lines.push(line),
    keepVersions: options.keep ?? 2,
    ...(options.name ? { previewName: options.name, preview: { ...LINK, days: options.days ?? 7 } } : {}),
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  return { ...outcome, lines };
}
const present = async (store: KvStore, keys: string[]) => {
  const all = new Set(await store.listKeys(''));
  return keys.filter((key) => all.has(key));
};

describe('locally', () => {
  let store: KvStore;
  beforeAll(async () => {
    store = kvStoreFromBinding((await miniflare.mf.getKVNamespace('LOCAL')) as unknown as KVNamespace);
  });

  test('a preview upload writes its record and keys, never the live manifest', async () => {
    await upload(store, LIVE_SITE, T(1));
    const live = await store.get(MANIFEST_KEY);
    const { preview, deleted, lines } = await upload(store, PREVIEW_SITE, T(2), { name: 'pr-1' });
    expect(await store.get(MANIFEST_KEY)).toBe(live);
    expect(deleted).toBe(0);
    expect(preview).toMatchObject({ name: 'pr-1', version: 1, expires: '2026-03-09T00:00:00.000Z' });
    // The new post, the edited guide, and the post whose page now links to the new one as its neighbour.
    expect(lines.filter((l) => l.startsWith('written')).sort()).toEqual([
      'written   guide-setup.md → setup-guide',
      'written   news-big-update.md → big-update',
      'written   news-season-start.md → season-start',
    ]);
    const [record] = await readPreviews(store);
    expect(await present(store, namedKeys(record!.manifest))).toEqual(namedKeys(record!.manifest));
  });

  test('live uploads with --keep 2 clean up old versions but never what a kept preview names', async () => {
    const [record] = await readPreviews(store);
    for (let i = 3; i <= 6; i++) await upload(store, variant(LIVE_SITE, `Live ${i}.`), T(i));
    expect((await store.listKeys('history/')).length).toBe(2);
    expect(await present(store, namedKeys(record!.manifest))).toEqual(namedKeys(record!.manifest));
    expect(formatPreviews(await readPreviews(store), T(7))).toEqual([
      `preview pr-1  v1  ${T(2)}  ${machineUser()}  3 entries  link works until 2026-03-09 00:00 UTC`,
    ]);
  });

  test('previews past --keep and past their expiry are cleaned: records with the next upload, their keys with the next live one', async () => {
    const first = (await readPreviews(store))[0]!;
    await upload(store, variant(PREVIEW_SITE, 'Two.'), T(7), { name: 'pr-2' });
    const third = await upload(store, variant(PREVIEW_SITE, 'Three.'), T(8), { name: 'pr-3' });
    expect(third.lines).toContain('removed   preview pr-1 (beyond the 2 kept)');
    expect((await readPreviews(store)).map((r) => r.name)).toEqual(['pr-3', 'pr-2']);
    const onlyFirst = namedKeys(first.manifest).filter((k) => k.startsWith('entry/'));
    const live = await upload(store, variant(LIVE_SITE, 'Live 9.'), T(9));
    expect(await present(store, onlyFirst)).toEqual(onlyFirst.filter((k) => live.plan.manifest.entries.some((e) => e.key === k)));

    // pr-4's link works one day; the next live upload, two days later, removes it and its keys.
    const short = await upload(store, variant(PREVIEW_SITE, 'Four.'), T(10), { name: 'pr-4', days: 1, keep: 3 });
    const four = (await readPreviews(store)).find((r) => r.name === 'pr-4')!;
    expect(short.preview?.expires).toBe(T(11));
    expect(formatPreviews([four], T(12))[0]).toMatch(/link expired 2026-03-11 00:00 UTC$/);
    await upload(store, variant(LIVE_SITE, 'Live 12.'), T(12), { keep: 3 });
    expect((await readPreviews(store)).map((r) => r.name)).toEqual(['pr-3', 'pr-2']);
    expect(await present(store, [previewKey('pr-4'), ...namedKeys(four.manifest).filter((k) => k.startsWith('entry/'))])).toEqual([]);
  });
});

test('samples are named by their text: a preview writes its own under new keys and leaves the live ones as they are', async () => {
  const store = kvStoreFromBinding((await miniflare.mf.getKVNamespace('SAMPLES')) as unknown as KVNamespace);
  await upload(store, { ...LIVE_SITE, samples: [{ path: 'run.bat', content: 'live' }] }, T(1));
  const samples = [
    { path: 'run.bat', content: 'changed' },
    { path: 'new.bat', content: 'new' },
  ];
  const { lines } = await upload(store, { ...PREVIEW_SITE, samples }, T(2), { name: 'pr-9' });
  for (const text of ['live', 'changed', 'new']) expect(await store.get(sampleKey(sha256(text)))).toBe(text);
  expect(lines).toContain('written   samples/run.bat');
  expect(lines).toContain('written   samples/new.bat');
});

describe('the command line, remotely', () => {
  let api: CloudflareKvApi;
  let lock: Awaited<ReturnType<typeof startPublishLock>>;
  let dir: string;
  beforeAll(async () => {
    // Writes show in reads and listings only 300 ms later, as Workers KV's are eventually consistent.
    api = await startKvApi({ accountId: 'acc', namespaces: ['ns'], tokens: { token: 'write' }, visibilityDelayMs: 300 });
    lock = await startPublishLock();
    dir = mkdtempSync(join(tmpdir(), 'race-element-previews-'));
    for (const [folder, site] of [
      ['live', LIVE_SITE],
      ['preview', PREVIEW_SITE],
    ] as const) {
      mkdirSync(join(dir, folder));
      for (const file of site.files) writeFileSync(join(dir, folder, file.file), file.source);
    }
    writeFileSync(
      join(dir, 'wrangler.toml'),
      'name = "previews"\nmain = "worker/index.ts"\ncompatibility_date = "2026-04-01"\n\n[vars]\nSITE_URL = "https://race.example"\n\n[[kv_namespaces]]\nbinding = "CONTENT"\nid = "ns"\n',
    );
  });
  afterAll(async () => {
    await api?.close();
    await lock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function cli(args: string[], env: Record<string, string> = { PREVIEW_SECRET: 'preview-secret' }): Promise<CommandOutcome> {
    const base = ['--config', join(dir, 'wrangler.toml'), '--no-image-copies', '--client-diagrams'];
    return runRemoteUpload([...base, ...args], { api, lock }, { PREVIEW_SECRET: '', ...env });
  }

  test('--preview publishes through the SDK and prints the link; the live manifest is untouched', async () => {
    expect((await cli(['--dir', join(dir, 'live')])).code).toBe(0);
    const live = api.contents('ns').get(MANIFEST_KEY);
    const run = await cli(['--dir', join(dir, 'preview'), '--preview', 'pr-7']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^preview {3}pr-7 → https:\/\/race\.example\/_preview\/pr-7\?token=\d+\.[\w-]+ \(works until [\d-]+ [\d:]+ UTC\)$/m,
    );
    expect(api.contents('ns').get(MANIFEST_KEY)).toBe(live);
    expect(api.contents('ns').has(previewKey('pr-7'))).toBe(true);

    // Straight after, a live upload lists the record, so the preview's keys stay.
    expect((await cli(['--dir', join(dir, 'live'), '--keep', '2'])).code).toBe(0);
    const record = JSON.parse(api.contents('ns').get(previewKey('pr-7'))!) as { manifest: Parameters<typeof namedKeys>[0] };
    expect(namedKeys(record.manifest).filter((key) => !api.contents('ns').has(key))).toEqual([]);

    const history = await cli(['--history']);
    expect(history.stdout).toMatch(
      new RegExp(`^Previews, newest first:\\npreview pr-7  v1  \\S+  ${machineUser()}  3 entries  link works until `, 'm'),
    );
    const removed = await cli(['--remove-preview', 'pr-7']);
    expect(removed.code).toBe(0);
    expect(api.contents('ns').has(previewKey('pr-7'))).toBe(false);
  });

  test('refused: a bad name (exit 2), and a remote preview without PREVIEW_SECRET (nothing written)', async () => {
    const bad = await cli(['--preview', 'PR_7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('upload-content: --preview: "PR_7" is not a preview name: lowercase letters, digits and single dashes');
    const keys = [...api.contents('ns').keys()];
    const unsigned = await cli(['--dir', join(dir, 'preview'), '--preview', 'pr-8'], {});
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr).toContain('upload-content: --preview needs its link signed: PREVIEW_SECRET is not in the environment');
    expect([...api.contents('ns').keys()]).toEqual(keys);
  });
});
