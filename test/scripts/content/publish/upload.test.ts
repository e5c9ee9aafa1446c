/**
 * Uploading the fixture site with the real upload code: what it writes, second runs, invalid folders, dry runs,
 * clean-up, log lines and drafts. Miniflare KV.
 */
import type { KVNamespace } from '@cloudflare/workers-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_KEY, sampleKey } from '../../../../contracts/kv-keys.ts';
import { parseStored, storedEntrySchema } from '../../../../contracts/kv-values.ts';
import { LOCAL_PREVIEW_SECRET, verifyPreview } from '../../../../contracts/preview-token.ts';
import { sha256 } from '../../../../scripts/content/build/build-entries.ts';
import { imagesWithoutCopy } from '../../../../scripts/content/build/images-without-copy.ts';
import { buildMedia } from '../../../../scripts/content/build/media.ts';
import { type KvStore, kvStoreFromBinding } from '../../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../../scripts/content/kv/stored-records.ts';
import { isProgressLine } from '../../../../scripts/content/progress.ts';
import { type UploadOutcome, uploadContent } from '../../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { createMiniflare, type LocalMiniflare } from '../../../../tools/local-worker.ts';
import { loadFixtureSite } from '../../../support/fixture-site.ts';

/** One KV namespace per scenario, so the tests do not depend on each other's order. */
const NAMESPACES = ['FULL', 'INVALID', 'DRY', 'REMOVE', 'LOG', 'DUP'] as const;
/** The site index's own pieces: scripts/content/build/site-pieces.ts, tested on their own. */
const isIndexPiece = (k: string) => k.startsWith('index/') || k.startsWith('list/');
const T1 = '2025-01-01T00:00:00.000Z';
const T2 = '2025-01-02T00:00:00.000Z';
const T3 = '2025-01-03T00:00:00.000Z';

let miniflare: LocalMiniflare;
let realContent: ContentFolder;
const stores = {} as Record<(typeof NAMESPACES)[number], KvStore>;

beforeAll(async () => {
  miniflare = createMiniflare({
    modules: true,
    script: 'export default { fetch() { return new Response("") } }',
    kvNamespaces: [...NAMESPACES],
  });
  for (const name of NAMESPACES) stores[name] = kvStoreFromBinding((await miniflare.mf.getKVNamespace(name)) as unknown as KVNamespace);
  realContent = await loadFixtureSite();
});
afterAll(() => miniflare?.dispose());

const allKeys = async (store: KvStore) => (await store.listKeys('')).sort();
/** The files the images of media/ are stored as: each image's variants (AVIF, WebP, its own format at each width). */
const mediaFiles = () => [...buildMedia(realContent.media ?? []).media.values()].reduce((n, m) => n + m.variants.length, 0);
const md = (fm: string, body = 'Text') => `---\n${fm}\n---\n${body}\n`;
/** Runs an upload and collects its log lines, the progress lines apart (how many depends on the machine's speed). */
async function upload(
  store: KvStore,
  content: string | ContentFolder,
  opts: { dryRun?: boolean; now?: string; keepVersions?: number } = {},
) {
  const lines: string[] = [];
  const progress: string[] = [];
  const outcome = await uploadContent({ content, store, log: (line) => (isProgressLine(line) ? progress : lines).push(line), ...opts });
  return { outcome, lines, progress };
}
function succeeded(outcome: UploadOutcome) {
  if (!outcome.ok) throw new Error(`upload failed: ${JSON.stringify(outcome.problems)}`);
  return outcome;
}

/** The fixture site's search root and the 16 pieces it names (build-search.ts). */
const SEARCH_KEYS = 17;

describe('uploading the fixture site', () => {
  test('writes 26 entries and 2 drafts, 1 sample, the search index, the images, 28 social cards, the manifest and its history record', async () => {
    const store = stores.FULL;
    const outcome = succeeded((await upload(store, realContent, { now: T1 })).outcome);
    expect(outcome.entriesWritten).toBe(26);
    expect(outcome.entriesUnchanged).toBe(0);
    expect(outcome.deleted).toBe(0);

    const keys = await allKeys(store);
    expect(keys.filter((k) => k.startsWith('entry/'))).toHaveLength(28);
    const sample = realContent.samples[0]!;
    expect(keys.filter((k) => k.startsWith('sample/'))).toEqual([sampleKey(sha256(sample.content))]);
    expect(keys).toContain(MANIFEST_KEY);
    // The search root and the pieces it names: the record, 2 term shards, 13 chunks of documents.
    expect(keys.filter((k) => k.startsWith('search/'))).toHaveLength(SEARCH_KEYS);
    expect(keys).toContain('history/0000000001');
    // The files of media/ (the screenshot's 9 variants, and those of the kept copies of images from other
    // hosts), one card per entry and draft (every title differs), and the URL of each image from another
    // host without a copy, which the Worker fetches (6 here: this machine cannot copy them).
    const uncopied = imagesWithoutCopy(realContent).size;
    const files = keys.filter((k) => /^media\/[0-9a-f]{64}\.[a-z]+$/.test(k));
    expect(mediaFiles()).toBe(9);
    expect(files).toHaveLength(mediaFiles() + 28);
    expect(keys.filter((k) => /^media\/remote\/[0-9a-f]{64}$/.test(k))).toHaveLength(uncopied);
    expect(keys.filter((k) => k.startsWith('media/'))).toHaveLength(files.length + uncopied);
    expect(keys.filter((k) => !isIndexPiece(k))).toHaveLength(31 + SEARCH_KEYS + files.length + uncopied);

    // `manifest` holds the root of the site index; the version's whole manifest is its history record.
    const root = JSON.parse((await store.get(MANIFEST_KEY))!);
    expect(root).toMatchObject({ format: 2, version: 1, publishedAt: T1 });
    const manifest = (await readManifest(store))!;
    expect(manifest.entries).toHaveLength(26);
    // It names every piece of its site index, each stored; the root names the shards and the lists' directories.
    expect(keys.filter(isIndexPiece).sort()).toEqual(manifest.pieces!.filter(isIndexPiece).sort());
    expect(manifest.pieces).toEqual(expect.arrayContaining([...root.shardDirectories, ...Object.values(root.lists)]));
    const dsx = manifest.entries.find((e) => e.slug === 'DSX')!;
    const stored = parseStored(storedEntrySchema, (await store.get(dsx.key))!, dsx.key);
    expect(stored.file).toBe('guide-DSX.md');
    expect(stored.html).toContain('DSX');
    expect(dsx.card).toMatchObject({ width: 1200, height: 630, alt: 'Race Element: Using DSX for Dualsense Active Triggers' });
    for (const e of manifest.entries) expect(await store.get(e.card!.url.slice(1)), `${e.file}'s card`).not.toBeNull();
    expect(manifest.samples).toEqual([{ path: sample.path, hash: sha256(sample.content), key: sampleKey(sha256(sample.content)) }]);
    expect(await store.get(sampleKey(sha256(sample.content)))).toBe(sample.content);
    // With an empty card cache (a fresh clone) this upload draws all 28 cards too.
  });

  test('a second run writes nothing, no card either, and leaves the manifest unchanged', async () => {
    const store = stores.FULL;
    const before = await store.get(MANIFEST_KEY);
    expect(before).not.toBeNull();
    // Every key sent to KV, whichever way.
    const sent: string[] = [];
    const counting: KvStore = {
      ...store,
      put(key, value) {
        sent.push(key);
        return store.put(key, value);
      },
      putMany(pairs) {
        sent.push(...pairs.map((p) => p.key));
        return store.putMany(pairs);
      },
    };
    const { outcome, lines } = await upload(counting, realContent, { now: T2 });
    const second = succeeded(outcome);
    expect(second.entriesWritten).toBe(0);
    expect(second.entriesUnchanged).toBe(26);
    expect(second.plan.writes).toEqual([]);
    expect(second.plan.manifestChanged).toBe(false);
    expect(await store.get(MANIFEST_KEY)).toBe(before);
    expect(lines.at(-1)).toContain('the site is unchanged (version 1)');
    // The cards are the first upload's: taken from the cache, found in KV, not sent.
    expect(lines).toContain('cards     28 social card(s): wrote 0, 28 unchanged; drew 0, 28 from the cache');
    expect(sent, 'nothing is written').toEqual([]);
    expect((await allKeys(store)).filter((k) => !isIndexPiece(k))).toHaveLength(
      31 + SEARCH_KEYS + 28 + mediaFiles() + imagesWithoutCopy(realContent).size,
    );
  });
});

describe('an invalid folder', () => {
  const withBadFile = (): ContentFolder => ({
    files: [...realContent.files, { file: 'news-broken.md', source: md('title: Broken\nslug: broken\ndescription: d\ntype: news') }],
    samples: realContent.samples,
    media: realContent.media,
  });

  test('reports its problems and writes nothing to an empty namespace', async () => {
    const { outcome, lines } = await upload(stores.INVALID, withBadFile());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toEqual([expect.objectContaining({ file: 'news-broken.md', field: 'date', code: 'date-missing' })]);
    expect(lines[0]).toMatch(/^news-broken\.md:1:1: date: missing/);
    expect(lines.at(-1)).toMatch(/1 problem\(s\) found: nothing was written/);
    expect(await allKeys(stores.INVALID)).toEqual([]);
  });

  test('leaves a published namespace exactly as it was', async () => {
    const store = stores.INVALID;
    succeeded((await upload(store, realContent, { now: T1 })).outcome);
    const keys = await allKeys(store);
    const manifest = await store.get(MANIFEST_KEY);
    const edited = withBadFile();
    edited.files[0] = { ...edited.files[0]!, source: `${edited.files[0]!.source}\nAn edit that must not be published.\n` };
    const { outcome } = await upload(store, edited, { now: T2 });
    expect(outcome.ok).toBe(false);
    expect(await allKeys(store)).toEqual(keys);
    expect(await store.get(MANIFEST_KEY)).toBe(manifest);
  });
});

test('a duplicate slug blames the file the published manifest does not list, naming both', async () => {
  const store = stores.DUP;
  succeeded((await upload(store, realContent, { now: T1 })).outcome);
  // Sorts before news-signpath.md, so only the published manifest can tell it is the new one.
  const dup = {
    file: 'news-bad-dup.md',
    source: md('title: Dup\nslug: 2023-04-29-signpath\ndescription: d\ntype: news\ndate: 2024-01-01'),
  };
  const { outcome, lines } = await upload(
    store,
    { files: [...realContent.files, dup], samples: realContent.samples, media: realContent.media },
    { now: T2 },
  );
  expect(outcome.ok).toBe(false);
  expect(lines).toEqual([
    'news-bad-dup.md:3:7: slug: "2023-04-29-signpath" is also the slug of news-signpath.md (slugs are compared ignoring case): ' +
      'news-signpath.md is published with it, so news-bad-dup.md is the new one\n  hint: Give this file another slug. [slug-taken]',
    '1 problem(s) found: nothing was written.',
  ]);
});

test('a dry run writes nothing but reports what it would write', async () => {
  const { outcome, lines } = await upload(stores.DRY, realContent, { dryRun: true });
  const dry = succeeded(outcome);
  expect(dry.entriesWritten).toBe(26);
  // 26 entries, 2 drafts, 1 sample, the search index's keys, the images, 28 cards, the history record,
  // and the URL of each image from another host without a copy; and the site index's pieces.
  const images = mediaFiles() + imagesWithoutCopy(realContent).size;
  expect(dry.plan.writes.filter((w) => !isIndexPiece(w.key))).toHaveLength(26 + 2 + 1 + SEARCH_KEYS + 28 + 1 + images);
  expect(await allKeys(stores.DRY)).toEqual([]);
  expect(lines.at(-1)).toMatch(
    /^Dry run: 26 entries: would write 26, 0 unchanged; 2 draft\(s\); 1 samples; 1 image\(s\); manifest v1 \(\d+ KB\); would delete 0 stale key\(s\)\.$/,
  );
});

test('after removing an entry, its key is gone once no kept version names it', async () => {
  const store = stores.REMOVE;
  // Two versions kept: the live one and the one before it.
  const keep = { keepVersions: 2 };
  succeeded((await upload(store, realContent, { now: T1, ...keep })).outcome);
  const first = (await readManifest(store))!;
  const removedKey = first.entries.find((e) => e.file === 'sponsor.md')!.key;
  const removedCard = first.entries.find((e) => e.file === 'sponsor.md')!.card!.url.slice(1);
  // Spread from the fixture, so that its folder's file history is the same in every version.
  const without: ContentFolder = {
    ...realContent,
    files: realContent.files.filter((f) => f.file !== 'sponsor.md'),
    samples: realContent.samples,
    media: realContent.media,
  };

  const second = succeeded((await upload(store, without, { now: T2, ...keep })).outcome);
  expect(second.plan.manifest.version).toBe(2);
  expect(second.plan.manifest.entries.map((e) => e.slug)).not.toContain('sponsor');
  expect(await store.get(removedKey), 'kept while the previous manifest names it').not.toBeNull();

  const unchanged = succeeded((await upload(store, without, { now: T3, ...keep })).outcome);
  expect(unchanged.deleted, 'version 1 is still the one before the live one').toBe(0);

  const edited: ContentFolder = {
    ...without,
    files: without.files.map((f) => (f.file === 'features.md' ? { ...f, source: `${f.source}\nEdited.\n` } : f)),
    samples: without.samples,
    media: without.media,
  };
  const third = succeeded((await upload(store, edited, { now: T3, ...keep })).outcome);
  // Version 1 falls out of the two kept: the removed entry, its card, its search index and its history record go.
  expect(third.plan.deletes.filter((k) => !isIndexPiece(k))).toEqual([removedKey, removedCard, first.search!, 'history/0000000001'].sort());
  expect(third.deleted).toBe(third.plan.deletes.length);
  expect(await store.get(removedKey)).toBeNull();
  expect(await store.get(removedCard)).toBeNull();
  expect((await allKeys(store)).filter((k) => k.startsWith('entry/'))).toHaveLength(28); // 25 live, 2 drafts, features' version 2 entry
  const manifest = (await readManifest(store))!;
  expect(manifest.version).toBe(3);
  for (const e of manifest.entries) expect(await store.get(e.key), e.key).not.toBeNull();
});

test('the log prints one line per entry and sample, then a summary; each stage a summary of its progress', async () => {
  const { lines, progress } = await upload(stores.LOG, realContent);
  // Each stage's last line is its summary: the count, the time, the rate; a stage with nothing from a cache says none.
  const summaries = progress.filter((line) => / in \d+\.\d s, [\d,]+\/s/.test(line));
  expect(summaries).toEqual([
    expect.stringMatching(/^\[render\] 28 entries in \d+\.\d s, [\d,]+\/s$/),
    expect.stringMatching(/^\[cards\] 28 cards in \d+\.\d s, [\d,]+\/s(, \d+ from the cache)?$/),
    expect.stringMatching(/^\[KV writes\] \d+ values in \d+\.\d s, [\d,]+\/s$/),
  ]);
  expect(
    progress.filter((line) => !summaries.includes(line)).every((line) => /^\[(render|cards|KV writes)\] [\d,]+\/[\d,]+ /.test(line)),
  ).toBe(true);
  const entryLines = lines.filter((l) => /^written {3}\S+\.md → \S+$/.test(l));
  expect(entryLines).toHaveLength(26);
  expect(entryLines).toContain('written   guide-DSX.md → DSX');
  expect(lines).toContain('written   samples/start-race-element-minimized.bat');
  expect(lines.filter((l) => /^written {3}media\/guides-section\.png → \/media\/[0-9a-f]{64}\.png$/.test(l))).toHaveLength(1);
  expect(lines.filter((l) => /^cards {5}28 social card\(s\): wrote 28, 0 unchanged; drew \d+, \d+ from the cache$/.test(l))).toHaveLength(
    1,
  );
  // One line per image from another host without a copy, which the Worker fetches.
  const remote = lines.filter((l) => /^written {3}https:\/\/\S+ → \/media\/remote\/[0-9a-f]{64} \(fetched by the Worker\)$/.test(l));
  expect(remote).toHaveLength(imagesWithoutCopy(realContent).size);
  // The fixture's scheduled post and its two drafts each get a line of their own.
  expect(lines).toContain('scheduled news-far-launch.md → goes live 2099-06-01 12:00 UTC');
  expect(lines.filter((l) => /^draft {5}\S+\.md → \S+ \(not public\)$/.test(l))).toHaveLength(2);
  expect(lines).toHaveLength(26 + 1 + 2 + 1 + 1 + 1 + 1 + remote.length);
  expect(lines.at(-1)).toMatch(
    /^26 entries: wrote 26, 0 unchanged; 2 draft\(s\); 1 samples; 1 image\(s\); manifest v1 \(\d+ KB\); deleted 0 stale key\(s\)\.$/,
  );

  const again = await upload(stores.LOG, realContent);
  expect(again.lines.filter((l) => l.startsWith('unchanged '))).toHaveLength(28 + remote.length);
  expect(again.lines.at(-1)).toBe(
    '26 entries: wrote 0, 26 unchanged; 2 draft(s); 1 samples; 1 image(s); the site is unchanged (version 1); deleted 0 stale key(s).',
  );
});

test('drafts are stored, listed only as drafts, and printed with a signed preview link', async () => {
  const store = stores.LOG;
  const draft = { file: 'news-idea.md', source: md('title: Idea\nslug: idea\ndescription: d\ntype: news\ndate: 2026-01-01\ndraft: true') };
  const lines: string[] = [];
  const now = '2026-03-01T12:00:00.000Z';
  const outcome = await uploadContent({
    content: { files: [...realContent.files, draft], samples: realContent.samples, media: realContent.media },
    store,
    now,
    log: (line) => lines.push(line),
    preview: { origin: 'http://localhost:8787', secret: LOCAL_PREVIEW_SECRET, days: 7 },
  });
  const { plan } = succeeded(outcome);
  expect(plan.entries.map((e) => e.slug)).not.toContain('idea');
  expect(plan.manifest.entries.map((e) => e.slug)).not.toContain('idea');
  const idea = plan.manifest.drafts.find((e) => e.file === 'news-idea.md')!;
  expect([idea.slug, idea.type]).toEqual(['idea', 'news']);
  expect(await store.get(idea.key)).toContain('"slug":"idea"');
  const line = lines.find((l) => l.startsWith('draft     news-idea.md '))!;
  const match =
    /^draft {5}news-idea\.md → http:\/\/localhost:8787\/news\/idea\?preview=(\d+\.[\w-]+) \(not public; this link works until 2026-03-08 12:00 UTC\)$/.exec(
      line,
    );
  expect(match, line).not.toBeNull();
  expect(await verifyPreview(LOCAL_PREVIEW_SECRET, '/news/idea', match![1]!, new Date(now))).toEqual(new Date('2026-03-08T12:00:00Z'));
  expect(await verifyPreview(LOCAL_PREVIEW_SECRET, '/news/idea', match![1]!, new Date('2026-03-08T12:00:01Z'))).toBeNull();
  expect(lines.at(-1)).toMatch(/; 3 draft\(s\); 1 samples;/);

  const withoutSecret: string[] = [];
  await uploadContent({
    content: { files: [...realContent.files, draft], samples: realContent.samples, media: realContent.media },
    store,
    dryRun: true,
    log: (l) => withoutSecret.push(l),
    preview: {
      origin: 'https://race.elementfuture.com',
      secret: null,
      days: 7,
      missingSecret: 'set PREVIEW_SECRET to the Worker secret to print links',
    },
  });
  expect(withoutSecret).toContain('draft     news-idea.md: no preview link (set PREVIEW_SECRET to the Worker secret to print links)');
});
