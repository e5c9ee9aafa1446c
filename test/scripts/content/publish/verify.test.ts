/**
 * `npm run upload -- --verify` names every deleted or spoilt key the manifest names (entries, samples, index,
 * media, cards, remote images). Real upload through the SDK to the contract server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cardKey, MANIFEST_KEY } from '../../../../contracts/kv-keys.ts';
import type { Manifest } from '../../../../contracts/kv-values.ts';
import { type CloudflareKvStore, openCloudflareKvStore } from '../../../../scripts/content/kv/cloudflare-kv-store.ts';
import { readManifest } from '../../../../scripts/content/kv/stored-records.ts';
import { namedKeys } from '../../../../scripts/content/publish/named-keys.ts';
import { uploadContent } from '../../../../scripts/content/publish/upload.ts';
import { verifyPublished } from '../../../../scripts/content/publish/verify.ts';
import type { ContentFolder } from '../../../../scripts/content/source/load-content.ts';
import { type CloudflareKvApi, startKvApi } from '../../../support/cloudflare-kv-api.ts';
import { gradientPng } from '../../../support/images.ts';

const REMOTE = 'https://images.example.test/lap.png';
const content: ContentFolder = {
  files: [
    {
      file: 'guide-pit-stops.md',
      source: `---\ntitle: Pit stops\nslug: pit-stops\ndescription: When to pit\ntype: guide\n---\nA stop.\n\n![The pit lane](media/pit.png)\n\n![A lap](${REMOTE})\n\n\`\`\`sample\nstrategy.ini\n\`\`\`\n`,
    },
    {
      file: 'news-season.md',
      source: '---\ntitle: Season\nslug: season\ndescription: A new season\ntype: news\ndate: 2026-01-05\n---\nIt starts.\n',
    },
  ],
  samples: [{ path: 'strategy.ini', content: '[pit]\nlap=12\n' }],
  media: [{ name: 'pit.png', bytes: await gradientPng(320, 200) }],
};

let api: CloudflareKvApi;
let store: CloudflareKvStore;
let manifest: Manifest;
beforeAll(async () => {
  api = await startKvApi({ accountId: 'acc', namespaces: ['ns'], tokens: { token: 'write' } });
  store = await openCloudflareKvStore({ accountId: 'acc', namespaceId: 'ns', apiToken: 'token', baseURL: api.baseURL, writeIntervalMs: 0 });
  const outcome = await uploadContent({ content, store, now: '2026-01-06T10:00:00.000Z', diagrams: null });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  manifest = (await readManifest(store))!;
});
afterAll(() => api?.close());

const verify = async () => {
  const lines: string[] = [];
  const before = store.requests().total;
  const outcome = await verifyPublished(store, (line) => lines.push(line));
  return { outcome, lines, requests: store.requests().total - before };
};

test('the manifest names images, both cards and the image from another host, and verify checks them all', async () => {
  const cards = manifest.entries.map((e) => e.card);
  expect(cards.every((card) => card !== undefined)).toBe(true);
  const keys = namedKeys(manifest);
  const remote = keys.filter((key) => key.startsWith('media/remote/'));
  expect(remote).toHaveLength(1);
  // One image of media/ (its AVIF, its WebP and itself) and two cards: bytes, looked for in one key list.
  expect(keys.filter((key) => key.startsWith('media/') && !key.startsWith('media/remote/'))).toHaveLength(5);

  const { outcome, lines, requests } = await verify();
  expect(outcome).toMatchObject({ ok: true, entries: 2, problems: [] });
  expect(lines).toEqual(['all 2 entries verified (manifest v1, 1 samples, search index, 5 images and cards, 1 images from other hosts)']);
  // The root, its version's history record, one key list of media/, one bulk read of the text values.
  expect(requests).toBe(4);
});

test('a deleted image, a deleted card and a spoilt image from another host are each named', async () => {
  const guide = manifest.entries.find((e) => e.file === 'guide-pit-stops.md')!;
  const card = cardKey(guide.card!);
  const image = manifest.media!.find(
    (key) => !key.startsWith('media/remote/') && key !== card && !manifest.entries.some((e) => e.card && cardKey(e.card) === key),
  )!;
  const remote = manifest.media!.find((key) => key.startsWith('media/remote/'))!;
  await store.deleteMany([image, card]);
  await store.put(remote, '{"url": "javascript:alert(1)"}');

  const { outcome, lines } = await verify();
  expect(outcome.ok).toBe(false);
  expect(lines.slice(0, -1).sort()).toEqual(
    [
      `${image} (image): missing from KV`,
      `guide-pit-stops.md/pit-stops/${card} (social card): missing from KV`,
      `${remote} (image from another host): the image from another host is malformed at url: an http(s) URL`,
    ].sort(),
  );
  expect(lines.at(-1)).toBe('3 problem(s) in manifest v1');
});

test("a card the manifest's media list leaves out is still checked (and kept by clean-ups)", async () => {
  const news = manifest.entries.find((e) => e.file === 'news-season.md')!;
  const card = cardKey(news.card!);
  const handMade: Manifest = { ...manifest, media: manifest.media!.filter((key) => key !== card) };
  expect(namedKeys(handMade)).toContain(card);
  await store.put(MANIFEST_KEY, JSON.stringify(handMade));
  await store.delete(card);
  const { lines } = await verify();
  expect(lines).toContain(`news-season.md/season/${card} (social card): missing from KV`);
});
