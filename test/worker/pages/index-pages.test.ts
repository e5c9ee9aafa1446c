/**
 * Long indexes come a page at a time, so an index costs the same at 1,000 entries as at 20; lookups use the
 * per-manifest index. Synthetic entries, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Manifest } from '../../../contracts/kv-values.ts';
import type { PagePayload } from '../../../contracts/page-payload.ts';
import { readManifest } from '../../../scripts/content/kv/stored-records.ts';
import { uploadContent } from '../../../scripts/content/publish/upload.ts';
import { type LocalWorker, startLocalWorker } from '../../../tools/local-worker.ts';
import { syntheticContent } from '../../../tools/synthetic-content.ts';
import { parsePage } from '../../support/html.ts';

const SITE = 'https://race.elementfuture.com';
/** INDEX_PAGE_SIZE in client/loaders/entry-cards.ts, written out so a change to it is a visible test change. */
const INDEX_PAGE_SIZE = 20;
// 45 news posts and 45 guides: three pages of each (20, 20, 5).
const ENTRIES = 90;
let worker: LocalWorker;
let manifest: Manifest;

beforeAll(async () => {
  worker = await startLocalWorker({ assetsDir: null });
  // No social cards: indexes do not show them, and a fresh clone would draw one per entry (social-cards.test.ts tests cards).
  const outcome = await uploadContent({ content: syntheticContent(ENTRIES, { words: [30, 60] }), store: worker.store, cards: null });
  if (!outcome.ok) throw new Error('upload failed');
  manifest = (await readManifest(worker.store))!;
});
afterAll(() => worker?.dispose());

async function page(path: string) {
  const res = await worker.fetch(path, { redirect: 'manual' });
  const doc = parsePage(await res.text());
  const hrefs = doc.root.querySelectorAll('.entry-card-title a').map((a) => a.getAttribute('href'));
  const pager = (rel: string) => doc.root.querySelector(`.article-pager a[rel="${rel}"]`)?.getAttribute('href') ?? null;
  return { res, doc, hrefs, previous: pager('prev'), next: pager('next') };
}

const listed = (type: 'news' | 'guide') => manifest.entries.filter((e) => e.type === type).map((e) => `/${type}/${e.slug}`);

describe('index pages', () => {
  test('the first page of /news shows the newest cards and links to the next page only', async () => {
    const { res, doc, hrefs, previous, next } = await page('/news');
    expect(res.status).toBe(200);
    expect(hrefs).toEqual(listed('news').slice(0, INDEX_PAGE_SIZE));
    expect(previous).toBeNull();
    expect(next).toBe('/news?page=2');
    expect(doc.title).toBe('Race Element - News');
    expect(doc.canonical).toBe(`${SITE}/news`);
  });

  test('a middle and the last page of /guide, with their own title and canonical URL', async () => {
    const middle = await page('/guide?page=2');
    expect(middle.hrefs).toEqual(listed('guide').slice(INDEX_PAGE_SIZE, 2 * INDEX_PAGE_SIZE));
    expect([middle.previous, middle.next]).toEqual(['/guide', '/guide?page=3']);
    expect(middle.doc.title).toBe('Race Element - Guides, page 2');
    expect(middle.doc.canonical).toBe(`${SITE}/guide?page=2`);
    expect(middle.doc.root.querySelector('h1')?.textContent).toBe('Guides, page 2');

    const last = await page('/guide?page=3');
    expect(last.hrefs).toEqual(listed('guide').slice(2 * INDEX_PAGE_SIZE));
    expect([last.previous, last.next]).toEqual(['/guide?page=2', null]);
  });

  test.each(['/news?page=4', '/news?page=0', '/news?page=-1', '/news?page=2.5', '/news?page=abc', '/guide?page=99999999'])(
    '%s answers 404',
    async (path) => {
      const { res, doc } = await page(path);
      expect(res.status).toBe(404);
      expect(doc.root.querySelector('h1')?.textContent).toBe('No such page');
    },
  );

  test('the page-data API answers the same page with its pager', async () => {
    const res = await worker.fetch('/api/_analog/pages/news?page=3');
    const { data } = (await res.json()) as PagePayload;
    expect(data).toMatchObject({ kind: 'newsIndex', pager: { page: 3, pageCount: 3, previous: '/news?page=2', next: null } });
    if (data.kind !== 'newsIndex') throw new Error(data.kind);
    expect(data.entries.map((e) => e.href)).toEqual(listed('news').slice(2 * INDEX_PAGE_SIZE));
  });

  test('an index that fits one page has no pager', async () => {
    const fresh = await startLocalWorker({ assetsDir: null });
    try {
      await uploadContent({ content: syntheticContent(6, { words: [30, 60] }), store: fresh.store, cards: null });
      const res = await fresh.fetch('/news');
      const doc = parsePage(await res.text());
      expect(doc.root.querySelectorAll('.entry-card')).toHaveLength(3);
      expect(doc.root.querySelector('.article-pager')).toBeNull();
    } finally {
      await fresh.dispose();
    }
  });
});

describe('articles among many entries', () => {
  test('previous and next follow the list order, across index pages', async () => {
    const news = listed('news');
    const at = INDEX_PAGE_SIZE; // the first card of page 2
    const { doc } = await page(news[at]!);
    expect(doc.root.querySelector('.pager-prev a')?.getAttribute('href')).toBe(news[at - 1]);
    expect(doc.root.querySelector('.pager-next a')?.getAttribute('href')).toBe(news[at + 1]);
  });

  test('a slug in another case and the file name still redirect to the canonical URL', async () => {
    const entry = manifest.entries.find((e) => e.type === 'guide')!;
    const upper = await worker.fetch(`/guide/${entry.slug.toUpperCase()}`, { redirect: 'manual' });
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe(`/guide/${entry.slug}`);
    const byFile = await worker.fetch(`/guide/${entry.file.replace(/\.md$/, '')}`, { redirect: 'manual' });
    expect(byFile.status).toBe(301);
    expect(byFile.headers.get('location')).toBe(`/guide/${entry.slug}`);
  });
});
