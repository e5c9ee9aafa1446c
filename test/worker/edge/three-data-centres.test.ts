/**
 * Three data centres, each a workerd with its own cache tiers and its own lagging view of one KV namespace, a purge
 * reaching all: a publish shows everywhere and never goes back, even when its upload stops right after the manifest;
 * previews and private pages are never cached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { articlePath } from '../../../contracts/routes.ts';
import { takePublishLock } from '../../../scripts/content/publish/publish-lock.ts';
import { type UploadOptions, uploadContent } from '../../../scripts/content/publish/upload.ts';
import type { ContentFolder } from '../../../scripts/content/source/load-content.ts';
import { createEdgeNetwork, type DataCentre, type EdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';
import { httpOrigin, startEdgeServer } from '../../../tools/edge-cache/edge-server.ts';
import { type LaggingKv, laggingKv } from '../../../tools/lagging-kv.ts';
import { type LocalWorker, ORIGIN, startLocalWorker } from '../../../tools/local-worker.ts';
import { type LoopbackServer, listenOnLoopback } from '../../../tools/loopback-server.ts';
import { loadFixtureSite } from '../../support/fixture-site.ts';
import { runRenderCache } from '../../support/run-render-cache.ts';

const DCS = ['a', 'b', 'c'] as const;
type Dc = (typeof DCS)[number];
/** After data centre A, B and C see each write this late: KV's propagation, scaled down. */
const LAGS_MS = { b: 500, c: 1_500 };
/** Each isolate's manifest memo. */
const MEMO_SECONDS = 1;
/**
 * The Worker's purges after the first (PURGE_AGAIN_SECONDS), as PURGES_AGAIN but scaled down: the manifest past the
 * biggest lag with a margin, when every data centre reads the new one; the pages once the memo of the old one has run out.
 */
const PURGE_AGAIN_SECONDS = `4 ${4 + MEMO_SECONDS + 1}`;
const SECRET = 'test-publish-secret';
const PREVIEW_SECRET = 'test-preview-secret';
const PREVIEW_NAME = 'pr-3';

/** The article the publishes change, and a word only each edition of its text holds. */
const ARTICLE = articlePath('news', '2023-04-29-signpath');
const EDITIONS = { old: 'Ashgrove', new: 'Birchmoor', preview: 'Cedarfell', last: 'Dunmere' } as const;
type Edition = keyof typeof EDITIONS;
/** Part of the fixture site, with a draft: pages no step looks at would only add time. */
const SITE_FILES = ['news-signpath.md', 'news-far-launch.md', 'guide-get-started.md', 'features.md', 'news-secret-plans.md'];

const renderCache = runRenderCache();
let folder: string;
let fixture: ContentFolder;
let workers: LocalWorker[] = [];
let networks: EdgeNetwork[] = [];
let dataCentres: Record<Dc, DataCentre>;
let front: LoopbackServer;
let kv: LaggingKv;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'three-dcs-'));
  const bindings = { MANIFEST_TTL_SECONDS: String(MEMO_SECONDS), PUBLISH_SECRET: SECRET, PREVIEW_SECRET, PURGE_AGAIN_SECONDS };
  [fixture, workers] = await Promise.all([
    loadFixtureSite(),
    Promise.all(
      DCS.map((dc, i) =>
        startLocalWorker({
          kvPersist: join(folder, dc),
          listen: true,
          bindings,
          edgePurge: (request) => networks[i]!.purgeRequest(request),
        }),
      ),
    ),
  ]);
  // Workers Cache's purge is global: what one data centre's Worker purged, every one's tiers forget.
  networks = workers.map(({ url }) =>
    createEdgeNetwork({
      origin: httpOrigin({ hostname: url.hostname, port: Number(url.port) }),
      onPurge: (tags) => {
        for (const network of networks) network.purge(tags);
      },
    }),
  );
  dataCentres = { a: networks[0]!.dataCentre('a'), b: networks[1]!.dataCentre('b'), c: networks[2]!.dataCentre('c') };
  front = await startEdgeServer(dataCentres.a);
  const [a, b, c] = workers.map((worker) => worker.store);
  kv = laggingKv(a!, [
    { store: b!, lagMs: LAGS_MS.b },
    { store: c!, lagMs: LAGS_MS.c },
  ]);
});
afterAll(async () => {
  await front?.close();
  await Promise.all(workers.map((worker) => worker.dispose()));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The fixture's part, the article ending with the word of `edition`. */
function site(edition: Edition): ContentFolder {
  const files = fixture.files
    .filter((f) => SITE_FILES.includes(f.file))
    .map((f) => (f.file === 'news-signpath.md' ? { ...f, source: `${f.source}\n\nEdition ${EDITIONS[edition]}.\n` } : f));
  return { ...fixture, files };
}

/** An upload of `edition` through data centre A's front (its lock, its purge route), to the lagging KV. */
async function publish(edition: Edition, options: Partial<UploadOptions> = {}) {
  const lines: string[] = [];
  const outcome = await uploadContent({
    content: site(edition),
    store: kv.store,
    renderCache,
    cards: null,
    diagrams: null,
    log: (line) => lines.push(line),
    lock: () => takePublishLock({ origin: front.url.href, secret: SECRET, namespace: 'three-dcs' }),
    preview: { origin: null, secret: PREVIEW_SECRET, days: 7 },
    ...options,
  });
  if (!outcome.ok) throw new Error(`upload failed: ${JSON.stringify(outcome.problems)}`);
  return { outcome, lines };
}

/** A visitor's request at a data centre: what a test looks at of the answer. */
async function get(dc: Dc, path: string, headers: Record<string, string> = {}) {
  const res = await dataCentres[dc].fetch(new Request(new URL(path, ORIGIN), { headers }));
  const text = await res.text();
  const edition = (Object.keys(EDITIONS) as Edition[]).find((e) => text.includes(EDITIONS[e])) ?? null;
  const [cache, etag, cacheControl] = ['cf-cache-status', 'etag', 'cache-control'].map((name) => res.headers.get(name));
  return { status: res.status, cache, etag, cacheControl, edition, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

let draftLink: string;

test('after a first publish and its replication, the article answers 200 at every data centre, then a HIT with the same ETag', async () => {
  const { lines } = await publish('old');
  draftLink = lines.map((line) => /^draft {5}news-secret-plans\.md → (\S+) \(not public;/.exec(line)?.[1]).find(Boolean)!;
  await kv.replicated();
  for (const dc of DCS) {
    const first = await get(dc, ARTICLE);
    expect(first, dc).toMatchObject({ status: 200, edition: 'old', etag: expect.any(String) });
    expect(await get(dc, ARTICLE), dc).toMatchObject({ status: 200, edition: 'old', cache: 'HIT', etag: first.etag });
  }
});

test('a publish of a new text, watched at every data centre: each goes from old to new once, and all are new once the Worker’s last purge ran', async () => {
  type Sample = Awaited<ReturnType<typeof get>> & { dc: Dc; sent: number };
  const seen: Sample[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      await Promise.all(DCS.map(async (dc) => seen.push({ dc, sent: performance.now(), ...(await get(dc, ARTICLE)) })));
      await sleep(100);
    }
  })();
  const sentBy = (dc: Dc, since: number) => seen.some((s) => s.dc === dc && s.sent >= since);
  await vi.waitFor(() => expect(DCS.filter((dc) => sentBy(dc, 0))).toEqual(DCS), { timeout: 60_000 });
  const { outcome } = await publish('new');
  // The upload returns at once; data centre A's Worker purges again later, its last purge reaching every tier.
  const last = outcome.purge!.followUps.at(-1)!;
  await vi.waitFor(() => expect(networks[0]!.purges.filter((p) => p.at >= last && p.result.success)).toHaveLength(2), { timeout: 60_000 });
  const purgedAgain = performance.now();
  await kv.replicated();
  // The next answer at each data centre once both happened.
  await vi.waitFor(() => expect(DCS.filter((dc) => sentBy(dc, purgedAgain))).toEqual(DCS), { timeout: 60_000 });
  watching = false;
  await watch;

  expect(seen.filter((s) => s.status !== 200)).toEqual([]);
  for (const dc of DCS) {
    const editions = seen.filter((s) => s.dc === dc).map((s) => s.edition);
    const old = editions.filter((e) => e === 'old').length;
    expect(old, dc).toBeGreaterThan(0);
    // Old until the first new, new from then on.
    expect(editions, dc).toEqual([...Array(old).fill('old'), ...Array(editions.length - old).fill('new')]);
  }
  expect(seen.filter((s) => s.sent >= purgedAgain && s.edition !== 'new')).toEqual([]);
});

describe('a whole-site preview upload', () => {
  /** The public article's ETag at each data centre before the preview upload. */
  const before = new Map<Dc, string | null | undefined>();
  let previewUrl: string;
  beforeAll(async () => {
    for (const dc of DCS) {
      const page = await get(dc, ARTICLE);
      expect(page, dc).toMatchObject({ status: 200, edition: 'new', cache: 'HIT' });
      before.set(dc, page.etag);
    }
    const { outcome } = await publish('preview', { previewName: PREVIEW_NAME });
    previewUrl = outcome.preview!.url;
    await kv.replicated();
  });

  test('leaves a visitor’s page as it was: at every data centre a HIT with the same ETag', async () => {
    for (const dc of DCS)
      expect(await get(dc, ARTICLE), dc).toMatchObject({ status: 200, edition: 'new', cache: 'HIT', etag: before.get(dc) });
  });

  test('a session’s pages, under its own path, are the preview’s, private and never a HIT; the public page right after is the public HIT', async () => {
    const dc = 'b';
    const start = await get(dc, previewUrl);
    expect(start).toMatchObject({ status: 303, cookie: expect.stringMatching(/^site-preview=./) });
    for (const round of [1, 2]) {
      const page = await get(dc, `/_preview/${PREVIEW_NAME}${ARTICLE}`, { Cookie: start.cookie! });
      expect(page, `round ${round}`).toMatchObject({ status: 200, edition: 'preview', cacheControl: 'private, no-store' });
      expect(page.cache, `round ${round}`).not.toBe('HIT');
    }
    expect(await get(dc, ARTICLE)).toMatchObject({ status: 200, edition: 'new', cache: 'HIT', etag: before.get(dc) });
  });
});

test('a draft’s preview link and the analytics page are never a HIT at a data centre', async () => {
  expect(draftLink).toMatch(/^\/news\/secret-plans\?preview=/);
  for (const [path, cacheControl] of [
    [draftLink, 'private, no-store'],
    ['/analytics', 'no-store'],
  ] as const)
    for (const round of [1, 2]) {
      const page = await get('c', path);
      expect(page, `${path}, round ${round}`).toMatchObject({ status: 200, cacheControl });
      expect(page.cache, `${path}, round ${round}`).not.toBe('HIT');
    }
});

test('an upload stopped right after its manifest write (its purge never asked): every data centre is new once the Worker’s follow-ups ran', async () => {
  for (const dc of DCS) expect(await get(dc, ARTICLE), dc).toMatchObject({ status: 200, edition: 'new', cache: 'HIT' });
  // The lock is taken as usual (its commit hands the Worker the tags), but the purge request goes nowhere.
  const gone = await listenOnLoopback(createServer());
  await gone.close();
  const lock = async () => {
    const held = await takePublishLock({ origin: front.url.href, secret: SECRET, namespace: 'three-dcs' });
    return { ...held, worker: { ...held.worker, origin: gone.url.href } };
  };
  await expect(publish('last', { lock })).rejects.toThrow(
    /^cache purge: POST \S+ failed \(.+\)\. Version \d+ is live, but the cache in front of the Worker may still serve pages from before it: `npm run upload -- --purge` purges them; the stale keys stay until the next upload\.$/,
  );
  await kv.replicated();
  // Cached for a day otherwise: only the Worker's own purges, queued at the commit, make the pages new.
  await vi.waitFor(
    async () => {
      for (const dc of DCS) expect(await get(dc, ARTICLE), dc).toMatchObject({ status: 200, edition: 'last' });
    },
    { timeout: 60_000, interval: 250 },
  );
  expect(networks[0]!.purges.filter((p) => !p.result.success)).toEqual([]);
});
