/**
 * A scheduled news post is stored but hidden until its time, then appears everywhere without a second
 * upload. Real upload, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import { kvStoreFromBinding } from '../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../scripts/content/kv/stored-records.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { runRenderCache } from '../support/run-render-cache.ts';

/**
 * Two scheduled posts in one upload: one goes live tomorrow, so every "before" check holds however long the test
 * takes; the other goes live seconds after the upload starts, and the test waits for it to appear by itself.
 */
const LATER = { slug: 'launch-day', file: 'news-launch-day.md', word: 'Quokkalaunch', inMs: 86_400_000 };
const SOON = { slug: 'launch-soon', file: 'news-launch-soon.md', word: 'Wombatlaunch', inMs: 5_000 };
const SLUG = LATER.slug;
const FILE = LATER.file;
const WORD = LATER.word;
const PUBLIC_PATHS = ['/', '/news', '/news/feed.xml', '/sitemap.xml', '/llms.txt', `/search?q=${WORD}`];

let worker: LocalWorker;
/** When each post goes live, ms since the epoch, whole seconds. */
let goLive: number;
let soonLive: number;
let lines: string[];

beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null, bindings: { MANIFEST_TTL_SECONDS: '0' } });
  // A few files keep the upload short, so the post's time can be close after it.
  const content = await loadFixtureSite();
  const files = content.files.filter((f) => ['guide-get-started.md', 'news-signpath.md', 'features.md'].includes(f.file));
  const upload = async (extra: { file: string; source: string }[]) => {
    lines = [];
    const outcome = await uploadContent({
      renderCache: runRenderCache(),
      content: { files: [...files, ...extra], samples: content.samples, media: content.media },
      store: worker.store,
      log: (line) => lines.push(line),
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  };
  const post = ({ slug, file, word }: typeof LATER, at: number) => ({
    file,
    source: `---\ntitle: Launch ${word}\nslug: ${slug}\ndescription: It is out\ntype: news\ndate: ${new Date(at).toISOString()}\n---\n# Out now\n\n${word} has launched.\n`,
  });
  const at = (inMs: number) => Math.ceil((Date.now() + inMs) / 1000) * 1000;
  goLive = at(LATER.inMs);
  soonLive = at(SOON.inMs);
  await upload([post(LATER, goLive), post(SOON, soonLive)]);
});
afterAll(() => worker?.dispose());

async function get(path: string) {
  const res = await worker.fetch(path, { redirect: 'manual' });
  return { res, text: await res.text() };
}

async function countHit(path: string): Promise<number> {
  const { token: cookie } = (await (await worker.fetch('/api/_analog/analytics/xsrf-token')).json()) as { token: string };
  const hit = await worker.fetch('/api/_analog/analytics/hits', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${cookie}`, 'X-XSRF-TOKEN': cookie },
    body: JSON.stringify({ path }),
  });
  await hit.arrayBuffer();
  return hit.status;
}

describe('scheduled post', () => {
  test('the upload says it is scheduled and when it goes live; the manifest keeps it with publishAt', async () => {
    const at = new Date(goLive).toISOString();
    expect(lines).toContain(`scheduled ${FILE} → goes live ${at.slice(0, 10)} ${at.slice(11, 16)} UTC`);
    const manifest = (await readManifest(kvStoreFromBinding(worker.kv)))!;
    const stored = manifest.entries.find((e) => e.slug === SLUG);
    expect(stored?.publishAt).toBe(at);
    expect(stored?.date).toBe(at.slice(0, 10));
  });

  test('is nowhere public before its time', async () => {
    // Its piece is stored from the upload, and the root names it as scheduled: its time decides.
    const manifest = (await readManifest(kvStoreFromBinding(worker.kv)))!;
    expect(await worker.kv.get(manifest.entries.find((e) => e.slug === SLUG)!.key)).toContain(SLUG);
    expect(JSON.parse((await worker.kv.get(MANIFEST_KEY))!).scheduled).toContainEqual({
      path: `/news/${SLUG}`,
      publishAt: new Date(goLive).toISOString(),
    });
    expect((await get(`/news/${SLUG}`)).res.status).toBe(404);
    expect((await get(`/news/${SLUG}.md`)).res.status).toBe(404);
    expect((await get(`/api/_analog/pages/news/${SLUG}`)).res.status).toBe(404);
    expect((await get('/news/news-launch-day')).res.status).toBe(404);
    for (const path of PUBLIC_PATHS) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(text, path).not.toContain(`/news/${SLUG}`);
    }
    const search = (await (await worker.fetch(`/api/_analog/search?q=${WORD}`)).json()) as { results: { href: string }[] };
    expect(search.results).toEqual([]);
    // The 404 page's suggestions for a near miss do not name it.
    const near = await get('/news/launch-dey');
    expect(near.res.status).toBe(404);
    expect(near.text).not.toContain(`/news/${SLUG}`);
    expect(await countHit(`/news/${SLUG}`)).toBe(404);
  });

  test('is everywhere public once its time has come, without another upload', async () => {
    const path = `/news/${SOON.slug}`;
    await expect.poll(async () => (await get(path)).res.status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(soonLive);
    expect((await get(path)).text).toContain(SOON.word);
    expect((await get(`${path}.md`)).res.status).toBe(200);
    for (const listing of PUBLIC_PATHS.map((p) => p.replace(WORD, SOON.word))) {
      const { res, text } = await get(listing);
      expect(res.status, listing).toBe(200);
      expect(text, listing).toContain(path);
    }
    const found = (await (await worker.fetch(`/api/_analog/search?q=${SOON.word}`)).json()) as { results: { href: string }[] };
    expect(found.results.map((r) => r.href)).toEqual([path]);
    // Newest news first: the feed's first entry, published at its time.
    const feed = (await get('/news/feed.xml')).text;
    expect(feed.indexOf(path)).toBeLessThan(feed.indexOf('/news/2023-04-29-signpath'));
    expect(feed).toContain(`<published>${new Date(soonLive).toISOString()}</published>`);
    expect(await countHit(path)).toBe(204);
  });

  test('the cache in front of the Worker keeps no public response past the next go-live, not even stale', async () => {
    await expect.poll(async () => (await get(`/news/${SOON.slug}`)).res.status).toBe(200);
    const paths = [
      ...PUBLIC_PATHS,
      `/news/${SOON.slug}`,
      '/guide/how-to-get-started',
      '/api/_analog/pages/news',
      `/api/_analog/search?q=${WORD}`,
    ];
    for (const path of paths) {
      const asked = Date.now();
      const { res } = await get(path);
      // The next one is LATER, less than a day away: fresh at most until then, and no stale-while-revalidate past it.
      const maxAge = Number(/^max-age=(\d+), stale-if-error=604800$/.exec(res.headers.get('cloudflare-cdn-cache-control') ?? '')?.[1]);
      expect(maxAge, path).toBeGreaterThan(0);
      expect(maxAge, path).toBeLessThanOrEqual(Math.ceil((goLive - asked) / 1000));
    }
  });
});
