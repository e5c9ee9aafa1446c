/**
 * Article pages' extras (reading time, neighbours, edit link, last updated, contents, anchors) and the
 * helpful 404. Real upload, workerd.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MANIFEST_KEY } from '../../../contracts/kv-keys.ts';
import type { Manifest, StoredEntry } from '../../../contracts/kv-values.ts';
import type { PagePayload } from '../../../contracts/page-payload.ts';
import { kvStoreFromBinding } from '../../../scripts/content/kv/kv-store.ts';
import { readManifest } from '../../../scripts/content/kv/stored-records.ts';
import type { LocalWorker } from '../../../tools/local-worker.ts';
import { parsePage } from '../../support/html.ts';
import { startPublishedWorker } from '../../support/worker-runtime.ts';

const EDIT_BASE = 'https://github.com/RiddleTime/Race-Element/edit/master/src/content/';
let worker: LocalWorker;
let manifest: Manifest;

/**
 * Last edits as the upload finds them in git history (test/scripts/content/source/file-history.test.ts), set
 * here so the pages' answers do not depend on this checkout's history: a guide edited late in
 * the evening west of UTC (its day is the author's, not UTC's), a news post edited after its
 * date, and pages never edited since they were added.
 */
const LAST_EDITS: Record<string, string | null> = {
  'multi-sim': '2025-03-05T23:30:00-03:00',
  'race-element-2-released': '2025-01-10T10:00:00+00:00',
  sponsor: null,
  '2023-04-29-signpath': null,
};

beforeAll(async () => {
  worker = await startPublishedWorker({ assetsDir: null });
  const published = (await readManifest(kvStoreFromBinding(worker.kv)))!;
  manifest = { ...published, entries: published.entries.map((e) => (e.slug in LAST_EDITS ? { ...e, updated: LAST_EDITS[e.slug]! } : e)) };
  // Before any request, so no isolate holds the uploaded manifest.
  await worker.kv.put(MANIFEST_KEY, JSON.stringify(manifest));
});
afterAll(() => worker?.dispose());

async function page(path: string) {
  const res = await worker.fetch(path, { redirect: 'manual' });
  const html = await res.text();
  return { res, doc: parsePage(html) };
}

const entryBySlug = (slug: string) => {
  const entry = manifest.entries.find((e) => e.slug === slug);
  if (!entry) throw new Error(`no entry ${slug}`);
  return entry;
};
const stored = async (slug: string) => JSON.parse((await worker.kv.get(entryBySlug(slug).key)) ?? '') as StoredEntry;

describe('reading time', () => {
  test.each(['/guide/multi-sim', '/news/race-element-2-released', '/guide/features'])(
    '%s shows "N min read" from the stored entry',
    async (path) => {
      const { doc } = await page(path);
      const minutes = (await stored(path.split('/')[2]!)).readingMinutes;
      expect(minutes).toBeGreaterThanOrEqual(1);
      expect(doc.root.querySelector('.article-header .reading-time')?.textContent).toBe(`${minutes} min read`);
    },
  );

  test('a news article keeps its date first in the header', async () => {
    const { doc } = await page('/news/race-element-2-released');
    expect(doc.root.querySelector('.article-header time')?.textContent).toBe('September 24, 2024');
    expect(doc.root.querySelector('.article-meta')?.textContent).toMatch(/^September 24, 2024\d+ min read$/);
  });
});

describe('previous and next', () => {
  const pager = async (path: string) => {
    const { doc } = await page(path);
    const nav = doc.root.querySelector('nav.article-pager');
    const link = (rel: string) => {
      const a = nav?.querySelector(`a[rel="${rel}"]`);
      return a
        ? {
            href: a.getAttribute('href'),
            label: a.querySelector('.pager-label')?.textContent,
            title: a.querySelector('.pager-title')?.textContent,
          }
        : null;
    };
    return { nav, previous: link('prev'), next: link('next') };
  };

  test('guides link their neighbours in the guide index order; the first has no previous, the last no next', async () => {
    const { doc } = await page('/guide');
    const order = doc.root.querySelectorAll('.entry-card-title a').map((a) => [a.getAttribute('href')!, a.textContent] as const);
    expect(order.length).toBeGreaterThan(2);
    for (const [i, [href]] of order.entries()) {
      const { nav, previous, next } = await pager(href);
      expect(nav?.getAttribute('aria-label')).toBe('More articles');
      const before = order[i - 1];
      const after = order[i + 1];
      expect(previous, href).toEqual(before ? { href: before[0], label: 'Previous: ', title: before[1] } : null);
      expect(next, href).toEqual(after ? { href: after[0], label: 'Next: ', title: after[1] } : null);
    }
  });

  test('news: "Newer" and "Older" in the news index order (newest first)', async () => {
    const { doc } = await page('/news');
    const order = doc.root.querySelectorAll('.entry-card-title a').map((a) => a.getAttribute('href')!);
    const newest = await pager(order[0]!);
    expect(newest.previous).toBeNull();
    expect(newest.next).toMatchObject({ href: order[1], label: 'Older: ' });
    const middle = await pager(order[1]!);
    expect(middle.previous).toMatchObject({ href: order[0], label: 'Newer: ' });
    expect(middle.next).toMatchObject({ href: order[2], label: 'Older: ' });
    const oldest = await pager(order.at(-1)!);
    expect(oldest.previous).toMatchObject({ href: order.at(-2), label: 'Newer: ' });
    expect(oldest.next).toBeNull();
    expect(order.at(-1)).toBe('/news/2022-04-25-official-posts');
  });

  test('untyped pages (features, sponsor) have none', async () => {
    for (const path of ['/guide/features', '/guide/sponsor']) {
      const { nav } = await pager(path);
      expect(nav, path).toBeNull();
    }
  });
});

describe('edit link', () => {
  test.each([
    ['/guide/how-to-get-started', 'guide/guide-get-started.md'],
    ['/guide/DSX', 'guide/guide-DSX.md'],
    ['/news/race-element-2-released', 'news/version-2-released.md'],
    ['/guide/features', 'guide/features.md'],
  ])('%s links to %s in the source repository, in a new tab', async (path, file) => {
    const { doc } = await page(path);
    const link = doc.root.querySelectorAll('.article-footer a').find((a) => a.textContent.startsWith('Edit this page'));
    expect(link?.getAttribute('href')).toBe(`${EDIT_BASE}${file}`);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });
});

describe('last updated', () => {
  test.each([
    ['/guide/multi-sim', '2025-03-05', 'March 5, 2025'],
    ['/news/race-element-2-released', '2025-01-10', 'January 10, 2025'],
  ])('%s shows the day of its last edit, as its author saw it', async (path, day, text) => {
    const { doc } = await page(path);
    const time = doc.root.querySelector('.article-footer time');
    expect(time?.getAttribute('datetime')).toBe(day);
    expect(time?.parentNode?.textContent).toBe(`Last updated ${text}`);
  });

  test.each(['/guide/sponsor', '/news/2023-04-29-signpath'])('%s, never edited after its publication, shows none', async (path) => {
    const { doc } = await page(path);
    expect(doc.root.querySelector('.article-footer time')).toBeNull();
    expect(doc.root.querySelector('.article-footer')?.textContent).not.toContain('Last updated');
  });
});

describe('table of contents and heading anchors', () => {
  test('the contents are a <details> open in the server HTML, summary "On this page", without "#"', async () => {
    const { doc } = await page('/guide/multi-sim');
    const details = doc.root.querySelector('nav.toc[aria-label="On this page"] > details');
    expect(details?.hasAttribute('open')).toBe(true);
    expect(details?.querySelector('summary')?.textContent).toBe('On this page');
    const items = details?.querySelectorAll('li a') ?? [];
    expect(items.length).toBeGreaterThan(1);
    for (const a of items) expect(a.textContent).not.toContain('#');
  });

  test('every body heading ends in a "#" link to itself', async () => {
    const { doc } = await page('/guide/multi-sim');
    const headings = doc.root.querySelectorAll('.prose :is(h2, h3, h4, h5, h6)');
    expect(headings.length).toBeGreaterThan(1);
    for (const heading of headings) {
      const anchor = heading.querySelector('a.heading-anchor');
      expect(anchor?.getAttribute('href')).toBe(`#${heading.id}`);
      expect(anchor?.textContent).toBe('#');
      expect(anchor?.getAttribute('aria-label')).toBe(`Link to this section: ${heading.textContent.replace(/#$/, '')}`);
    }
  });
});

describe('not found, with suggestions', () => {
  const suggestions = async (path: string) => {
    const { res, doc } = await page(path);
    expect(res.status).toBe(404);
    return doc.root.querySelectorAll('main .suggestions li a').map((a) => ({ href: a.getAttribute('href'), title: a.textContent }));
  };

  test('/guide/multisim offers Multi-Sim first', async () => {
    expect((await suggestions('/guide/multisim'))[0]).toEqual({ href: '/guide/multi-sim', title: 'Multi-Sim' });
  });

  test('/guide/dsx-guide offers the DSX guide first', async () => {
    expect((await suggestions('/guide/dsx-guide'))[0]).toEqual({ href: '/guide/DSX', title: 'Using DSX for Dualsense Active Triggers' });
  });

  test('/news/signpath offers the SignPath post', async () => {
    expect(await suggestions('/news/signpath')).toEqual([{ href: '/news/2023-04-29-signpath', title: 'Digitally Signed App' }]);
  });

  test('"Did you mean:" introduces at most three links; a far-off slug gets none', async () => {
    const { doc } = await page('/guide/multisim');
    expect(doc.root.querySelector('main h1')?.textContent).toBe('No Content Found');
    expect(doc.root.querySelector('.suggestions')?.textContent).toContain('Did you mean:');
    expect((await suggestions('/guide/hud')).length).toBeLessThanOrEqual(3);
    expect(await suggestions('/guide/no-such-guide')).toEqual([]);
    expect((await page('/guide/no-such-guide')).doc.root.querySelector('.suggestions')).toBeNull();
  });

  test('unknown routes suggest from their last path segment', async () => {
    expect((await suggestions('/guides/multi-sim'))[0]).toEqual({ href: '/guide/multi-sim', title: 'Multi-Sim' });
    expect((await suggestions('/nwes'))[0]).toEqual({ href: '/news', title: 'News' });
    expect(await suggestions('/no/such/page')).toEqual([]);
  });

  test('the page-data API carries the same suggestions', async () => {
    const res = await worker.fetch('/api/_analog/pages/guide/multisim');
    expect(res.status).toBe(404);
    const payload = (await res.json()) as PagePayload;
    expect(payload.data).toMatchObject({ kind: 'notFound', suggestions: [{ href: '/guide/multi-sim', title: 'Multi-Sim' }] });
  });
});

describe('heading levels', () => {
  test.each([
    '/',
    '/news',
    '/guide',
    '/news/race-element-2-released',
    '/guide/multi-sim',
    '/guide/features',
    '/setup',
    '/analytics',
    '/guide/multisim',
    '/nope',
  ])('%s has one h1 and never skips a level', async (path) => {
    const { doc } = await page(path);
    const levels = doc.root.querySelectorAll('h1, h2, h3, h4, h5, h6').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (const [i, level] of levels.entries())
      if (i > 0) expect(level, `${path}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });

  test('no article skips a level', async () => {
    for (const entry of manifest.entries) {
      const path = `/${entry.type === 'news' ? 'news' : 'guide'}/${entry.slug}`;
      const { doc } = await page(path);
      const levels = doc.root.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6)').map((h) => Number(h.tagName.slice(1)));
      for (const [i, level] of levels.entries())
        if (i > 0) expect(level, `${path}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    }
  });
});
