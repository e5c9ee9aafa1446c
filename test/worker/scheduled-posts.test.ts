/**
 * A scheduled news post is stored but hidden until its time, then appears everywhere without a second
 * upload. Real upload, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../contracts/kv-keys.ts';
import type { Manifest } from '../../contracts/kv-values.ts';
import { uploadContent } from '../../scripts/content/publish/upload.ts';
import { type LocalWorker, startLocalWorker } from '../../tools/local-worker.ts';
import { loadFixtureSite } from '../support/fixture-site.ts';
import { runRenderCache } from '../support/run-render-cache.ts';

/** Time between the end of the upload and the post's go-live: the "before" checks run in it. */
const LEAD_MS = 12_000;
/** A word no published article holds, to search for. */
const WORD = 'Quokkalaunch';
const SLUG = 'launch-day';
const FILE = 'news-launch-day.md';
const PUBLIC_PATHS = ['/', '/news', '/news/feed.xml', '/sitemap.xml', '/llms.txt', `/search?q=${WORD}`];

let worker: LocalWorker;
let goLive: number;
let lines: string[];

beforeAll(async () => {
  worker = await startLocalWorker({ bindings: { MANIFEST_TTL_SECONDS: '0' } });
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
  // The first upload warms the renderer, so the second one is quick.
  await upload([]);
  goLive = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
  const date = new Date(goLive).toISOString();
  await upload([
    {
      file: FILE,
      source: `---\ntitle: Launch day\nslug: ${SLUG}\ndescription: It is out\ntype: news\ndate: ${date}\n---\n# Out now\n\n${WORD} has launched.\n`,
    },
  ]);
  if (Date.now() > goLive - 4_000) throw new Error(`the upload took too long: less than 4 s were left before ${date} for the checks`);
}, 120_000);
afterAll(() => worker?.dispose());

async function get(path: string) {
  const res = await worker.fetch(path, { redirect: 'manual' });
  return { res, text: await res.text() };
}

async function countHit(path: string): Promise<number> {
  const page = await worker.fetch('/api/_analog/xsrf-token');
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
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
    const manifest = JSON.parse((await worker.kv.get(MANIFEST_KEY))!) as Manifest;
    const stored = manifest.entries.find((e) => e.slug === SLUG);
    expect(stored?.publishAt).toBe(at);
    expect(stored?.date).toBe(at.slice(0, 10));
  });

  test('is nowhere public before its time, then everywhere after it, without another upload', async () => {
    expect(Date.now()).toBeLessThan(goLive);
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
    expect(Date.now(), 'the checks above ran before the post went live').toBeLessThan(goLive);

    await new Promise((resolve) => setTimeout(resolve, goLive - Date.now() + 200));

    const page = await get(`/news/${SLUG}`);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain(WORD);
    expect((await get(`/news/${SLUG}.md`)).res.status).toBe(200);
    for (const path of PUBLIC_PATHS) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(text, path).toContain(`/news/${SLUG}`);
    }
    const found = (await (await worker.fetch(`/api/_analog/search?q=${WORD}`)).json()) as { results: { href: string }[] };
    expect(found.results.map((r) => r.href)).toEqual([`/news/${SLUG}`]);
    // Newest news first: the feed's first entry, published at its time.
    const feed = (await get('/news/feed.xml')).text;
    expect(feed.indexOf(`/news/${SLUG}`)).toBeLessThan(feed.indexOf('/news/2023-04-29-signpath'));
    expect(feed).toContain(`<published>${new Date(goLive).toISOString()}</published>`);
    expect(await countHit(`/news/${SLUG}`)).toBe(204);
  }, 60_000);
});
